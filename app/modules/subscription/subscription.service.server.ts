import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { assertAdmin, authorize, withDb, type AdminScope, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { bumpMenuVersion } from '#app/modules/restaurant/restaurant.repo.server.ts';
import type { PlanStatus } from './plan-status.ts';
import { WELCOME_DELAY_MS } from './subscription.ts';
import { changedPlanDays, dayOf, planDaysKey, planDaysOf } from './plan-days.ts';
import { dropPlatformDays, dropPlatformDaysFrom, findFirstPlanDay, readStatsKey } from './plan-days.repo.server.ts';
import {
  displayedEnd,
  endedGrant,
  FREE_PRODUCT_LIMIT,
  isManualPro,
  isProviderPro,
  newManualGrant,
  newTrial,
  planPhase,
  planSummary,
  remainingProducts,
  remainingTrialDays,
  shouldShowUpgradePrompt,
  trialEndDate,
} from './subscription.ts';
import { findProductsCount, insertSubscription, listSubscriptions, lockRestaurantForPlanChange, updateSubscription, writePlanSummary } from './subscription.repo.server.ts';

/**
 * Recomputes the restaurant's plan summary from its subscription rows and writes it. Every change
 * to the rows calls this in the same transaction (docs/decisions/0012-subscriptions.md): it is the
 * only writer of publishedUntil, proUntil and planKind.
 */
export async function refreshPlanSummary(trx: Kysely<Database>, restaurantId: string, now: Date = new Date()) {
  const rows = await listSubscriptions(trx, restaurantId);
  const statsKey = planDaysKey(rows, now);
  await forgetChangedPlanDays(trx, restaurantId, statsKey);
  const written = await writePlanSummary(trx, restaurantId, planSummary(rows), now.toISOString(), statsKey);
  if (!written) throw new AppError('not-found');
  return written;
}

/**
 * Drops the overview roll-up's days this restaurant's change touches (plan-days.ts): the days of
 * its old key and its new one; for a key never written (rows from before migration 0019, or seeded
 * directly), every day from its first row on. `statsKey` undefined: the restaurant is going away.
 */
export async function forgetChangedPlanDays(trx: Kysely<Database>, restaurantId: string, statsKey?: string): Promise<void> {
  const before = await readStatsKey(trx, restaurantId);
  if (!before) return;
  if (before.statsKey === null) return dropPlatformDaysFrom(trx, await findFirstPlanDay(trx, restaurantId, before.createdAt));
  if (statsKey === undefined) return dropPlatformDays(trx, [dayOf(before.createdAt), ...planDaysOf(before.statsKey)]);
  return dropPlatformDays(trx, changedPlanDays(before.statsKey, statsKey));
}

function runInTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * docs/product-spec.md section 4: initialisation creates a trial (60 days, not PRO; the product count starts at 0
 * on the restaurant row). Called by registration and Google sign-up inside their transaction.
 */
export async function startTrial(scope: RestaurantScope, now: Date = new Date()): Promise<void> {
  authorize(scope, 'billing.manage');
  await runInTransaction(scope.db, async (trx) => {
    const trial = newTrial(now);
    const timestamp = now.toISOString();
    const id = newId();
    await insertSubscription(trx, { id, restaurantId: scope.restaurantId, ...trial, grantedBy: null, providerCustomerId: null, providerSubscriptionId: null, providerPriceId: null, providerStatus: null, currentPeriodEnd: null, createdAt: timestamp, updatedAt: timestamp });
    await refreshPlanSummary(trx, scope.restaurantId, now);
    await recordAudit(withDb(scope, trx), { action: 'subscription.start-trial', target: { type: 'subscription', id }, after: { kind: 'trial', endsAt: trial.endsAt } });
    // the welcome e-mail goes out shortly after sign-up (after the address-confirmation e-mail, not
    // beside it): a run of the notices sweep then, which sends each notice once by its key, whether
    // this run or the hourly one gets there first
    await enqueueJob(trx, { type: 'billing.notices', payload: {}, dedupeKey: `billing.notices:welcome:${scope.restaurantId}`, runAt: new Date(now.getTime() + WELCOME_DELAY_MS + 30_000) });
  });
}

/**
 * A platform admin grants or takes back manual PRO (docs/product-spec.md section 4: one year for manual PRO, and
 * taking it back clears the expiry), with no card involved. Granting adds a manual row; taking back
 * ends the running grant (kept as history). A PRO paid by card is refused with 'pro-not-manual':
 * that is the payment provider's to end. The menu version moves too, so a menu that the trial's end
 * had hidden is online again on the next request, on every app process.
 */
export async function setManualPro(scope: AdminScope, restaurantId: string, enable: boolean, now: Date = new Date()): Promise<{ name: string; expirationDate: string | null; timeZone: string }> {
  assertAdmin(scope);
  return scope.db.transaction().execute(async (trx) => {
    const restaurant = await lockRestaurantForPlanChange(trx, restaurantId);
    if (!restaurant) throw new AppError('not-found');
    const rows = await listSubscriptions(trx, restaurantId);
    const grants = rows.filter((row) => isManualPro(row, now));
    const timestamp = now.toISOString();
    let target: string;
    if (enable) {
      // a new grant replaces a running one: one year from today, the old row kept as history
      for (const grant of grants) await updateSubscription(trx, restaurantId, grant.id, { ...endedGrant(now), updatedAt: timestamp });
      target = newId();
      await insertSubscription(trx, { id: target, restaurantId, ...newManualGrant(now), grantedBy: scope.actor.id, providerCustomerId: null, providerSubscriptionId: null, providerPriceId: null, providerStatus: null, currentPeriodEnd: null, createdAt: timestamp, updatedAt: timestamp });
    } else {
      // only an admin's own grant is taken back here: a PRO paid by card is the payment provider's to end
      if (grants.length === 0 || rows.some((row) => isProviderPro(row))) throw new AppError('pro-not-manual');
      for (const grant of grants) await updateSubscription(trx, restaurantId, grant.id, { ...endedGrant(now), updatedAt: timestamp });
      target = grants[0]!.id;
    }
    const before = planSummary(rows);
    const after = await refreshPlanSummary(trx, restaurantId, now);
    await bumpMenuVersion(trx, restaurantId);
    await recordAudit(withDb(scope, trx), {
      action: enable ? 'subscription.grant-manual-pro' : 'subscription.revoke-manual-pro',
      target: { type: 'subscription', id: target },
      restaurantId,
      before: { planKind: before.planKind, proUntil: before.proUntil },
      after: { planKind: after.planKind, proUntil: after.proUntil },
    });
    return { name: after.name, expirationDate: displayedEnd(after.proUntil), timeZone: after.timeZone };
  });
}


/** The plan status of docs/product-spec.md section 4 from a restaurant's rows and product count. */
export async function readPlanStatus(db: Kysely<Database>, restaurantId: string, productsCount: number, now: Date = new Date()): Promise<PlanStatus> {
  const rows = await listSubscriptions(db, restaurantId);
  const summary = planSummary(rows);
  const phase = planPhase(rows, now);
  return {
    phase,
    productsCount,
    trialEndsAt: trialEndDate(rows),
    expirationDate: phase === 'pro' ? displayedEnd(summary.proUntil) : null,
    remainingDays: remainingTrialDays(rows, now),
    remainingProducts: remainingProducts(productsCount),
    productLimit: FREE_PRODUCT_LIMIT,
    showUpgradePrompt: shouldShowUpgradePrompt(rows, productsCount, now),
  };
}

/** The owner's plan (docs/product-spec.md section 4) for the editor frame and the subscription page. */
export async function getPlanForRestaurant(scope: RestaurantScope, now: Date = new Date()): Promise<PlanStatus> {
  authorize(scope, 'restaurant.view');
  const productsCount = await findProductsCount(scope.db, scope.restaurantId);
  if (productsCount === undefined) throw new AppError('not-found');
  return readPlanStatus(scope.db, scope.restaurantId, productsCount, now);
}
