import type { Kysely } from 'kysely';
import type { Database, MembershipTable, NewRestaurant } from '#app/db/schema.ts';
import { buildPlan, buildRestaurant, type PlanOptions } from '#app/modules/demo/builders.ts';
import { planSummary } from '#app/modules/subscription/subscription.ts';

/**
 * The row builders live in app/modules/demo/builders.ts (the demo seed uses them too; production
 * code never imports tests/). This file re-exports them for tests and adds the helpers that insert.
 */
export * from '#app/modules/demo/builders.ts';

/**
 * Inserts a restaurant with its subscription rows and the summary they give (what
 * `refreshPlanSummary` would write). Returns the restaurant row as inserted.
 */
export async function insertRestaurant(db: Kysely<Database>, overrides: Partial<NewRestaurant> = {}, plan: PlanOptions = {}): Promise<NewRestaurant> {
  const restaurant = buildRestaurant(overrides);
  const rows = buildPlan(restaurant.id, plan);
  Object.assign(restaurant, planSummary(rows.map((row) => ({ ...row, endsAt: row.endsAt ?? null }))));
  await db.insertInto('restaurant').values(restaurant).execute();
  if (rows.length > 0) await db.insertInto('subscription').values(rows).execute();
  return restaurant;
}

/**
 * Adds plan rows to an existing restaurant and rewrites its summary from all of its rows (what
 * `refreshPlanSummary` does inside the app), e.g. `addPlan(db, id, { trial: false, manualProUntil })`.
 */
export async function addPlan(db: Kysely<Database>, restaurantId: string, plan: PlanOptions): Promise<void> {
  const rows = buildPlan(restaurantId, plan);
  if (rows.length > 0) await db.insertInto('subscription').values(rows).execute();
  const all = await db.selectFrom('subscription').select(['kind', 'status', 'plan', 'startsAt', 'endsAt']).where('restaurantId', '=', restaurantId).execute();
  await db.updateTable('restaurant').set(planSummary(all)).where('id', '=', restaurantId).execute();
}

/** Makes `userId` a member of the restaurant in `role` (decision 0029), as registration or an accepted invitation would. */
let lastMemberAt = 0;
/** A creation time later than any this process gave a membership before: members added one after another list in that order (a tie in the same millisecond fell back to the id, and the team test's order flipped). */
function nextMemberTime(): string {
  lastMemberAt = Math.max(Date.now(), lastMemberAt + 1);
  return new Date(lastMemberAt).toISOString();
}

export async function addMember(db: Kysely<Database>, restaurantId: string, userId: string, role: MembershipTable['role'] = 'owner'): Promise<void> {
  const now = nextMemberTime();
  await db
    .insertInto('membership')
    .values({ id: `${role}-${userId}-${restaurantId}`, restaurantId, userId, role, createdAt: now, updatedAt: now })
    .execute();
}
