import type { Kysely } from 'kysely';
import type { Database, MembershipTable, NewSubscription } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';

type Role = MembershipTable['role'];

/** Records a webhook event's id; false when it was recorded before (a duplicate delivery). */
export async function insertBillingEvent(db: Kysely<Database>, event: { id: string; type: string; customerId: string | null; receivedAt: string }): Promise<boolean> {
  const result = await db
    .insertInto('billingEvent')
    .values(event)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The Stripe customer of a restaurant: the one on its latest card subscription row, if any. */
export async function findProviderCustomerId(db: Kysely<Database>, restaurantId: string): Promise<string | null> {
  const row = await tenant(db, restaurantId)
    .selectFrom('subscription')
    .select('providerCustomerId')
    .where('kind', '=', 'provider')
    .where('providerCustomerId', 'is not', null)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  return row?.providerCustomerId ?? null;
}

/** The restaurants that already hold rows of this Stripe customer (normally one). */
export async function findRestaurantIdsOfCustomer(db: Kysely<Database>, customerId: string): Promise<string[]> {
  const rows = await acrossRestaurants(db, 'the payment webhook finds the restaurants of a Stripe customer')
    .selectFrom('subscription')
    .select('restaurantId')
    .distinct()
    .where('providerCustomerId', '=', customerId)
    .execute();
  return rows.map((row) => row.restaurantId);
}

export async function restaurantExists(db: Kysely<Database>, restaurantId: string): Promise<boolean> {
  return (await tenant(db, restaurantId).selectFrom('restaurant').select('id').executeTakeFirst()) !== undefined;
}

/** The row of a card subscription, by Stripe's subscription id. */
export function findProviderSubscription(db: Kysely<Database>, providerSubscriptionId: string) {
  return acrossRestaurants(db, 'the payment webhook finds a row by its Stripe subscription')
    .selectFrom('subscription')
    .selectAll()
    .where('providerSubscriptionId', '=', providerSubscriptionId)
    .executeTakeFirst();
}

export async function insertProviderSubscription(db: Kysely<Database>, row: NewSubscription): Promise<void> {
  await db.insertInto('subscription').values(row).execute();
}

export async function updateProviderSubscription(db: Kysely<Database>, id: string, change: Partial<Omit<NewSubscription, 'id' | 'restaurantId' | 'kind'>>): Promise<void> {
  await acrossRestaurants(db, 'the payment webhook changes the row it found by its Stripe subscription')
    .updateTable('subscription')
    .set(change)
    .where('id', '=', id)
    .where('kind', '=', 'provider')
    .execute();
}

/** A restaurant the sweep of lifecycle e-mails has to look at: its rows changed lately or a date of its is near. */
export async function findNoticeCandidates(db: Kysely<Database>, window: { recentSince: string; trialEndsFrom: string; trialEndsTo: string }): Promise<string[]> {
  const rows = await acrossRestaurants(db, 'the billing e-mail sweep looks at every restaurant')
    .selectFrom('subscription')
    .select('restaurantId')
    .distinct()
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'trial'), eb('startsAt', '>=', window.recentSince)]),
        eb.and([eb('kind', '=', 'trial'), eb('endsAt', '>=', window.trialEndsFrom), eb('endsAt', '<=', window.trialEndsTo)]),
        eb.and([eb('kind', '=', 'provider'), eb.or([eb('providerStatus', '=', 'past_due'), eb('cancelAtPeriodEnd', '=', 1), eb('updatedAt', '>=', window.recentSince)])]),
      ]),
    )
    .execute();
  return rows.map((row) => row.restaurantId);
}

/**
 * Whom a restaurant's billing e-mails go to: its members in `roles` (the service asks the policy which:
 * those with billing.manage, decision 0029), the first first, in the restaurant's billing language.
 */
export function findNoticeRecipients(db: Kysely<Database>, restaurantId: string, roles: readonly Role[]) {
  if (roles.length === 0) return Promise.resolve([]);
  return (
    tenant(db, restaurantId)
      .selectFrom('restaurant')
      .innerJoin('membership', (join) => join.onRef('membership.restaurantId', '=', 'restaurant.id').on('membership.role', 'in', roles))
      .innerJoin('user', 'user.id', 'membership.userId')
      .select(['restaurant.id', 'restaurant.name', 'restaurant.slug', 'restaurant.timeZone', 'restaurant.ownerLocale', 'user.id as userId', 'user.email'])
      .where('restaurant.active', '=', 1)
      .orderBy('membership.createdAt')
      .orderBy('membership.id')
      // every owner of a restaurant (decision 0029); a restaurant has a handful
      .limit(20)
      .execute()
  );
}

/** Records a notice by its dedupe key; false when it was sent before (by this sweep or another process). */
export async function insertBillingNotice(db: Kysely<Database>, notice: { key: string; restaurantId: string; kind: string; sentAt: string }): Promise<boolean> {
  const result = await db
    .insertInto('billingNotice')
    .values(notice)
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The owner's language for billing e-mails, remembered from their last visit to the subscription page or checkout. */
export async function writeOwnerLocale(db: Kysely<Database>, restaurantId: string, locale: string): Promise<void> {
  await tenant(db, restaurantId)
    .updateTable('restaurant')
    .set({ ownerLocale: locale })
    .where((eb) => eb.or([eb('ownerLocale', 'is', null), eb('ownerLocale', '!=', locale)]))
    .execute();
}

/** Restaurants whose card subscription Stripe may still change: an active row, or one set to cancel. */
export async function findCustomersToReconcile(db: Kysely<Database>): Promise<string[]> {
  const rows = await acrossRestaurants(db, 'the reconcile job looks at every card subscription')
    .selectFrom('subscription')
    .select('providerCustomerId')
    .distinct()
    .where('kind', '=', 'provider')
    .where('providerCustomerId', 'is not', null)
    .where((eb) => eb.or([eb('status', '=', 'active'), eb('status', '=', 'incomplete'), eb('cancelAtPeriodEnd', '=', 1)]))
    .execute();
  return rows.map((row) => row.providerCustomerId).filter((id): id is string => id !== null);
}

/** This restaurant with this user's role in it, if they are a member (the payment-return page asks the policy what the role may see). */
export async function findRestaurantOfMember(db: Kysely<Database>, restaurantId: string, userId: string) {
  return tenant(db, restaurantId)
    .selectFrom('restaurant')
    .innerJoin('membership', 'membership.restaurantId', 'restaurant.id')
    .select(['restaurant.id', 'restaurant.name', 'restaurant.slug', 'membership.role'])
    .where('membership.userId', '=', userId)
    .executeTakeFirst();
}
