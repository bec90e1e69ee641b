import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPrice } from '#app/i18n/localized.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { getBilling } from '#app/modules/billing/stripe-client.server.ts';
import { getPlatformPricing } from '#app/modules/platform/platform-settings.server.ts';
import { FREE_PRODUCT_LIMIT, TRIAL_DAYS, UPGRADE_PROMPT_THRESHOLD } from '#app/modules/subscription/subscription.ts';
import { CheckIcon, primaryButton, secondaryButton } from '#app/ui/marketing/marketing-ui.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/pricing';

/** Sent as HTML and CSS only (decision 0026): nothing on it needs React. */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pricing.title', 'pricing.description', (t) => ({ days: t('marketing.days', { count: TRIAL_DAYS }) }));

/**
 * The plans with the PRO prices (the back office's app config, else PRO_PRICE_*, PRICE_CURRENCY), formatted on
 * the server in the visitor's language so the hydrated page shows the very same characters.
 */
export const loader = publicRoute(({ request }: Route.LoaderArgs) => {
  const locale = getRequestLocale(request);
  const { monthlyMinor, yearlyMinor, currency } = getPlatformPricing();
  const saving = monthlyMinor * 12 - yearlyMinor;
  return {
    free: formatPrice(0, currency, locale),
    monthly: formatPrice(monthlyMinor, currency, locale),
    yearly: formatPrice(yearlyMinor, currency, locale),
    saving: saving > 0 ? formatPrice(saving, currency, locale) : null,
    // the FAQ says what this installation can do: card payments only where Stripe is configured
    cardPayments: getBilling() !== null,
  };
});

function PlanPoint({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <CheckIcon />
      <span>{children}</span>
    </li>
  );
}

// i18n-keys: pricing.faq.*Q pricing.faq.*A pricingNoCard.*Q pricingNoCard.*A
const FAQ = ['afterTrial', 'restaurants', 'cancel', 'card', 'admin', 'limit'] as const;

export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const { free, monthly, yearly, saving, cardPayments } = loaderData;
  /** the FAQ's answers where card payment is not configured: PRO comes from the team, for a year */
  const faqKey = (key: (typeof FAQ)[number], part: 'Q' | 'A') =>
    !cardPayments && (key === 'card' || (key === 'cancel' && part === 'A')) ? `pricingNoCard.${key}${part}` : `pricing.faq.${key}${part}`;
  const { t } = useTranslation();
  const days = t('marketing.days', { count: TRIAL_DAYS });
  const products = t('marketing.products', { count: FREE_PRODUCT_LIMIT });
  const threshold = t('marketing.products', { count: UPGRADE_PROMPT_THRESHOLD });
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 md:py-16">
      <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance">{t('pricing.heading')}</h1>
      <p className="mt-4 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t('pricing.lead', { days })}</p>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="plan-free" className="flex flex-col rounded-[10px] border border-stone-200 bg-white p-6 md:p-8 dark:border-stone-800 dark:bg-stone-900">
          <h2 id="plan-free" className="text-2xl font-bold">
            {t('pricing.free.name')}
          </h2>
          <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
            <span className="text-4xl font-bold whitespace-nowrap tabular-nums">{free}</span>
            <span className="text-stone-700 dark:text-stone-300">{t('pricing.free.period', { days })}</span>
          </p>
          <ul className="mt-6 flex-1 space-y-3">
            <PlanPoint>{t('pricing.free.products', { products })}</PlanPoint>
            <PlanPoint>{t('pricing.free.everything')}</PlanPoint>
            <PlanPoint>{t('pricing.free.noCard')}</PlanPoint>
            <PlanPoint>{t('pricing.free.after', { days })}</PlanPoint>
          </ul>
          <Link to="/login?register=true" className={`mt-8 ${secondaryButton}`}>
            {t('pricing.free.cta')}
          </Link>
        </section>

        <section
          aria-labelledby="plan-pro"
          className="flex flex-col rounded-[10px] border-2 border-primary-600 bg-white p-6 shadow-lg shadow-primary-700/10 md:p-8 dark:bg-stone-900"
        >
          <h2 id="plan-pro" className="text-2xl font-bold">
            {t('pricing.pro.name')}
          </h2>
          <p className="mt-4 flex flex-wrap items-baseline gap-x-2" data-testid="pro-monthly">
            <span className="text-4xl font-bold whitespace-nowrap tabular-nums">{monthly}</span>
            <span className="text-stone-700 dark:text-stone-300">{t('pricing.pro.perMonth')}</span>
          </p>
          <p className="mt-1 text-stone-700 dark:text-stone-300" data-testid="pro-yearly">
            {t('pricing.pro.perYear', { price: yearly })}
          </p>
          {saving ? <p className="font-semibold text-olive-700 dark:text-stone-100">{t('pricing.pro.saving', { amount: saving })}</p> : null}
          <ul className="mt-6 flex-1 space-y-3">
            <PlanPoint>{t('pricing.pro.unlimited')}</PlanPoint>
            <PlanPoint>{t('pricing.pro.online')}</PlanPoint>
            <PlanPoint>{cardPayments ? t('pricing.pro.card') : t('pricingNoCard.point')}</PlanPoint>
            <PlanPoint>{t('pricing.pro.everything')}</PlanPoint>
          </ul>
          <Link to="/login?register=true" className={`mt-8 ${primaryButton}`}>
            {t('pricing.pro.cta')}
          </Link>
        </section>
      </div>

      <section aria-labelledby="pricing-faq" className="mt-16">
        <h2 id="pricing-faq" className="text-3xl font-bold tracking-tight">
          {t('pricing.faq.heading')}
        </h2>
        <div className="mt-6 divide-y divide-stone-200 border-y border-stone-200 dark:divide-stone-800 dark:border-stone-800">
          {FAQ.map((key) => (
            <div key={key} className="py-6">
              <h3 className="text-lg font-semibold">{t(faqKey(key, 'Q'))}</h3>
              <p className="mt-2 max-w-3xl text-stone-700 dark:text-stone-300">{t(faqKey(key, 'A'), { products, threshold, days })}</p>
            </div>
          ))}
        </div>
        <p className="mt-8">
          <Link to="/contact" viewTransition className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline underline-offset-4 dark:text-primary-100">
            {t('pricing.faq.contact')}
          </Link>
        </p>
      </section>
    </div>
  );
}
