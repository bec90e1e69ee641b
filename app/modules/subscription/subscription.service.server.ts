import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { assertAdmin, assertUser, authorize, withDb, type AdminScope, type MemberScope, type RestaurantScope, type UserScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { bumpMenuVersion } from '#app/modules/restaurant/restaurant.repo.server.ts';
import type { PlanStatus } from './plan-status.ts';
import { TRIAL_DAYS, WELCOME_DELAY_MS } from './subscription.ts';
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
import {
  claimPersonalTrial,
  findPersonalTrialEnd,
  findProductsCount,
  insertSubscription,
  listSubscriptions,
  lockRestaurantForPlanChange,
  updateSubscription,
  writePlanSummary,
} from './subscription.repo.server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

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
 * on the restaurant row). A new restaurant gets it through startOwnersTrial (the person's one trial); this
 * starts one for the restaurant whatever its owner had (tests, and the first trial itself).
 */
export async function startTrial(scope: RestaurantScope, now: Date = new Date()): Promise<void> {
  authorize(scope, 'billing.manage');
  await runInTransaction(scope.db, (trx) => insertTrial(withDb(scope, trx), newTrial(now), now, { welcome: true }));
}

/** What a new restaurant got of its first owner's trial (decision 0029, "Trials of a second restaurant"). */
export type OwnersTrial = { kind: 'first' | 'shared'; endsAt: string } | { kind: 'none'; endedAt: string };

/**
 * Decision 0029, "Trials of a second restaurant": the 60-day trial belongs to the person. A first
 * owner who never had one gets it, and its end is kept on their account (deleting the restaurant
 * does not give it back); one who had gets a trial that ends when theirs ends, and once it has
 * ended none: the restaurant can be set up, guests see it once it has PRO. Every creation of a
 * restaurant calls this in its transaction, with the new owner's scope.
 */
export async function startOwnersTrial(scope: MemberScope, now: Date = new Date()): Promise<OwnersTrial> {
  authorize(scope, 'billing.manage');
  return runInTransaction(scope.db, async (trx) => {
    const inTrx = withDb(scope, trx);
    const first = newTrial(now);
    if (await claimPersonalTrial(trx, scope.actor.id, first.endsAt!)) {
      await insertTrial(inTrx, first, now, { welcome: true });
      return { kind: 'first', endsAt: first.endsAt! };
    }
    const endsAt = await findPersonalTrialEnd(trx, scope.actor.id);
    if (!endsAt) throw new AppError('not-found');
    if (Date.parse(endsAt) > now.getTime()) {
      // the person's trial, for this restaurant too: dated from when it began (so the welcome e-mail's
      // "60 days" is not sent for it once that is a week past), never later than today
      const startsAt = new Date(Math.min(now.getTime(), Date.parse(endsAt) - TRIAL_DAYS * DAY_MS)).toISOString();
      await insertTrial(inTrx, { ...first, startsAt, endsAt }, now, { welcome: false });
      return { kind: 'shared', endsAt };
    }
    await refreshPlanSummary(trx, scope.restaurantId, now);
    await recordAudit(inTrx, { action: 'subscription.no-trial', target: { type: 'restaurant', id: scope.restaurantId }, after: { trialEndedAt: endsAt } });
    return { kind: 'none', endedAt: endsAt };
  });
}

/** What a restaurant this user creates now would get of their trial (the new-restaurant page says it before). */
export async function previewOwnersTrial(scope: UserScope, now: Date = new Date()): Promise<OwnersTrial> {
  assertUser(scope);
  const endsAt = await findPersonalTrialEnd(scope.db, scope.actor.id);
  if (!endsAt) return { kind: 'first', endsAt: newTrial(now).endsAt! };
  return Date.parse(endsAt) > now.getTime() ? { kind: 'shared', endsAt } : { kind: 'none', endedAt: endsAt };
}

/** One trial row, its summary and audit row, in the scope's transaction; the first one also queues the welcome e-mail. */
async function insertTrial(scope: RestaurantScope, trial: ReturnType<typeof newTrial>, now: Date, options: { welcome: boolean }): Promise<void> {
  const timestamp = now.toISOString();
  const id = newId();
  await insertSubscription(scope.db, {
    id,
    restaurantId: scope.restaurantId,
    ...trial,
    grantedBy: null,
    providerCustomerId: null,
    providerSubscriptionId: null,
    providerPriceId: null,
    providerStatus: null,
    currentPeriodEnd: null,
    createdAt: timestamp,
    updatedAt: timestamp,
  });
  await refreshPlanSummary(scope.db, scope.restaurantId, now);
  await recordAudit(scope, { action: 'subscription.start-trial', target: { type: 'subscription', id }, after: { kind: 'trial', endsAt: trial.endsAt } });
  if (!options.welcome) return;
  // the welcome e-mail goes out shortly after sign-up (after the address-confirmation e-mail, not
  // beside it): a run of the notices sweep then, which sends each notice once by its key, whether
  // this run or the hourly one gets there first
  await enqueueJob(scope.db, {
    type: 'billing.notices',
    payload: {},
    dedupeKey: `billing.notices:welcome:${scope.restaurantId}`,
    runAt: new Date(now.getTime() + WELCOME_DELAY_MS + 30_000),
  });
}

/**
 * A platform admin grants or takes back manual PRO (docs/product-spec.md section 4: one year for manual PRO, and
 * taking it back clears the expiry), with no card involved. Granting adds a manual row; taking back
 * ends the running grant (kept as history). A PRO paid by card is refused with 'pro-not-manual':
 * that is the payment provider's to end. The menu version moves too, so a menu that the trial's end
 * had hidden is online again on the next request, on every app process.
 */
export async function setManualPro(
  scope: AdminScope,
  restaurantId: string,
  enable: boolean,
  now: Date = new Date(),
): Promise<{ name: string; expirationDate: string | null; timeZone: string }> {
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
      await insertSubscription(trx, {
        id: target,
        restaurantId,
        ...newManualGrant(now),
        grantedBy: scope.actor.id,
        providerCustomerId: null,
        providerSubscriptionId: null,
        providerPriceId: null,
        providerStatus: null,
        currentPeriodEnd: null,
        createdAt: timestamp,
        updatedAt: timestamp,
      });
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

/**
 * The plan status of docs/product-spec.md section 4 for the scope's restaurant, from its rows and its
 * product count (the admin frame read the count with the restaurant's name). Needs restaurant.view.
 */
export async function readPlanStatus(scope: RestaurantScope, productsCount: number, now: Date = new Date()): Promise<PlanStatus> {
  authorize(scope, 'restaurant.view');
  const rows = await listSubscriptions(scope.db, scope.restaurantId);
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
  return readPlanStatus(scope, productsCount, now);
}
