import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { AppError, isAppError } from '#app/modules/errors/app-error.ts';
import { appendLiveEvent } from '#app/modules/live/live-events.server.ts';
import { publishLive } from '#app/modules/live/live-bus.server.ts';
import { routeDishesToStations } from '#app/modules/kitchen/station-routing.server.ts';
import { consumeRateLimit, type RateRule } from '#app/modules/rate-limit/rate-limit.server.ts';
import { localMoment } from '#app/modules/restaurant/local-time.ts';
import { ORDER_LIMITS, type CartLine } from './cart-cookie.ts';
import {
  countOpenOrdersAtTable,
  findOpenOrderAtTable,
  countOrdersSince,
  findOrderByIdempotencyKey,
  findTableByCode,
  insertGuestOrder,
  isTableBlocked,
  lockOrderPlacement,
  nextOrderNumber,
} from './guest-order.repo.server.ts';
import { announceCeilingHit, ceilingWindowStart, ORDER_CEILING_MINUTES } from './guest-ceilings.server.ts';
import { assertAllOrderable, findOrderingRestaurant, priceCart, requireOrdersOpen, type GuestLocale, type PricedLine } from './order-pricing.server.ts';
import { assertPickupTime, isUniqueViolation, validateAllergies, validateContact, validateLines } from './order-rules.server.ts';
import type { OrderLiveEvent } from './ordering.types.ts';

/**
 * Placing a guest's order (issue 25, decision 0032). Public: the guest is anonymous, the menu's slug
 * and the cart are all there is. The server prices the cart from the menu as it is now; a total
 * other than the one the guest saw places nothing and answers the new total to confirm. Dine-in
 * needs the code of a table of that location (its QR link), not blocked today, with fewer than
 * ORDER_LIMITS.maxOpenOrdersPerTable orders open; pickup needs a name, a phone and a time within
 * today's hours. Rate limited per client and per table; the table's open orders and the location's
 * ceiling (orders in 10 minutes, guest-ceilings.server.ts) are counted in the inserting transaction
 * under the restaurant's lock (issue 33). One order per idempotency key (one per cart): a double
 * submit answers the first order. Numbered per restaurant and local day. Each line keeps the options
 * the guest confirmed (names and prices as priced now) and the allergen and trace keys of its dish and
 * options; the order keeps the allergies the guest declared (issue 35).
 */

export interface PlaceOrderInput {
  slug: string;
  locationId: string;
  kind: 'dineIn' | 'pickup';
  tableCode: string | null;
  customerName?: string | null;
  customerPhone?: string | null;
  /** 'HH:MM' today, local to the restaurant */
  pickupTime?: string | null;
  lines: readonly CartLine[];
  idempotencyKey: string;
  /** the total the guest saw and sends, in minor units */
  seenTotalMinor: number;
  /** the allergies the guest asks the kitchen to know of (EU-14 keys) and their own words; both optional */
  allergies?: readonly string[];
  allergyNote?: string | null;
  locale: GuestLocale;
}

export interface OrderClient {
  /** a keyed hash of the client's address (orderClientKey) */
  clientKey: string;
  /** ms; the real clock unless a test says otherwise */
  now?: number;
}

export type PlaceOrderResult =
  | { status: 'placed'; orderId: string; token: string; number: number }
  | { status: 'price-changed'; totalMinor: number; currency: string; lines: PricedLine[] };

/** Per client address and per table, counted on every attempt that reaches the checks of the order itself. */
export const ORDER_RATE_RULES = {
  client: { max: 10, windowSeconds: 10 * 60 },
  table: { max: 15, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateRule>;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/;
/** Numbers taken by a concurrent order are retried this many times (PostgreSQL; SQLite writes one at a time). */
const NUMBER_ATTEMPTS = 8;

/** A keyed hash of the client address: enough to rate limit, useless to anyone reading the table. */
export function orderClientKey(clientIp: string, secret: string): string {
  return createHmac('sha256', secret).update(`order:${clientIp}`).digest('base64url').slice(0, 32);
}

/** The guest's address for the order's page: 32 random characters. */
function newOrderToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function placeGuestOrder(db: Kysely<Database>, input: PlaceOrderInput, client: OrderClient): Promise<PlaceOrderResult> {
  const nowMs = client.now ?? Date.now();
  const now = new Date(nowMs);
  if (!IDEMPOTENCY_KEY.test(input.idempotencyKey)) throw new AppError('invalid-input');
  validateLines(input.lines);
  const declared = validateAllergies(input.allergies, input.allergyNote);
  if (!Number.isSafeInteger(input.seenTotalMinor) || input.seenTotalMinor < 0) throw new AppError('invalid-input');
  const restaurant = await findOrderingRestaurant(db, input.slug, now);
  if (!restaurant) throw new AppError('ordering-off');

  // a double submit: the order the first one placed, whatever has changed since
  const existing = await findOrderByIdempotencyKey(db, restaurant.id, input.idempotencyKey);
  if (existing) return { status: 'placed', orderId: existing.id, token: existing.token, number: existing.number };

  const ordering = await requireOrdersOpen(db, restaurant.id, input.locationId);
  const serviceDay = localMoment(nowMs, restaurant.timeZone).date;
  let table: { id: string; label: string } | null = null;
  let contact: { name: string; phone: string; pickupTime: string } | null = null;
  if (input.kind === 'dineIn') {
    if (!ordering.dineIn) throw new AppError('order-kind-unavailable');
    if (!input.tableCode) throw new AppError('order-table-required');
    const found = await findTableByCode(db, restaurant.id, input.tableCode);
    if (!found || found.locationId !== input.locationId) throw new AppError('order-table-unknown');
    if (await isTableBlocked(db, restaurant.id, found.id, serviceDay)) throw new AppError('order-table-blocked');
    table = found;
  } else if (input.kind === 'pickup') {
    if (!ordering.pickup) throw new AppError('order-kind-unavailable');
    const { name, phone } = validateContact(input.customerName, input.customerPhone);
    contact = { name, phone, pickupTime: assertPickupTime(input.pickupTime, restaurant, nowMs) };
  } else {
    throw new AppError('invalid-input');
  }

  const cart = await priceCart(db, restaurant, input.locationId, input.lines, nowMs, input.locale);
  assertAllOrderable(cart, getI18n(input.locale).t('order.goneDish'));
  if (cart.totalMinor !== input.seenTotalMinor) return { status: 'price-changed', totalMinor: cart.totalMinor, currency: cart.currency, lines: cart.lines };

  await rateLimit(db, `order:client:${client.clientKey}`, ORDER_RATE_RULES.client, now);
  if (table) await rateLimit(db, `order:table:${table.id}`, ORDER_RATE_RULES.table, now);

  const orderId = randomUUID();
  const token = newOrderToken();
  const stamp = now.toISOString();
  const stationOf = await routeDishesToStations(
    db,
    restaurant.id,
    input.locationId,
    cart.lines.map((line) => line.productId),
  );
  const lines = cart.lines.map((line, position) => ({
    id: randomUUID(),
    orderId,
    productId: line.productId,
    nameRo: line.nameRo,
    nameEn: line.nameEn,
    unitPriceMinor: line.unitPriceMinor,
    quantity: line.quantity,
    note: line.note,
    position,
    allergens: JSON.stringify(line.flagKeys),
    stationId: stationOf(line.productId),
  }));
  const lineOptions = cart.lines.flatMap((line, index) =>
    line.chosen.map((option, position) => ({
      id: randomUUID(),
      lineId: lines[index]!.id,
      orderId,
      optionId: option.optionId,
      groupId: option.groupId,
      groupNameRo: option.groupNameRo,
      groupNameEn: option.groupNameEn,
      nameRo: option.nameRo,
      nameEn: option.nameEn,
      priceMinor: option.priceMinor,
      pricing: option.pricing,
      position,
    })),
  );
  for (let attempt = 1; ; attempt++) {
    try {
      const number = await db.transaction().execute(async (trx) => {
        // counted under the lock, in the transaction that inserts: concurrent orders cannot all pass
        await lockOrderPlacement(trx, restaurant.id);
        if (table && (await countOpenOrdersAtTable(trx, restaurant.id, table.id)) >= ORDER_LIMITS.maxOpenOrdersPerTable) {
          throw new AppError('order-table-busy', { max: ORDER_LIMITS.maxOpenOrdersPerTable });
        }
        if ((await countOrdersSince(trx, restaurant.id, input.locationId, ceilingWindowStart(now, ORDER_CEILING_MINUTES))) >= ordering.orderCeiling) {
          throw new AppError('order-ceiling');
        }
        const next = await nextOrderNumber(trx, restaurant.id, serviceDay);
        // the table's order the kitchen already has: this one's tickets say "ADĂUGAT"
        const addsTo = table ? await findOpenOrderAtTable(trx, restaurant.id, table.id) : null;
        await insertGuestOrder(
          trx,
          restaurant.id,
          {
            id: orderId,
            locationId: input.locationId,
            token,
            serviceDay,
            number: next,
            kind: input.kind,
            tableId: table?.id ?? null,
            tableLabel: table?.label ?? null,
            status: 'received',
            etaMinutes: null,
            declineReason: null,
            customerName: contact?.name ?? null,
            customerPhone: contact?.phone ?? null,
            pickupTime: contact?.pickupTime ?? null,
            totalMinor: cart.totalMinor,
            currency: cart.currency,
            locale: input.locale,
            idempotencyKey: input.idempotencyKey,
            createdAt: stamp,
            updatedAt: stamp,
            acceptedAt: null,
            readyAt: null,
            closedAt: null,
            contactErasedAt: null,
            allergies: declared.allergies.length > 0 ? JSON.stringify(declared.allergies) : null,
            allergyNote: declared.allergyNote,
            addsToOrderId: addsTo,
          },
          lines,
          lineOptions,
        );
        // last: on PostgreSQL it holds the restaurant's channel until the commit (decision 0031)
        const event: OrderLiveEvent = { type: 'order.placed', payload: { orderId, status: 'received', locationId: input.locationId } };
        await appendLiveEvent(trx, { restaurantId: restaurant.id, channel: 'orders', ...event });
        return next;
      });
      publishLive(restaurant.id, 'orders');
      return { status: 'placed', orderId, token, number };
    } catch (error) {
      if (isAppError(error) && error.code === 'order-ceiling') await announceCeilingHit(db, restaurant.id, input.locationId, 'orders', now);
      if (isUniqueViolation(error, 'idempotencyKey')) {
        // the same cart sent twice at once: the other request placed it
        const placed = await findOrderByIdempotencyKey(db, restaurant.id, input.idempotencyKey);
        if (placed) return { status: 'placed', orderId: placed.id, token: placed.token, number: placed.number };
      }
      if (isUniqueViolation(error, 'number') && attempt < NUMBER_ATTEMPTS) continue;
      throw error;
    }
  }
}

async function rateLimit(db: Kysely<Database>, key: string, rule: RateRule, now: Date): Promise<void> {
  const verdict = await consumeRateLimit(db, key, rule, now);
  if (!verdict.ok) throw new AppError('order-rate-limited', { minutes: Math.ceil(verdict.retryAfterSeconds / 60) });
}
