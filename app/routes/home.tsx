import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getDb } from '#app/db/db.server.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { logger } from '#app/logger.server.ts';
import { getSessionUser, requireUserScope } from '#app/modules/access/access.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { readPaymentReturn } from '#app/modules/billing/payment-return.server.ts';
import { getBilling } from '#app/modules/billing/stripe-client.server.ts';
import { getPublicMenu } from '#app/modules/guest-menu/menu.service.server.ts';
import { DEMO_RESTAURANT_SLUG } from '#app/modules/restaurant/demo.ts';
import { FREE_PRODUCT_LIMIT, TRIAL_DAYS } from '#app/modules/subscription/subscription.ts';
import { buildMenuPreview } from '#app/ui/marketing/menu-preview.ts';
import { CheckIcon, FeatureCard, primaryButton, secondaryButton } from '#app/ui/marketing/marketing-ui.tsx';
import { PhonePreview } from '#app/ui/marketing/phone-preview.tsx';
import { PaymentReturnBanner } from '#app/ui/billing/payment-return.tsx';
import type { HydrateHandle } from '#app/ui/hydration.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/home';

/**
 * Sent as HTML and CSS only (decision 0026), except for a payment return (`?success=true&session_id=…`):
 * that state refreshes itself while it waits for the webhook, so that page is hydrated.
 */
export const handle: HydrateHandle = { hydrate: (data) => (data as { payment?: unknown } | undefined)?.payment != null };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'home.title', 'home.description');

/**
 * The live preview: a few dishes of the demo restaurant, read through the guest menu's own
 * service. No demo (the operator turned seeding off), an unpublished demo or a failed read only
 * leave the preview out; the home page itself never fails because of it.
 */
export const loader = publicRoute(async ({ request }: Route.LoaderArgs) => {
  const locale = getRequestLocale(request);
  const preview = await getPublicMenu(getDb(), DEMO_RESTAURANT_SLUG).then(
    (menu) => buildMenuPreview(menu, locale),
    (error: unknown) => {
      logger.warn({ err: error }, 'home page: the demo menu preview could not be read');
      return null;
    },
  );
  return { preview, payment: await paymentReturnOf(request) };
});

/**
 * docs/product-spec.md section 2: `?success=true&session_id=…` raises the payment-success state with the session id.
 * It only reads (Stripe's session, our rows): PRO comes from the webhook's sync, never from here.
 */
async function paymentReturnOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const sessionId = params.get('session_id');
  if (params.get('success') !== 'true' || !sessionId) return null;
  const db = getDb();
  const scope = (await getSessionUser(request)) ? await requireUserScope(db, request) : null;
  return readPaymentReturn(scope, getBilling(), sessionId);
}

const WHY = ['html', 'light', 'offline', 'languages', 'rules', 'qr'] as const;
const HIGHLIGHTS = ['languages', 'rules', 'offline', 'qr'] as const;

// i18n-keys: home.why.*Title home.why.*Text
export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { preview, payment } = loaderData;
  const { t } = useTranslation();
  const days = t('marketing.days', { count: TRIAL_DAYS });
  const products = t('marketing.products', { count: FREE_PRODUCT_LIMIT });
  return (
    <>
      {payment ? <PaymentReturnBanner view={payment} /> : null}
      <section aria-labelledby="home-heading" className="bg-linear-to-b from-primary-50 to-stone-50 dark:from-stone-900 dark:to-stone-950">
        <div className={`mx-auto grid max-w-6xl items-start gap-12 px-4 py-12 md:py-20 ${preview ? 'lg:grid-cols-[1fr_22.5rem] lg:gap-16' : ''}`}>
          <div className="lg:pt-12">
            <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-100">{t('app.tagline')}</p>
            <h1 id="home-heading" className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance md:text-5xl">
              {t('home.heading')}
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t('home.lead')}</p>
            <div className="mt-10 flex flex-wrap gap-3">
              <Link to="/login?register=true" className={primaryButton}>
                {t('home.ctaPrimary')}
              </Link>
              <Link to={`/${DEMO_RESTAURANT_SLUG}`} reloadDocument className={secondaryButton}>
                {t('home.ctaDemo')}
              </Link>
            </div>
            <p className="mt-4 text-stone-700 dark:text-stone-300">{t('home.ctaNote', { days })}</p>
            {/* beside the tall preview on wide screens, the reasons in brief; below it they come in full */}
            <ul className="mt-12 hidden space-y-3 text-lg lg:block">
              {HIGHLIGHTS.map((key) => (
                <li key={key} className="flex gap-3">
                  <CheckIcon />
                  <span>{t(`home.why.${key}Title`)}</span>
                </li>
              ))}
            </ul>
          </div>
          {preview ? <PhonePreview preview={preview} headingId="home-preview-heading" /> : null}
        </div>
      </section>

      <section aria-labelledby="home-audience" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="home-audience" className="text-3xl font-bold tracking-tight">
          {t('home.audience.heading')}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          <FeatureCard title={t('home.audience.ownersTitle')}>{t('home.audience.ownersText')}</FeatureCard>
          <FeatureCard title={t('home.audience.guestsTitle')}>{t('home.audience.guestsText')}</FeatureCard>
        </ul>
      </section>

      <section aria-labelledby="home-why" className="border-y border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900/40">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="home-why" className="text-3xl font-bold tracking-tight">
            {t('home.why.heading')}
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t('home.why.lead')}</p>
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {WHY.map((key) => (
              <FeatureCard key={key} title={t(`home.why.${key}Title`)}>
                {t(`home.why.${key}Text`)}
              </FeatureCard>
            ))}
          </ul>
          <p className="mt-8">
            <Link to="/detalii" viewTransition className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline underline-offset-4 dark:text-primary-100">
              {t('marketing.seeFeatures')}
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="home-final" className="mx-auto max-w-6xl px-4 pt-16">
        <div className="rounded-[10px] bg-primary-700 px-6 py-10 text-white md:px-10">
          <h2 id="home-final" className="text-3xl font-bold tracking-tight text-balance">
            {t('home.final.heading', { days })}
          </h2>
          <p className="mt-4 max-w-2xl text-lg">{t('home.final.text', { products })}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/login?register=true"
              className="inline-flex min-h-12 items-center justify-center rounded-lg bg-white px-6 text-lg font-semibold text-primary-800 hover:bg-primary-50"
            >
              {t('home.ctaPrimary')}
            </Link>
            <Link
              to="/pricing"
              viewTransition
              className="inline-flex min-h-12 items-center justify-center rounded-lg border border-white/70 px-6 text-lg font-semibold text-white hover:bg-primary-800"
            >
              {t('marketing.seePricing')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
