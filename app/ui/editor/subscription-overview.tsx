import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { PlanStatus } from '#app/modules/subscription/plan-status.ts';
import { primaryButton, secondaryButton } from './fields.tsx';

export interface SubscriptionOverviewProps {
  /** `trialBeforeIt`: the restaurant was added after its owner's trial had ended, so it never had one (decision 0029) */
  subscription: PlanStatus & { trialBeforeIt?: boolean };
  /** dates and prices already written in the owner's language, on the server */
  formatted: { trialEndsAt: string | null; expirationDate: string | null; monthly: string; yearly: string };
  /** card payments: whether this installation has them, and the restaurant's card subscription */
  billing: {
    configured: boolean;
    hasCustomer: boolean;
    /** currentPeriodEnd already written in the owner's language */
    card: { providerStatus: string; plan: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean } | null;
    /** false when Stripe could not be asked for the invoices just now */
    detailsAvailable: boolean;
    /** the next charge Stripe has planned, already formatted */
    nextCharge: { amount: string; date: string | null } | null;
    /** the last invoices, newest first, already formatted; links are Stripe's hosted pages */
    invoices: { id: string; date: string; amount: string; status: string | null; url: string | null; pdf: string | null }[];
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

// i18n-keys: billing.invoiceStatus.*
/** The last invoices with links to Stripe's hosted pages (view, pay, download). */
function InvoiceList({ billing }: { billing: SubscriptionOverviewProps['billing'] }) {
  const { t } = useTranslation();
  return (
    <div className="mt-5">
      <h3 className="font-semibold">{t('billing.invoicesTitle')}</h3>
      {!billing.detailsAvailable ? (
        <p className="mt-1 text-stone-700 dark:text-stone-300">{t('billing.invoicesUnavailable')}</p>
      ) : billing.invoices.length === 0 ? (
        <p className="mt-1 text-stone-700 dark:text-stone-300">{t('billing.invoicesNone')}</p>
      ) : (
        <ul className="mt-1 space-y-1" data-testid="invoices">
          {billing.invoices.map((invoice) => {
            const label = t('billing.invoiceOpen', { date: invoice.date, amount: invoice.amount });
            const status = invoice.status && invoice.status in STATUS ? t(`billing.invoiceStatus.${invoice.status as keyof typeof STATUS}`) : null;
            return (
              <li key={invoice.id}>
                {invoice.url ? (
                  <a
                    href={invoice.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline underline-offset-4 dark:text-primary-100"
                  >
                    {label}
                  </a>
                ) : (
                  <span>{label}</span>
                )}
                {status ? <span className="ml-2 text-stone-700 dark:text-stone-300">({status})</span> : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

const STATUS = { paid: true, open: true, void: true, uncollectible: true, draft: true } as const;

const phaseBadge = {
  trial: 'bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50',
  pro: 'bg-olive-100 text-olive-900 dark:bg-olive-900 dark:text-olive-100',
  'trial-ended': 'bg-primary-100 text-primary-900 dark:bg-primary-900 dark:text-primary-50',
} as const;

// i18n-keys: subscription.phase-* billing.monthly billing.yearly
/** Where the restaurant stands (trial, PRO, trial over), what it may still add, and how to move to PRO. */
export function SubscriptionOverview({ subscription, formatted, billing, error }: SubscriptionOverviewProps) {
  const { t } = useTranslation();
  const { phase } = subscription;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="plan-title" className="rounded-[10px] border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900">
        <h2 id="plan-title" className="text-xl font-semibold">
          {t('subscription.planTitle')}
        </h2>
        <p className={`mt-3 inline-flex rounded-full px-3 py-1 font-semibold ${phaseBadge[phase]}`}>{t(`subscription.phase-${phase}`)}</p>
        <div className="mt-4 space-y-2 text-stone-800 dark:text-stone-200">
          {phase === 'trial' ? (
            <>
              <p>{t('editor.upgradeDays', { count: subscription.remainingDays })}</p>
              {formatted.trialEndsAt ? <p>{t('subscription.trialUntil', { date: formatted.trialEndsAt })}</p> : null}
            </>
          ) : null}
          {phase === 'trial-ended' ? <p>{subscription.trialBeforeIt ? t('subscription.noOwnTrial') : t('subscription.trialEnded')}</p> : null}
          {phase === 'pro' ? <p>{formatted.expirationDate ? t('subscription.manualProUntil', { date: formatted.expirationDate }) : t('subscription.proActive')}</p> : null}
          {billing.card ? <p data-testid="card-status">{t(cardStatusKey(billing.card), { date: billing.card.currentPeriodEnd ?? '' })}</p> : null}
          {billing.nextCharge?.date ? <p data-testid="next-charge">{t('billing.nextCharge', { amount: billing.nextCharge.amount, date: billing.nextCharge.date })}</p> : null}
          <p>
            {phase === 'pro'
              ? t('subscription.productsUnlimited', { count: subscription.productsCount })
              : t('subscription.productsUsed', { count: subscription.productsCount, limit: subscription.productLimit })}
          </p>
        </div>
        {billing.configured && billing.hasCustomer ? (
          <Form method="post" className="mt-4">
            <button type="submit" name="intent" value="portal" className={secondaryButton}>
              {t('subscription.manageBilling')}
            </button>
          </Form>
        ) : null}
        {billing.configured && billing.hasCustomer ? <InvoiceList billing={billing} /> : null}
        {error ? (
          <p role="alert" className="mt-3 font-semibold text-primary-800 dark:text-primary-200">
            {error === 'billing-not-configured' ? t('subscription.cardNotConfigured') : t(`appErrors.${error}`)}
          </p>
        ) : null}
      </section>
      {phase === 'pro' ? null : (
        <section aria-labelledby="upgrade-to-pro" className="rounded-[10px] border border-primary-600 bg-white p-5 dark:bg-stone-900">
          <h2 id="upgrade-to-pro" className="text-xl font-semibold">
            {t('subscription.upgradeTitle')}
          </h2>
          <p className="mt-3 font-semibold">{t('subscription.prices', { monthly: formatted.monthly, yearly: formatted.yearly })}</p>
          <p className="mt-2 text-stone-800 dark:text-stone-200">{t('subscription.benefits')}</p>
          {billing.configured ? (
            <Form method="post" className="mt-4">
              <fieldset>
                <legend className="font-semibold">{t('billing.intervalLegend')}</legend>
                <div className="mt-2 grid gap-2">
                  {(['monthly', 'yearly'] as const).map((interval) => (
                    <label
                      key={interval}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-300 px-3 has-checked:border-primary-600 has-checked:bg-primary-50 dark:border-stone-700 dark:has-checked:bg-primary-950"
                    >
                      <input type="radio" name="interval" value={interval} defaultChecked={interval === 'monthly'} className="size-5 accent-primary-700" />
                      <span>{t(`billing.${interval}`, { amount: formatted[interval] })}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <button type="submit" name="intent" value="checkout" className={`${primaryButton} mt-4`}>
                {t('billing.payAction')}
              </button>
              <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">{t('billing.cardSecure')}</p>
            </Form>
          ) : (
            <>
              <p className="mt-2 text-stone-700 dark:text-stone-300">{t('subscription.howTo')}</p>
              <div className="mt-4 flex flex-wrap gap-3">
                <Link to="/contact" className={primaryButton}>
                  {t('subscription.contactUs')}
                </Link>
                <Link to="/pricing" className={secondaryButton}>
                  {t('marketing.seePricing')}
                </Link>
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}
