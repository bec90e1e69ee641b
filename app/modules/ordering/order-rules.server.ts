import { AppError } from '#app/modules/errors/app-error.ts';
import { ALLERGEN_KEYS, isAllergenKey, type AllergenKey } from '#app/modules/product/allergens.ts';
import { instantOf, localMoment, minutesOf } from '#app/modules/restaurant/local-time.ts';
import { openingStatus, parseOpeningExceptions } from '#app/modules/restaurant/opening-exceptions.ts';
import { parseOpeningHours } from '#app/modules/restaurant/opening-hours.ts';
import { ORDER_LIMITS, type CartLine } from './cart-cookie.ts';
import type { OrderingRestaurant } from './order-pricing.server.ts';

/**
 * The order's own rules, checked before anything is read or written (issue 25, "Bad input"): each
 * refusal a translated AppError that names what to fix.
 */

const PRODUCT_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** digits, spaces, +, parentheses, dots and dashes; 6 to 15 digits (E.164 has at most 15) */
const PHONE = /^\+?[0-9 ().-]{6,24}$/;
const PICKUP_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
/** a pickup asked for a little in the past (the guest took a minute to send) is still today's "now" */
const PICKUP_GRACE_MS = 5 * 60 * 1000;

/** Lines: 1 to maxLines, each a known id shape, a whole quantity 1..maxQuantity and a note of at most maxNoteChars. */
export function validateLines(lines: readonly CartLine[]): void {
  if (!Array.isArray(lines) || lines.length === 0) throw new AppError('order-empty');
  if (lines.length > ORDER_LIMITS.maxLines) throw new AppError('order-too-many-lines', { max: ORDER_LIMITS.maxLines });
  for (const line of lines) {
    if (typeof line.productId !== 'string' || !PRODUCT_ID.test(line.productId)) throw new AppError('invalid-input');
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > ORDER_LIMITS.maxQuantity) {
      throw new AppError('order-quantity', { max: ORDER_LIMITS.maxQuantity });
    }
    if (line.note !== null && (typeof line.note !== 'string' || [...line.note].length > ORDER_LIMITS.maxNoteChars)) {
      throw new AppError('order-note-too-long', { max: ORDER_LIMITS.maxNoteChars });
    }
    const options = line.options ?? [];
    if (!Array.isArray(options) || options.length > ORDER_LIMITS.maxOptionsPerLine || !options.every((id) => typeof id === 'string' && PRODUCT_ID.test(id))) {
      throw new AppError('invalid-input');
    }
  }
}

/**
 * The allergies a guest asks the kitchen to know of (issue 35 item 4): EU-14 keys, at most once
 * each, and their own words within a note's length. Health data (GDPR art. 9): kept only when the
 * guest gives it, with the order, and erased with the contact details.
 */
export function validateAllergies(keys: readonly string[] | undefined, note: string | null | undefined): { allergies: AllergenKey[]; allergyNote: string | null } {
  const list = keys ?? [];
  if (!Array.isArray(list) || list.some((key) => !isAllergenKey(key)) || new Set(list).size !== list.length) throw new AppError('order-allergies', {}, { field: 'allergy' });
  // oxlint-disable-next-line no-control-regex -- control characters are what this removes
  const words = (note ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  if ([...words].length > ORDER_LIMITS.maxNoteChars) throw new AppError('order-note-too-long', { max: ORDER_LIMITS.maxNoteChars }, { field: 'allergyNote' });
  return { allergies: ALLERGEN_KEYS.filter((key) => list.includes(key)), allergyNote: words || null };
}

/** A pickup's name and phone, trimmed; either missing or malformed is refused on its field. */
export function validateContact(name: string | null | undefined, phone: string | null | undefined): { name: string; phone: string } {
  // oxlint-disable-next-line no-control-regex -- control characters are what this removes
  const cleanName = (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!cleanName || [...cleanName].length > ORDER_LIMITS.maxNameChars) throw new AppError('order-name', { max: ORDER_LIMITS.maxNameChars }, { field: 'name' });
  const cleanPhone = (phone ?? '').trim();
  const digits = cleanPhone.replace(/\D/g, '').length;
  if (!PHONE.test(cleanPhone) || digits < 6 || digits > 15) throw new AppError('order-phone', {}, { field: 'phone' });
  return { name: cleanName, phone: cleanPhone };
}

/**
 * A pickup time today ('HH:MM', local): not past, and within the hours (special hours and closed
 * days included). A restaurant without hours takes any time left today.
 */
export function assertPickupTime(time: string | null | undefined, restaurant: Pick<OrderingRestaurant, 'timeZone' | 'openingHours' | 'openingExceptions'>, now: number): string {
  if (!time || !PICKUP_TIME.test(time)) throw new AppError('order-pickup-time', {}, { field: 'pickupTime' });
  const today = localMoment(now, restaurant.timeZone).date;
  const at = instantOf(today, minutesOf(time), restaurant.timeZone);
  if (at < now - PICKUP_GRACE_MS) throw new AppError('order-pickup-time', {}, { field: 'pickupTime' });
  const hours = parseOpeningHours(restaurant.openingHours);
  if (hours && openingStatus(hours, parseOpeningExceptions(restaurant.openingExceptions), at, restaurant.timeZone).openNow !== true) {
    throw new AppError('order-pickup-time', {}, { field: 'pickupTime' });
  }
  return time;
}

/**
 * A unique index refused the insert: PostgreSQL's 23505 names the index; SQLite names the columns.
 * `which`: the idempotency key's index or the day's number's.
 */
export function isUniqueViolation(error: unknown, which: 'idempotencyKey' | 'number'): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  const index = which === 'idempotencyKey' ? 'guestOrder_idempotency_idx' : 'guestOrder_number_idx';
  if (code === '23505') return constraint === index;
  return (
    typeof message === 'string' && message.includes('UNIQUE constraint failed') && message.includes(which === 'idempotencyKey' ? 'guestOrder.idempotencyKey' : 'guestOrder.number')
  );
}
