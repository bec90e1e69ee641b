import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEMO_RESTAURANT_SLUG } from '#app/modules/restaurant/demo.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'home.title', 'home.description');

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 md:py-24">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary-700 dark:text-primary-100">{t('app.tagline')}</p>
      <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance md:text-5xl">{t('home.heading')}</h1>
      <p className="mt-6 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t('home.lead')}</p>
      <div className="mt-10 flex flex-wrap gap-3">
        <Link to="/login?register=true" className="inline-flex min-h-12 items-center rounded-lg bg-primary-600 px-6 text-lg font-semibold text-white hover:bg-primary-700">
          {t('home.ctaPrimary')}
        </Link>
        <Link to={`/${DEMO_RESTAURANT_SLUG}`} reloadDocument className="inline-flex min-h-12 items-center rounded-lg border border-stone-300 bg-white px-6 text-lg font-semibold text-stone-900 hover:bg-stone-100 dark:border-stone-700 dark:bg-stone-900 dark:text-white">
          {t('home.ctaDemo')}
        </Link>
      </div>
    </section>
  );
}
