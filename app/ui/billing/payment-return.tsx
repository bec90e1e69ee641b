import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRevalidator } from 'react-router';
import type { PaymentReturn, PaymentReturnState } from '#app/modules/billing/payment-return.ts';
import { primaryButton, secondaryButton } from '#app/ui/marketing/marketing-ui.tsx';

export type PaymentReturnView = PaymentReturn;

/** states that change by themselves: the page asks again every few seconds */
const PENDING = new Set<PaymentReturnState>(['waiting', 'unavailable']);
export const PAYMENT_RETURN_POLL_MS = 2000;

const MESSAGE: Record<PaymentReturnState, string> = {
  'not-configured': 'billing.returnNotConfigured',
  'sign-in': 'billing.returnSignIn',
  unknown: 'billing.returnUnknown',
  foreign: 'billing.returnForeign',
  unpaid: 'billing.returnUnpaid',
  waiting: 'billing.returnWaiting',
  active: 'billing.returnActive',
  inactive: 'billing.returnInactive',
  unavailable: 'billing.returnUnavailable',
};

const TONE: Record<'good' | 'wait' | 'bad', string> = {
  good: 'border-olive-600 bg-olive-50 text-olive-950 dark:bg-olive-950 dark:text-olive-50',
  wait: 'border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
  bad: 'border-primary-600 bg-primary-50 text-primary-950 dark:bg-primary-950 dark:text-primary-50',
};

/**
 * The payment-success state of docs/product-spec.md section 2: raised on the landing page by `?success=true&session_id=…`,
 * it follows the real status read on the server (never the redirect itself). While the webhook has not
 * synced yet it re-reads itself every two seconds; without JavaScript a "check again" link does the same.
 */
export function PaymentReturnBanner({ view }: { view: PaymentReturnView }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const location = useLocation();
  const pending = PENDING.has(view.state);
  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => void revalidator.revalidate(), PAYMENT_RETURN_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [pending, revalidator, view]);
  const tone = view.state === 'active' ? 'good' : pending ? 'wait' : 'bad';
  const subscriptionPath = view.restaurant ? `/restaurant/${encodeURIComponent(view.restaurant.slug)}/settings/subscription` : null;
  return (
    <section aria-labelledby="payment-return-title" className="mx-auto max-w-6xl px-4 pt-6">
      <div className={`rounded-[10px] border-2 p-5 ${TONE[tone]}`} data-testid="payment-return" data-state={view.state}>
        <h2 id="payment-return-title" className="text-xl font-bold">
          {t('billing.returnTitle')}
        </h2>
        <p role="status" aria-live="polite" className="mt-2 text-lg">
          {pending ? <span aria-hidden="true" className="mr-2 inline-block size-3 animate-pulse rounded-full bg-current align-middle" /> : null}
          {t(MESSAGE[view.state], { name: view.restaurant?.name ?? '' })}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          {view.state === 'active' && view.restaurant ? (
            <Link to={`/${encodeURIComponent(view.restaurant.slug)}/admin`} className={primaryButton}>
              {t('billing.returnOpenEditor')}
            </Link>
          ) : null}
          {subscriptionPath ? (
            <Link to={subscriptionPath} className={view.state === 'active' ? secondaryButton : primaryButton}>
              {t('billing.returnOpenSubscription')}
            </Link>
          ) : null}
          {pending ? (
            <Link to={`${location.pathname}${location.search}`} reloadDocument className={secondaryButton}>
              {t('billing.returnCheckAgain')}
            </Link>
          ) : null}
          {view.state === 'sign-in' ? (
            <Link to="/login" className={primaryButton}>
              {t('billing.returnSignInAction')}
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}
