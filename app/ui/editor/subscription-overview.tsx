import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { PlanStatus } from '#app/modules/subscription/plan-status.ts';
import { primaryButton, secondaryButton } from './fields.tsx';

export interface SubscriptionOverviewProps {
  subscription: PlanStatus;
  /** dates and prices already written in the owner's language, on the server */
  formatted: { trialEndsAt: string | null; expirationDate: string | null; monthly: string; yearly: string };
  /** card payments: whether this installation has them, and the restaurant's card subscription */
  billing: {
    configured: boolean;
    hasCustomer: boolean;
    /** currentPeriodEnd already written in the owner's language */
    card: { providerStatus: string; plan: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean } | null;
  };
  /** an error code of the last action (translated under appErrors, or billing-not-configured) */
  error: string | null;
}

/** The card subscription's state in one sentence: renews, cancels, past due or ended. */
function cardStatusKey(card: NonNullable<SubscriptionOverviewProps['billing']['card']>): string {
  const dated = card.currentPeriodEnd !== null;
  if (card.providerStatus === 'past_due') return 'subscription.cardPastDue';
  if (card.providerStatus === 'active' || card.providerStatus === 'trialing') {
    if (card.cancelAtPeriodEnd) return dated ? 'subscription.cardCancelsOn' : 'subscription.cardCancels';
    return dated ? 'subscription.cardRenewsOn' : 'subscription.cardActive';
  }
  return card.providerStatus === 'incomplete' ? 'subscription.cardIncomplete' : 'subscription.cardEnded';
}

const phaseBadge = {
  trial: 'bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50',
  pro: 'bg-olive-100 text-olive-900 dark:bg-olive-900 dark:text-olive-100',
  'trial-ended': 'bg-primary-100 text-primary-900 dark:bg-primary-900 dark:text-primary-50',
} as const;

/** Where the restaurant stands (trial, PRO, trial over), what it may still add, and how to move to PRO. */
export function SubscriptionOverview({ subscription, formatted, billing, error }: SubscriptionOverviewProps) {
  const { t } = useTranslation();
  const { phase } = subscription;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="plan-title" className="rounded-[10px] border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900">
        <h2 id="plan-title" className="text-xl font-semibold">{t('subscription.planTitle')}</h2>
        <p className={`mt-3 inline-flex rounded-full px-3 py-1 font-semibold ${phaseBadge[phase]}`}>{t(`subscription.phase-${phase}`)}</p>
        <div className="mt-4 space-y-2 text-stone-800 dark:text-stone-200">
          {phase === 'trial' ? (
            <>
              <p>{t('editor.upgradeDays', { count: subscription.remainingDays })}</p>
              {formatted.trialEndsAt ? <p>{t('subscription.trialUntil', { date: formatted.trialEndsAt })}</p> : null}
            </>
          ) : null}
          {phase === 'trial-ended' ? <p>{t('subscription.trialEnded')}</p> : null}
          {phase === 'pro' ? <p>{formatted.expirationDate ? t('subscription.manualProUntil', { date: formatted.expirationDate }) : t('subscription.proActive')}</p> : null}
          {billing.card ? <p data-testid="card-status">{t(cardStatusKey(billing.card), { date: billing.card.currentPeriodEnd ?? '' })}</p> : null}
          <p>
            {phase === 'pro'
              ? t('subscription.productsUnlimited', { count: subscription.productsCount })
              : t('subscription.productsUsed', { count: subscription.productsCount, limit: subscription.productLimit })}
          </p>
        </div>
        {billing.configured && billing.hasCustomer ? (
          <Form method="post" className="mt-4">
            <button type="submit" name="intent" value="portal" className={secondaryButton}>{t('subscription.manageBilling')}</button>
          </Form>
        ) : null}
        {error ? <p role="alert" className="mt-3 font-semibold text-primary-800 dark:text-primary-200">{error === 'billing-not-configured' ? t('subscription.cardNotConfigured') : t(`appErrors.${error}`)}</p> : null}
      </section>
      {phase === 'pro' ? null : (
        <section aria-labelledby="upgrade-to-pro" className="rounded-[10px] border border-primary-600 bg-white p-5 dark:bg-stone-900">
          <h2 id="upgrade-to-pro" className="text-xl font-semibold">{t('subscription.upgradeTitle')}</h2>
          <p className="mt-3 font-semibold">{t('subscription.prices', { monthly: formatted.monthly, yearly: formatted.yearly })}</p>
          <p className="mt-2 text-stone-800 dark:text-stone-200">{t('subscription.benefits')}</p>
          {billing.configured ? (
            <Form method="post" className="mt-4 flex flex-wrap gap-3">
              <button type="submit" name="intent" value="checkout-monthly" className={primaryButton}>{t('subscription.payMonthly', { amount: formatted.monthly })}</button>
              <button type="submit" name="intent" value="checkout-yearly" className={secondaryButton}>{t('subscription.payYearly', { amount: formatted.yearly })}</button>
            </Form>
          ) : (
            <>
              <p className="mt-2 text-stone-700 dark:text-stone-300">{t('subscription.howTo')}</p>
              <div className="mt-4 flex flex-wrap gap-3">
                <Link to="/contact" className={primaryButton}>{t('subscription.contactUs')}</Link>
                <Link to="/pricing" className={secondaryButton}>{t('marketing.seePricing')}</Link>
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}
