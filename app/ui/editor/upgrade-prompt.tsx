import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlanStatus } from '#app/modules/subscription/plan-status.ts';
import { subscriptionPath } from './editor-paths.ts';

/** docs/product-spec.md section 4: shown when not PRO and 5 days or 5 products or fewer remain. */
export function UpgradePrompt({ slug, subscription }: { slug: string; subscription: PlanStatus }) {
  const { t } = useTranslation();
  return (
    <aside
      aria-labelledby="upgrade-title"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-[10px] border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <div>
        <h2 id="upgrade-title" className="font-semibold">
          {t('editor.upgradeTitle')}
        </h2>
        <p className="mt-1">
          {t('editor.upgradeDays', { count: subscription.remainingDays })}{' '}
          {t('editor.upgradeProducts', { count: subscription.remainingProducts, limit: subscription.productLimit })}
        </p>
      </div>
      <Link to={subscriptionPath(slug)} className="inline-flex min-h-11 items-center rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700">
        {t('editor.upgradeAction')}
      </Link>
    </aside>
  );
}
