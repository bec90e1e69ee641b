import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { PlanStatus } from '#app/modules/subscription/plan-status.ts';
import { subscriptionPath } from './editor-paths.ts';
import { IconSprite } from './icons.tsx';
import { UpgradePrompt } from './upgrade-prompt.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

const tab = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 font-medium ${
    isActive ? 'border-primary-600 text-primary-800 dark:text-primary-100' : 'border-transparent text-stone-700 hover:text-stone-950 dark:text-stone-300 dark:hover:text-white'
  }`;

/**
 * The restaurant admin's frame: the name, the "view menu" link, the sections as tabs and the
 * upgrade prompt (docs/product-spec.md section 4) and, until the owner confirms their address, the banner asking
 * them to, around whichever section is open.
 */
export function AdminFrame({
  restaurant,
  subscription,
  owner,
  children,
}: {
  restaurant: { name: string; slug: string };
  subscription: PlanStatus;
  /** whose admin this is: an unconfirmed address gets the banner that asks to confirm it */
  owner: { email: string; emailVerified: boolean };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const base = `/${restaurant.slug}/admin`;
  const { pathname } = useLocation();
  const onSubscriptionPage = pathname === subscriptionPath(restaurant.slug);
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 pt-6">
      <IconSprite />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{restaurant.name}</h1>
        <a href={`/${restaurant.slug}`} target="_blank" rel="noopener" className="inline-flex min-h-11 items-center rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700">
          {t('account.viewMenu')}
          <span className="sr-only"> {t('editor.opensInNewTab')}</span>
        </a>
      </div>
      {/* every tab in sight on a phone too: the row wraps instead of scrolling sideways, which hid
          "Abonament" and "Contul tău" with no hint (issue 17, friction 8) */}
      <nav aria-label={t('editor.sections')} className="mt-4 flex flex-wrap border-b border-stone-200 dark:border-stone-800">
        {/* product pages belong to the menu tab */}
        <NavLink to={base} end className={() => tab({ isActive: pathname === base || pathname.startsWith(`${base}/products`) })}>{t('editor.tabMenu')}</NavLink>
        <NavLink to={`${base}/settings`} className={tab}>{t('editor.tabSettings')}</NavLink>
        <NavLink to={`${base}/qr`} className={tab}>{t('editor.tabQr')}</NavLink>
        <NavLink to={`${base}/import`} className={tab}>{t('import.tab')}</NavLink>
        <NavLink to={`${base}/insights`} className={tab}>{t('insights.tab')}</NavLink>
        <NavLink to={`${base}/tables`} className={tab}>{t('tables.tab')}</NavLink>
        <NavLink to={subscriptionPath(restaurant.slug)} className={tab}>{t('admin.subscriptionTitle')}</NavLink>
        <NavLink to={`${base}/account`} className={tab}>{t('account.title')}</NavLink>
      </nav>
      <VerifyEmailBanner email={owner.email} verified={owner.emailVerified} accountPath={`${base}/account`} />
      {/* the subscription page says it all itself */}
      {subscription.showUpgradePrompt && !onSubscriptionPage ? <UpgradePrompt slug={restaurant.slug} subscription={subscription} /> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}
