import type { Locale } from '#app/i18n/i18n.ts';
import { formatDate } from '#app/i18n/localized.ts';
import { logger } from '#app/logger.server.ts';
import { rolesWith } from '#app/modules/access/policy.ts';
import { assertSystem, type SystemScope } from '#app/modules/access/scope.server.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { billingNoticeMail, type BillingNoticeKind } from '#app/modules/mail/billing-emails.ts';
import { listSubscriptions } from '#app/modules/subscription/subscription.repo.server.ts';
import { FREE_PRODUCT_LIMIT, isPro, isProviderPro, remainingTrialDays, TRIAL_DAYS, UPGRADE_PROMPT_THRESHOLD, WELCOME_DELAY_MS } from '#app/modules/subscription/subscription.ts';
import type { Subscription } from '#app/db/schema.ts';
import { findNoticeCandidates, findNoticeRecipients, insertBillingNotice } from './billing.repo.server.ts';

/**
 * The grace period of a failed card payment (decision 0014): Stripe retries the payment for about
 * this many days (its Smart Retries, set to two weeks in the dashboard, see the README) and the
 * subscription stays `past_due` meanwhile, which keeps PRO and the menu online.
 */
export const PAYMENT_GRACE_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;
/** how far back the sweep still sends a notice it missed (the worker was down, a deploy) */
const CATCH_UP_DAYS = 7;

interface PlannedNotice {
  key: string;
  kind: BillingNoticeKind;
  date?: string | null;
  days?: number;
}

/** Which notices a restaurant's rows call for now; each has a key that names what it is about, so it is sent once. */
export function noticesFor(restaurantId: string, rows: readonly Subscription[], now: Date): PlannedNotice[] {
  const notices: PlannedNotice[] = [];
  const since = now.getTime() - CATCH_UP_DAYS * DAY_MS;
  const trials = rows.filter((row) => row.kind === 'trial');
  const trial = [...trials].sort((a, b) => b.startsAt.localeCompare(a.startsAt))[0];
  const started = trial ? Date.parse(trial.startsAt) : Number.NaN;
  // not before WELCOME_DELAY: the address-confirmation e-mail arrives alone first
  if (started >= since && started <= now.getTime() - WELCOME_DELAY_MS) notices.push({ key: `welcome:${restaurantId}`, kind: 'welcome' });
  const pro = isPro(rows, now);
  if (trial && !pro && trial.status === 'active' && trial.endsAt) {
    const left = remainingTrialDays(rows, now);
    const ends = Date.parse(trial.endsAt);
    if (left > 0 && left <= UPGRADE_PROMPT_THRESHOLD) notices.push({ key: `trial-ending:${trial.id}`, kind: 'trialEnding', date: trial.endsAt, days: left });
    if (ends <= now.getTime() && ends >= since) notices.push({ key: `trial-ended:${trial.id}`, kind: 'trialEnded' });
  }
  for (const row of rows) {
    if (row.kind !== 'provider' || !row.providerSubscriptionId) continue;
    if (row.providerStatus === 'past_due') {
      notices.push({ key: `payment-failed:${row.providerSubscriptionId}:${row.currentPeriodEnd ?? ''}`, kind: 'paymentFailed', days: PAYMENT_GRACE_DAYS });
    }
    const otherPro = rows.some((other) => other !== row && isProviderPro(other) && !other.cancelAtPeriodEnd);
    if (otherPro) continue;
    if (row.status === 'active' && row.cancelAtPeriodEnd) {
      notices.push({ key: `cancelled:${row.providerSubscriptionId}`, kind: 'cancelled', date: row.currentPeriodEnd });
    } else if ((row.status === 'canceled' || row.status === 'unpaid' || row.status === 'ended') && Date.parse(row.updatedAt) >= since) {
      notices.push({ key: `cancelled:${row.providerSubscriptionId}`, kind: 'cancelled', date: null });
    }
  }
  return notices;
}

/**
 * The sweep of lifecycle and dunning e-mails (job `billing.notices`, hourly): welcome, trial ends in
 * 5 days, trial ended, payment failed, subscription cancelled. Each notice is recorded by its key in
 * `billingNotice` and its `mail.send` job enqueued in the same transaction, so running the sweep twice,
 * or on two processes at once, sends each one once. Returns how many were queued.
 */
export async function sendBillingNotices(scope: SystemScope, options: { publicUrl: string }, now: Date = new Date()): Promise<number> {
  assertSystem(scope);
  const ahead = new Date(now.getTime() + (UPGRADE_PROMPT_THRESHOLD + 1) * DAY_MS).toISOString();
  const since = new Date(now.getTime() - CATCH_UP_DAYS * DAY_MS).toISOString();
  const candidates = await findNoticeCandidates(scope.db, { recentSince: since, trialEndsFrom: since, trialEndsTo: ahead });
  let queued = 0;
  for (const restaurantId of candidates) {
    const owners = await findNoticeRecipients(scope.db, restaurantId, rolesWith('billing.manage'));
    const recipient = owners[0];
    if (!recipient) continue;
    const rows = await listSubscriptions(scope.db, restaurantId);
    const notices = noticesFor(restaurantId, rows, now);
    if (notices.length === 0) continue;
    const locale: Locale = recipient.ownerLocale === 'en' ? 'en' : 'ro';
    const subscriptionUrl = `${options.publicUrl}/restaurant/${encodeURIComponent(recipient.slug)}/settings/subscription`;
    for (const notice of notices) {
      const sent = await scope.db.transaction().execute(async (trx) => {
        if (!(await insertBillingNotice(trx, { key: notice.key, restaurantId, kind: notice.kind, sentAt: now.toISOString() }))) return false;
        // every owner hears of the plan (decision 0029), each in a job of their own
        for (const owner of owners) {
          const mail = billingNoticeMail({
            to: owner.email,
            locale,
            kind: notice.kind,
            restaurantName: recipient.name,
            subscriptionUrl,
            date: notice.date ? formatDate(notice.date, locale, recipient.timeZone) : null,
            days: notice.kind === 'welcome' ? TRIAL_DAYS : notice.days,
            products: FREE_PRODUCT_LIMIT,
          });
          await enqueueJob(trx, { type: 'mail.send', payload: { mail }, dedupeKey: `billing-notice:${notice.key}#${owner.userId}` });
        }
        return true;
      });
      if (sent) {
        queued++;
        logger.info({ restaurantId, notice: notice.key }, 'billing notice queued');
      }
    }
  }
  return queued;
}
