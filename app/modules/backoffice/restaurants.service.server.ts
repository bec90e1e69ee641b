import { KEEPS_THE_RESTAURANT, rolesWith } from '#app/modules/access/policy.ts';
import { assertAdmin, withDb, type AdminScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { listAuditEvents } from '#app/modules/audit/audit.repo.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { orderingDataSummary } from '#app/modules/retention/retention.server.ts';
import { bumpMenuVersion } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { insertSubscription, listSubscriptions, lockRestaurantForPlanChange, updateSubscription } from '#app/modules/subscription/subscription.repo.server.ts';
import { refreshPlanSummary, setManualPro } from '#app/modules/subscription/subscription.service.server.ts';
import { displayedEnd, endedGrant, isBefore, isManualPro, planSummary } from '#app/modules/subscription/subscription.ts';
import { PAGE_SIZE, type Page, type PlanLabel, type PlanStateFilter, type RestaurantListItem, type RestaurantSort } from './backoffice.types.ts';
import {
  countRestaurantContent,
  countRestaurants,
  findLastMemberEdit,
  findRestaurantForAdmin,
  countMembers,
  listPendingInvitations,
  listRestaurantsPage,
  listRestaurantUsers,
  listOwnerEmails,
  writeRestaurantActive,
} from './restaurants.repo.server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a list shows of a plan summary at `now`. */
export function planLabelOf(summary: { proUntil: string | null; planKind: string | null; publishedUntil: string | null }, now: Date): { plan: PlanLabel; until: string | null } {
  if (isBefore(summary.proUntil, now)) return { plan: summary.planKind === 'provider' ? 'pro-card' : 'pro-manual', until: displayedEnd(summary.proUntil) };
  if (isBefore(summary.publishedUntil, now)) return { plan: 'trial', until: displayedEnd(summary.publishedUntil) };
  return { plan: 'inactive', until: null };
}

/** Restaurants for the back office: searched, filtered by plan state, sorted, one page at a time. */
export async function listRestaurantsForAdmin(
  scope: AdminScope,
  query: { q?: string; state?: PlanStateFilter; sort: RestaurantSort; page: number },
  now: Date = new Date(),
): Promise<Page<RestaurantListItem>> {
  assertAdmin(scope);
  const filter = { q: query.q?.trim() || undefined, state: query.state, now: now.toISOString(), soon: new Date(now.getTime() + 7 * DAY_MS).toISOString() };
  const total = await countRestaurants(scope.db, filter);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await listRestaurantsPage(scope.db, filter, query.sort, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const emails = new Map<string, string>();
  const ids = rows.map((row) => row.id);
  const [owners, members] = await Promise.all([listOwnerEmails(scope.db, ids, rolesWith(KEEPS_THE_RESTAURANT)), countMembers(scope.db, ids)]);
  for (const owner of owners) if (!emails.has(owner.restaurantId)) emails.set(owner.restaurantId, owner.email);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      active: row.active === 1,
      productsCount: row.productsCount,
      createdAt: row.createdAt,
      ownerEmail: emails.get(row.id) ?? null,
      membersCount: members.get(row.id) ?? 0,
      ...planLabelOf(row, now),
    })),
    total,
    page,
    pageCount,
  };
}

/**
 * Everything the restaurant's detail page shows: its team (members, and invitations still pending
 * at `now`) is read only, since an admin does not manage teams. Only an admin may call this.
 */
export async function getRestaurantForAdmin(scope: AdminScope, restaurantId: string, now: Date = new Date()) {
  assertAdmin(scope);
  const restaurant = await findRestaurantForAdmin(scope.db, restaurantId);
  if (!restaurant) throw new AppError('not-found');
  const [users, invitations, content, lastEdit, history, audit, ordering] = await Promise.all([
    listRestaurantUsers(scope.db, restaurantId),
    listPendingInvitations(scope.db, restaurantId, now.toISOString()),
    countRestaurantContent(scope.db, restaurantId),
    findLastMemberEdit(scope.db, restaurantId),
    listSubscriptions(scope.db, restaurantId),
    listAuditEvents(scope.db, { restaurantId }, { limit: 20, offset: 0 }),
    // orders and reservations (issue 25): on or off, counts, and the retention rule; never a guest's details
    orderingDataSummary(scope, restaurantId, now),
  ]);
  const label = planLabelOf(restaurant, now);
  return {
    restaurant: { ...restaurant, active: restaurant.active === 1, ...label },
    /** a grant an admin may take back (running manual PRO) and whether a card pays (never an admin's to end) */
    manualRunning: history.some((row) => isManualPro(row, now)),
    cardPaid: label.plan === 'pro-card',
    members: users.map((user) => ({ id: user.id, email: user.email, name: user.name, disabled: Boolean(user.banned), since: user.memberSince, role: user.role })),
    invitations: invitations.map(({ id, email, role, createdAt, expiresAt, invitedByEmail }) => ({ id, email, role, createdAt, expiresAt, invitedBy: invitedByEmail })),
    content,
    ordering,
    lastEdit: lastEdit ?? null,
    history: history
      .map((row) => ({
        id: row.id,
        kind: row.kind,
        status: row.status,
        plan: row.plan,
        startsAt: row.startsAt,
        endsAt: displayedEnd(row.endsAt),
        grantedBy: row.grantedBy,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd === 1,
      }))
      .reverse(),
    audit: audit.map((event) => ({
      id: event.id,
      createdAt: event.createdAt,
      action: event.action,
      actor: event.actorEmail ?? event.actorId,
      actorRole: event.actorRole,
      summary: event.summary,
    })),
  };
}

/** `now` plus a number of calendar months (UTC), as the grant's end. */
export function monthsFrom(now: Date, months: number): Date {
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

/**
 * Grants manual PRO until `months` from now (subscription module's rules: a new grant replaces a
 * running one, which is kept as ended history; the summary, menu version and audit row move in the
 * same transaction). The subscription service's own grant is fixed at one year (docs/product-spec.md section 9);
 * the back office lets the admin choose the period, one year being the default.
 */
export async function grantManualPro(scope: AdminScope, restaurantId: string, months: number, now: Date = new Date()) {
  assertAdmin(scope);
  if (!Number.isInteger(months) || months < 1 || months > 36) throw new AppError('invalid-input');
  const endsAt = monthsFrom(now, months).toISOString();
  return scope.db.transaction().execute(async (trx) => {
    const restaurant = await lockRestaurantForPlanChange(trx, restaurantId);
    if (!restaurant) throw new AppError('not-found');
    const rows = await listSubscriptions(trx, restaurantId);
    const timestamp = now.toISOString();
    for (const grant of rows.filter((row) => isManualPro(row, now))) await updateSubscription(trx, restaurantId, grant.id, { ...endedGrant(now), updatedAt: timestamp });
    const id = newId();
    await insertSubscription(trx, {
      id,
      restaurantId,
      kind: 'manual',
      status: 'active',
      plan: 'pro',
      startsAt: timestamp,
      endsAt,
      grantedBy: scope.actor.id,
      providerCustomerId: null,
      providerSubscriptionId: null,
      providerPriceId: null,
      providerStatus: null,
      currentPeriodEnd: null,
      createdAt: timestamp,
      updatedAt: timestamp,
    });
    const before = planSummary(rows);
    const after = await refreshPlanSummary(trx, restaurantId, now);
    await bumpMenuVersion(trx, restaurantId);
    await recordAudit(withDb(scope, trx), {
      action: 'subscription.grant-manual-pro',
      target: { type: 'subscription', id },
      restaurantId,
      before: { planKind: before.planKind, proUntil: before.proUntil },
      after: { planKind: after.planKind, proUntil: after.proUntil, months },
    });
    return { name: restaurant.name, endsAt, timeZone: restaurant.timeZone };
  });
}

/** Takes back a running manual grant; a PRO paid by card is refused (the subscription service's rule). */
export function revokeManualPro(scope: AdminScope, restaurantId: string, now: Date = new Date()) {
  return setManualPro(scope, restaurantId, false, now);
}

/**
 * Extends the restaurant's trial by `days` from its end (or from now when it already ended): the
 * latest trial row gets the new end and counts again; a restaurant without a trial gets one from now.
 */
export async function extendTrial(scope: AdminScope, restaurantId: string, days: number, now: Date = new Date()) {
  assertAdmin(scope);
  if (!Number.isInteger(days) || days < 1 || days > 90) throw new AppError('invalid-input');
  return scope.db.transaction().execute(async (trx) => {
    const restaurant = await lockRestaurantForPlanChange(trx, restaurantId);
    if (!restaurant) throw new AppError('not-found');
    const rows = await listSubscriptions(trx, restaurantId);
    const trial = rows.filter((row) => row.kind === 'trial').sort((a, b) => b.startsAt.localeCompare(a.startsAt))[0];
    const timestamp = now.toISOString();
    const base = trial?.endsAt && trial.status === 'active' && Date.parse(trial.endsAt) > now.getTime() ? Date.parse(trial.endsAt) : now.getTime();
    const endsAt = new Date(base + days * DAY_MS).toISOString();
    let id: string;
    if (trial) {
      id = trial.id;
      await updateSubscription(trx, restaurantId, trial.id, { status: 'active', endsAt, updatedAt: timestamp });
    } else {
      id = newId();
      await insertSubscription(trx, {
        id,
        restaurantId,
        kind: 'trial',
        status: 'active',
        plan: 'free',
        startsAt: timestamp,
        endsAt,
        grantedBy: scope.actor.id,
        providerCustomerId: null,
        providerSubscriptionId: null,
        providerPriceId: null,
        providerStatus: null,
        currentPeriodEnd: null,
        createdAt: timestamp,
        updatedAt: timestamp,
      });
    }
    await refreshPlanSummary(trx, restaurantId, now);
    await bumpMenuVersion(trx, restaurantId);
    await recordAudit(withDb(scope, trx), {
      action: 'subscription.extend-trial',
      target: { type: 'subscription', id },
      restaurantId,
      before: { endsAt: trial?.endsAt ?? null },
      after: { endsAt, days },
    });
    return { name: restaurant.name, endsAt, timeZone: restaurant.timeZone };
  });
}

/**
 * Deactivates or reactivates a restaurant. A deactivated restaurant's menu sends guests to
 * not-found ('Acest restaurant nu există sau a fost dezactivat.'); the menu version moves in the
 * same transaction, so no app process's menu cache keeps serving the old page.
 */
export async function setRestaurantActive(scope: AdminScope, restaurantId: string, active: boolean, now: Date = new Date()) {
  assertAdmin(scope);
  return scope.db.transaction().execute(async (trx) => {
    const locked = await lockRestaurantForPlanChange(trx, restaurantId);
    if (!locked) throw new AppError('not-found');
    const row = await writeRestaurantActive(trx, restaurantId, active ? 1 : 0, now.toISOString());
    if (!row) throw new AppError('not-found');
    await bumpMenuVersion(trx, restaurantId);
    await recordAudit(withDb(scope, trx), {
      action: active ? 'restaurant.reactivate' : 'restaurant.deactivate',
      target: { type: 'restaurant', id: restaurantId },
      restaurantId,
      after: { active },
    });
    return row;
  });
}
