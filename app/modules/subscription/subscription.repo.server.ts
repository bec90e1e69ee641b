import type { Kysely } from 'kysely';
import type { Database, NewSubscription, Subscription } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';
import type { PlanSummary } from './subscription.ts';

/** A restaurant's subscription rows, oldest first (history included: ended rows stay). */
export function listSubscriptions(db: Kysely<Database>, restaurantId: string): Promise<Subscription[]> {
  return tenant(db, restaurantId).selectFrom('subscription').selectAll().orderBy('startsAt').orderBy('createdAt').execute();
}

export async function insertSubscription(db: Kysely<Database>, row: NewSubscription): Promise<void> {
  await db.insertInto('subscription').values(row).execute();
}

/** Changes one row of this restaurant's (never a row by id alone). */
export async function updateSubscription(db: Kysely<Database>, restaurantId: string, id: string, change: Partial<Omit<NewSubscription, 'id' | 'restaurantId'>>): Promise<void> {
  await tenant(db, restaurantId).updateTable('subscription').set(change).where('id', '=', id).execute();
}

/**
 * Writes the derived plan summary and the overview roll-up's key (plan-days.ts) onto the restaurant
 * row (which also takes its row lock on PostgreSQL); returns what the caller shows, or undefined
 * when the restaurant does not exist.
 */
export function writePlanSummary(db: Kysely<Database>, restaurantId: string, summary: PlanSummary, updatedAt: string, statsKey: string) {
  return tenant(db, restaurantId)
    .updateTable('restaurant')
    .set({ ...summary, statsKey, updatedAt })
    .returning(['name', 'timeZone', 'productsCount', 'publishedUntil', 'proUntil', 'planKind'])
    .executeTakeFirst();
}

/** Takes the restaurant's row lock and reads its name (undefined when it does not exist). */
export function lockRestaurantForPlanChange(db: Kysely<Database>, restaurantId: string) {
  return tenant(db, restaurantId)
    .updateTable('restaurant')
    .set((eb) => ({ menuVersion: eb.ref('menuVersion') }))
    .returning(['id', 'name', 'timeZone'])
    .executeTakeFirst();
}

/**
 * The plan columns every list of restaurants shows, from the summary: whether PRO now and until
 * when, and what kind of row makes it so (only an admin's grant can be taken back by an admin).
 * One projection for the admin users list and any other list, instead of one per query.
 */
export const PLAN_SUMMARY_COLUMNS = ['restaurant.publishedUntil', 'restaurant.proUntil', 'restaurant.planKind', 'restaurant.timeZone'] as const;

/** The plan limit's counter, kept on the restaurant row. */
export async function findProductsCount(db: Kysely<Database>, restaurantId: string): Promise<number | undefined> {
  const row = await tenant(db, restaurantId).selectFrom('restaurant').select('productsCount').executeTakeFirst();
  return row?.productsCount;
}

/**
 * Records `endsAt` as the end of the person's one free trial (decision 0029) unless they already
 * have one: true when this call set it. One conditional update, so two restaurants created at once
 * by the same person cannot both start a first trial, on either database.
 */
export async function claimPersonalTrial(db: Kysely<Database>, userId: string, endsAt: string): Promise<boolean> {
  const result = await db.updateTable('user').set({ trialEndsAt: endsAt }).where('id', '=', userId).where('trialEndsAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** When the person's one free trial ends (null: none yet); undefined when there is no such user. */
export async function findPersonalTrialEnd(db: Kysely<Database>, userId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('user').select('trialEndsAt').where('id', '=', userId).executeTakeFirst();
  return row?.trialEndsAt;
}
