import type { Kysely } from 'kysely';
import type { Database, GuestOrder, GuestOrderLine, GuestOrderLineOption, OrderingSettingsRow, OrderKind, OrderStatus } from '#app/db/schema.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';
import { appendLiveEvent } from '#app/modules/live/live-events.server.ts';
import { OrderingSettingsInput } from '#app/modules/ordering/ordering-settings.schema.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { localMoment } from '#app/modules/restaurant/local-time.ts';

/**
 * Orders as a placement would leave them (issue 25), for tests of the board, the guest's page, the
 * retention job and insights: `insertOrder` writes an order with its lines for a restaurant's
 * location (and table, for dine-in), numbered after the day's last; `placeOrder` does the same in a
 * transaction that appends the 'order.placed' live event last, as the placement service does, and
 * returns the event's id (publish after it, on the bus the test uses). `buildOrderingSettings` is the
 * settings row that lets a location take them.
 */

/**
 * The ordering settings form as an owner posts it for a location, parsed (for `updateOrderingSettings`): the form's
 * numbers, version 0, and `fields` (by default orders and dine-in on; e.g. `{ ordersEnabled: 'on', pickup: 'on' }`).
 */
export function orderingSettingsForm(locationId: string, fields: Record<string, string> = { ordersEnabled: 'on', dineIn: 'on' }): OrderingSettingsInput {
  return OrderingSettingsInput.parse({ locationId, version: '0', slotMinutes: '30', maxPartySize: '6', leadMinutes: '60', daysAhead: '14', capacityPerSlot: '3', ...fields });
}

/**
 * A location's settings row (migration 0024) with dine-in orders on, as the owner's settings form
 * would store it: pickup, reservations, automatic acceptance and the pause off, the form's numbers,
 * version 1. Pass only what the test is about, e.g. `{ ordersEnabled: 0, reservationsEnabled: 1 }`.
 */
export function buildOrderingSettings(restaurantId: string, locationId: string, overrides: Partial<OrderingSettingsRow> = {}): OrderingSettingsRow {
  return {
    locationId,
    restaurantId,
    ordersEnabled: 1,
    dineIn: 1,
    pickup: 0,
    paused: 0,
    pausedAt: null,
    reservationsEnabled: 0,
    slotMinutes: 30,
    maxPartySize: 8,
    leadMinutes: 60,
    daysAhead: 30,
    capacityPerSlot: 4,
    autoAccept: 0,
    guestNoteRo: null,
    guestNoteEn: null,
    orderCeiling: 60,
    reservationHourCeiling: 20,
    reservationDayCeiling: 100,
    reservationContactCeiling: 3,
    ordersCeilingAt: null,
    reservationsCeilingAt: null,
    version: 1,
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

/** An option a guest chose on a line, as the placement stores it (issue 35): names and price as confirmed. */
export interface LineOptionSpec {
  groupNameRo: string;
  groupNameEn?: string | null;
  nameRo: string;
  nameEn?: string | null;
  priceMinor?: number;
  pricing?: 'add' | 'set';
  optionId?: string | null;
  groupId?: string | null;
}

export interface OrderLineSpec {
  nameRo: string;
  nameEn?: string | null;
  /** the unit price the guest confirmed, options included */
  unitPriceMinor: number;
  quantity?: number;
  note?: string | null;
  productId?: string | null;
  options?: LineOptionSpec[];
  /** the dish's and its options' allergens and traces when placed */
  allergens?: AllergenKey[];
  /** the station the line was routed to (issue 36) */
  stationId?: string | null;
  /** when the staff took the line back (issue 36); null: not taken back */
  cancelledAt?: string | null;
}

export interface OrderSpec {
  restaurantId: string;
  locationId: string;
  /** dine-in at this table (its label is copied as the placement would); none: pickup */
  table?: { id: string; label: string } | null;
  kind?: OrderKind;
  status?: OrderStatus;
  lines?: OrderLineSpec[];
  customerName?: string | null;
  customerPhone?: string | null;
  pickupTime?: string | null;
  /** the restaurant's local day; by default today in Europe/Bucharest (the restaurants' default zone) */
  serviceDay?: string;
  timeZone?: string;
  createdAt?: string;
  currency?: string;
  locale?: 'ro' | 'en';
  etaMinutes?: number | null;
  /** the EU-14 allergies the guest declared, and their note (issue 35) */
  allergies?: AllergenKey[];
  allergyNote?: string | null;
  /** the same table's earlier open order this one adds to (issue 36) */
  addsToOrderId?: string | null;
}

export const DEFAULT_ORDER_LINES: OrderLineSpec[] = [
  { nameRo: 'Ciorbă de burtă', nameEn: 'Tripe soup', unitPriceMinor: 2450, quantity: 2, note: 'fără ardei iute' },
  { nameRo: 'Papanași', nameEn: 'Papanași', unitPriceMinor: 2800, quantity: 1 },
];

export interface BuiltOrder {
  order: GuestOrder;
  lines: GuestOrderLine[];
  /** the lines' chosen options */
  options: GuestOrderLineOption[];
}

/** Issue 35: a large pizza with extra cheese (gluten, milk) and a note, and two lemonades (sulphites). */
export const PIZZA_ORDER: OrderLineSpec[] = [
  {
    nameRo: 'Pizza Margherita',
    nameEn: 'Margherita pizza',
    unitPriceMinor: 4700,
    quantity: 1,
    note: 'bine coaptă',
    allergens: ['gluten', 'milk'],
    options: [
      { groupNameRo: 'Mărime', groupNameEn: 'Size', nameRo: 'Mare', nameEn: 'Large', priceMinor: 4200, pricing: 'set' },
      { groupNameRo: 'Extra', groupNameEn: 'Extras', nameRo: 'Mozzarella', nameEn: null, priceMinor: 500, pricing: 'add' },
    ],
  },
  { nameRo: 'Limonadă', nameEn: 'Lemonade', unitPriceMinor: 1500, quantity: 2, allergens: ['sulphites'] },
];

/** Builds an order, its lines and their options (not inserted); the number is the caller's. */
export function buildOrder(spec: OrderSpec, number: number): BuiltOrder {
  const id = newId();
  const now = spec.createdAt ?? new Date().toISOString();
  const kind = spec.kind ?? (spec.table === undefined || spec.table ? 'dineIn' : 'pickup');
  const lineSpecs = spec.lines ?? DEFAULT_ORDER_LINES;
  const lines: GuestOrderLine[] = lineSpecs.map((line, position) => ({
    id: newId(),
    orderId: id,
    restaurantId: spec.restaurantId,
    productId: line.productId ?? null,
    nameRo: line.nameRo,
    nameEn: line.nameEn ?? null,
    unitPriceMinor: line.unitPriceMinor,
    quantity: line.quantity ?? 1,
    note: line.note ?? null,
    position,
    allergens: JSON.stringify(line.allergens ?? []),
    stationId: line.stationId ?? null,
    bumpedAt: null,
    cancelledAt: line.cancelledAt ?? null,
  }));
  const options: GuestOrderLineOption[] = lineSpecs.flatMap((line, at) =>
    (line.options ?? []).map((option, position) => ({
      id: newId(),
      lineId: lines[at]!.id,
      orderId: id,
      restaurantId: spec.restaurantId,
      optionId: option.optionId ?? null,
      groupId: option.groupId ?? null,
      groupNameRo: option.groupNameRo,
      groupNameEn: option.groupNameEn ?? null,
      nameRo: option.nameRo,
      nameEn: option.nameEn ?? null,
      priceMinor: option.priceMinor ?? 0,
      pricing: option.pricing ?? 'add',
      position,
    })),
  );
  const status = spec.status ?? 'received';
  const order: GuestOrder = {
    id,
    restaurantId: spec.restaurantId,
    locationId: spec.locationId,
    token: `${newId()}${newId()}`.slice(0, 32),
    serviceDay: spec.serviceDay ?? localMoment(Date.parse(now), spec.timeZone ?? 'Europe/Bucharest').date,
    number,
    kind,
    tableId: kind === 'dineIn' ? (spec.table?.id ?? null) : null,
    tableLabel: kind === 'dineIn' ? (spec.table?.label ?? null) : null,
    status,
    etaMinutes: spec.etaMinutes ?? (status === 'received' || status === 'declined' ? null : 15),
    declineReason: status === 'declined' ? 'Bucătăria se închide' : null,
    customerName: kind === 'pickup' ? (spec.customerName ?? 'Ana Popescu') : (spec.customerName ?? null),
    customerPhone: kind === 'pickup' ? (spec.customerPhone ?? '+40 721 000 000') : (spec.customerPhone ?? null),
    pickupTime: kind === 'pickup' ? (spec.pickupTime ?? '13:30') : null,
    totalMinor: lines.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0),
    currency: spec.currency ?? 'RON',
    locale: spec.locale ?? 'ro',
    idempotencyKey: newId(),
    createdAt: now,
    updatedAt: now,
    acceptedAt: status === 'received' || status === 'declined' ? null : now,
    readyAt: status === 'ready' || status === 'served' ? now : null,
    closedAt: status === 'served' || status === 'declined' ? now : null,
    contactErasedAt: null,
    allergies: spec.allergies ? JSON.stringify(spec.allergies) : null,
    allergyNote: spec.allergyNote ?? null,
    addsToOrderId: spec.addsToOrderId ?? null,
  };
  return { order, lines, options };
}

async function nextNumber(db: Kysely<Database>, restaurantId: string, serviceDay: string): Promise<number> {
  const row = await db
    .selectFrom('guestOrder')
    .select((eb) => eb.fn.max('number').as('last'))
    .where('restaurantId', '=', restaurantId)
    .where('serviceDay', '=', serviceDay)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

async function write(db: Kysely<Database>, spec: OrderSpec): Promise<BuiltOrder> {
  const probe = buildOrder(spec, 0);
  const built = buildOrder({ ...spec, serviceDay: probe.order.serviceDay }, await nextNumber(db, spec.restaurantId, probe.order.serviceDay));
  await db.insertInto('guestOrder').values(built.order).execute();
  if (built.lines.length > 0) await db.insertInto('guestOrderLine').values(built.lines).execute();
  if (built.options.length > 0) await db.insertInto('guestOrderLineOption').values(built.options).execute();
  return built;
}

/** Inserts an order with its lines and their options (no live event): a board reading its data finds it. */
export function insertOrder(db: Kysely<Database>, spec: OrderSpec): Promise<BuiltOrder> {
  return write(db, spec);
}

/**
 * Places an order as the placement service does: the order, its lines and, last in the same
 * transaction, the 'order.placed' event (decision 0031). Returns the order and the event's id; the
 * caller publishes on its bus after this returns (or lets the stream's 5 s look find it).
 */
export async function placeOrder(db: Kysely<Database>, spec: OrderSpec): Promise<BuiltOrder & { eventId: number }> {
  return db.transaction().execute(async (trx) => {
    const built = await write(trx, spec);
    const eventId = await appendLiveEvent(trx, {
      restaurantId: spec.restaurantId,
      channel: 'orders',
      type: 'order.placed',
      payload: { orderId: built.order.id, status: built.order.status, locationId: built.order.locationId },
    });
    return { ...built, eventId };
  });
}

/** A table of a location, for dine-in orders. */
export async function insertDiningTable(db: Kysely<Database>, restaurantId: string, locationId: string, label = 'Masa 5'): Promise<{ id: string; label: string; code: string }> {
  const table = { id: newId(), label, code: `T${newId().slice(0, 7)}` };
  await db.insertInto('diningTable').values({ id: table.id, restaurantId, locationId, label, code: table.code, sortOrder: 0, createdAt: new Date().toISOString() }).execute();
  return table;
}
