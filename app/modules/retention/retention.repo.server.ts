import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';

/**
 * The retention job's queries (issue 25 item 7, decision 0032): contact details of guests' orders
 * and reservations, erased across every restaurant in bounded batches (a sweep: the oldest first,
 * at most `limit` rows a statement). A row is erased once: `contactErasedAt` marks it.
 */

/**
 * Orders placed before `before` not yet erased, the oldest first: their lines' notes, then the
 * name and phone of the orders themselves, and with them the allergies the guest declared and
 * their note (health data, GDPR art. 9: issue 35). The lines and totals stay (insights). Returns how many
 * orders were erased; run both statements in one transaction.
 */
export async function eraseOrderContactsBefore(db: Kysely<Database>, before: string, limit: number, now: string): Promise<number> {
  const across = acrossRestaurants(db, 'the retention job erases old contact details in every restaurant');
  const batch = across
    .selectFrom('guestOrder')
    .select('guestOrder.id')
    .where('guestOrder.createdAt', '<', before)
    .where('guestOrder.contactErasedAt', 'is', null)
    .orderBy('guestOrder.createdAt')
    .orderBy('guestOrder.id')
    .limit(limit);
  await across.updateTable('guestOrderLine').set({ note: null }).where('guestOrderLine.orderId', 'in', batch).execute();
  const result = await across
    .updateTable('guestOrder')
    .set({ customerName: null, customerPhone: null, allergies: null, allergyNote: null, contactErasedAt: now })
    .where('guestOrder.id', 'in', batch)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Reservations for a local date before `beforeDay` ('YYYY-MM-DD') not yet erased, the oldest first: name, phone, e-mail and note. */
export async function eraseReservationContactsBefore(db: Kysely<Database>, beforeDay: string, limit: number, now: string): Promise<number> {
  const across = acrossRestaurants(db, 'the retention job erases old contact details in every restaurant');
  const batch = across
    .selectFrom('reservation')
    .select('reservation.id')
    .where('reservation.date', '<', beforeDay)
    .where('reservation.contactErasedAt', 'is', null)
    .orderBy('reservation.date')
    .orderBy('reservation.id')
    .limit(limit);
  const result = await across
    .updateTable('reservation')
    .set({ name: null, phone: null, email: null, note: null, contactErasedAt: now })
    .where('reservation.id', 'in', batch)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many orders a restaurant holds, and how many of them were placed since `since` (the exports and the back office). */
export async function countOrders(db: Kysely<Database>, restaurantId: string, since: string): Promise<{ total: number; recent: number }> {
  const row = await tenant(db, restaurantId)
    .selectFrom('guestOrder')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string | null>(eb.case().when('guestOrder.createdAt', '>=', since).then(1).else(0).end()).as('recent'),
    ])
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), recent: Number(row?.recent ?? 0) };
}

/** How many reservations a restaurant holds, and how many were asked for since `since`. */
export async function countReservations(db: Kysely<Database>, restaurantId: string, since: string): Promise<{ total: number; recent: number }> {
  const row = await tenant(db, restaurantId)
    .selectFrom('reservation')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string | null>(eb.case().when('reservation.createdAt', '>=', since).then(1).else(0).end()).as('recent'),
    ])
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), recent: Number(row?.recent ?? 0) };
}
