import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { acrossRestaurants } from '#app/db/tenant.ts';

/**
 * The retention job's queries (issue 25 item 7, decision 0032): contact details of guests' orders
 * and reservations, erased across every restaurant in bounded batches (a sweep: the oldest first,
 * at most `limit` rows a statement). A row is erased once: `contactErasedAt` marks it.
 */

/**
 * Orders placed before `before` not yet erased, the oldest first: their lines' notes, then the
 * name and phone of the orders themselves. The lines and totals stay (insights). Returns how many
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
    .set({ customerName: null, customerPhone: null, contactErasedAt: now })
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
