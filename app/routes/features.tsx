import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEMO_RESTAURANT_SLUG } from '#app/modules/restaurant/demo.ts';
import { FREE_PRODUCT_LIMIT, UPGRADE_PROMPT_THRESHOLD } from '#app/modules/subscription/subscription.ts';
import { FeatureCard, primaryButton, secondaryButton } from '#app/ui/marketing/marketing-ui.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/features';

/** Sent as HTML and CSS only (decision 0026): nothing on it needs React. */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'features.title', 'features.description');

const OWNERS = ['editor', 'images', 'languages', 'allergens', 'nutrition', 'additives', 'hours', 'qr', 'locations', 'limits', 'signIn', 'data'] as const;
const GUESTS = ['noApp', 'speed', 'offline', 'language', 'filter', 'comfort'] as const;

// i18n-keys: features.owners.*Title features.owners.*Text features.guests.*Title features.guests.*Text
/** /detalii: what the product does, for the owner who writes the menu and for the guest who reads it. */
export default function FeaturesPage() {
  const { t } = useTranslation();
  const limits = {
    products: t('marketing.products', { count: FREE_PRODUCT_LIMIT }),
    threshold: t('marketing.products', { count: UPGRADE_PROMPT_THRESHOLD }),
    thresholdDays: t('marketing.days', { count: UPGRADE_PROMPT_THRESHOLD }),
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
      <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance">{t('features.heading')}</h1>
      <p className="mt-4 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t('features.lead')}</p>

      <section aria-labelledby="features-owners" className="mt-12">
        <h2 id="features-owners" className="text-2xl font-bold tracking-tight text-primary-700 dark:text-primary-100">
          {t('features.ownersHeading')}
        </h2>
        <ul className="mt-6 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {OWNERS.map((key) => (
            <FeatureCard key={key} title={t(`features.owners.${key}Title`)}>
              {t(`features.owners.${key}Text`, limits)}
            </FeatureCard>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-guests" className="mt-14">
        <h2 id="features-guests" className="text-2xl font-bold tracking-tight text-primary-700 dark:text-primary-100">
          {t('features.guestsHeading')}
        </h2>
        <ul className="mt-6 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {GUESTS.map((key) => (
            <FeatureCard key={key} title={t(`features.guests.${key}Title`)}>
              {t(`features.guests.${key}Text`)}
            </FeatureCard>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-final" className="mt-14 rounded-[10px] border border-stone-200 bg-white p-6 md:p-10 dark:border-stone-800 dark:bg-stone-900">
        <h2 id="features-final" className="text-2xl font-bold tracking-tight">
          {t('features.final.heading')}
        </h2>
        <p className="mt-2 text-lg text-stone-700 dark:text-stone-300">{t('features.final.text')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={`/${DEMO_RESTAURANT_SLUG}`} reloadDocument className={primaryButton}>
            {t('home.ctaDemo')}
          </Link>
          <Link to="/pricing" viewTransition className={secondaryButton}>
            {t('marketing.seePricing')}
          </Link>
        </div>
      </section>
    </div>
  );
}
