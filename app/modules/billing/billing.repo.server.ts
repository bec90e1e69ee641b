import type { Kysely } from 'kysely';
import type { Database, NewSubscription } from '#app/db/schema.ts';

/** Records a webhook event's id; false when it was recorded before (a duplicate delivery). */
export async function insertBillingEvent(db: Kysely<Database>, event: { id: string; type: string; customerId: string | null; receivedAt: string }): Promise<boolean> {
  const result = await db.insertInto('billingEvent').values(event).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The Stripe customer of a restaurant: the one on its latest card subscription row, if any. */
export async function findProviderCustomerId(db: Kysely<Database>, restaurantId: string): Promise<string | null> {
  const row = await db
    .selectFrom('subscription')
    .select('providerCustomerId')
    .where('restaurantId', '=', restaurantId)
    .where('kind', '=', 'provider')
    .where('providerCustomerId', 'is not', null)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  return row?.providerCustomerId ?? null;
}

/** The restaurants that already hold rows of this Stripe customer (normally one). */
export async function findRestaurantIdsOfCustomer(db: Kysely<Database>, customerId: string): Promise<string[]> {
  const rows = await db.selectFrom('subscription').select('restaurantId').distinct().where('providerCustomerId', '=', customerId).execute();
  return rows.map((row) => row.restaurantId);
}

export async function restaurantExists(db: Kysely<Database>, restaurantId: string): Promise<boolean> {
  return (await db.selectFrom('restaurant').select('id').where('id', '=', restaurantId).executeTakeFirst()) !== undefined;
}

/** The row of a card subscription, by Stripe's subscription id. */
export function findProviderSubscription(db: Kysely<Database>, providerSubscriptionId: string) {
  return db.selectFrom('subscription').selectAll().where('providerSubscriptionId', '=', providerSubscriptionId).executeTakeFirst();
}

export async function insertProviderSubscription(db: Kysely<Database>, row: NewSubscription): Promise<void> {
  await db.insertInto('subscription').values(row).execute();
}

export async function updateProviderSubscription(db: Kysely<Database>, id: string, change: Partial<Omit<NewSubscription, 'id' | 'restaurantId' | 'kind'>>): Promise<void> {
  await db.updateTable('subscription').set(change).where('id', '=', id).where('kind', '=', 'provider').execute();
}
