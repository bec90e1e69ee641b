import type { Kysely } from 'kysely';
import type { Database, GuestOrder, GuestOrderLine, Reservation } from '#app/db/schema.ts';
import { newId } from '#app/modules/demo/builders.ts';

/**
 * Orders and reservations written straight into the tables (issue 25), for tests of what reads
 * them afterwards (the retention job, insights, the exports) without the ordering flow itself.
 */

let serial = 0;

/** A placed order with its lines; `createdAt` decides its age, `serviceDay` its local day (default: createdAt's UTC day). */
export async function insertGuestOrder(
  db: Kysely<Database>,
  restaurantId: string,
  locationId: string,
  overrides: Partial<GuestOrder> = {},
  lines: Partial<GuestOrderLine>[] = [{}],
): Promise<GuestOrder & { lines: GuestOrderLine[] }> {
  serial++;
  const createdAt = overrides.createdAt ?? new Date().toISOString();
  const orderLines = lines.map((line, position): GuestOrderLine => ({
    id: newId(),
    orderId: '',
    restaurantId,
    productId: null,
    nameRo: 'Ciorbă de burtă',
    nameEn: 'Tripe soup',
    unitPriceMinor: 2400,
    quantity: 1,
    note: 'fără smântână',
    position,
    allergens: '[]',
    stationId: null,
    bumpedAt: null,
    cancelledAt: null,
    ...line,
  }));
  const order: GuestOrder = {
    id: newId(),
    restaurantId,
    locationId,
    token: newId().replace(/-/g, ''),
    serviceDay: createdAt.slice(0, 10),
    number: serial,
    kind: 'pickup',
    tableId: null,
    tableLabel: null,
    status: 'received',
    etaMinutes: null,
    declineReason: null,
    customerName: 'Ion Popescu',
    customerPhone: '+40 721 000 000',
    pickupTime: '13:00',
    totalMinor: orderLines.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0),
    currency: 'RON',
    locale: 'ro',
    idempotencyKey: newId(),
    createdAt,
    updatedAt: createdAt,
    acceptedAt: null,
    readyAt: null,
    closedAt: null,
    contactErasedAt: null,
    allergies: null,
    allergyNote: null,
    addsToOrderId: null,
    ...overrides,
  };
  await db.insertInto('guestOrder').values(order).execute();
  for (const line of orderLines) line.orderId = order.id;
  if (orderLines.length > 0) await db.insertInto('guestOrderLine').values(orderLines).execute();
  return { ...order, lines: orderLines };
}

/** A reservation for `date` ('YYYY-MM-DD'), with a guest's contact details. */
export async function insertReservation(db: Kysely<Database>, restaurantId: string, locationId: string, overrides: Partial<Reservation> = {}): Promise<Reservation> {
  const now = new Date().toISOString();
  const row: Reservation = {
    id: newId(),
    restaurantId,
    locationId,
    token: newId().replace(/-/g, ''),
    date: now.slice(0, 10),
    time: '19:00',
    partySize: 4,
    name: 'Maria Ionescu',
    phone: '+40 722 000 000',
    email: 'maria@example.com',
    note: 'o masă lângă fereastră',
    locale: 'ro',
    status: 'accepted',
    declineReason: null,
    idempotencyKey: newId(),
    reminderSentAt: null,
    createdAt: now,
    updatedAt: now,
    contactErasedAt: null,
    ...overrides,
  };
  await db.insertInto('reservation').values(row).execute();
  return row;
}
