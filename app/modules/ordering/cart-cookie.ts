/**
 * The guest's cart (decision 0032): it lives on the device only, in one cookie scoped to the menu's
 * path (`/<slug>`), set only when the guest presses "Adaugă". It holds the location, the table code
 * the QR link carried, the cart's idempotency key and the lines: never a price (the server prices
 * every look at it) nor anything of the guest. Plain functions, safe in the browser bundle; a value
 * that is malformed, too long or of another shape reads as an empty cart.
 */

import { ALLERGEN_KEYS, type AllergenKey } from '#app/modules/product/allergens.ts';

export const CART_COOKIE = 'cart';
/** The cart is kept half a day: a meal, not a week. */
export const CART_MAX_AGE_S = 12 * 60 * 60;
/** A browser keeps about 4 KB per cookie: a cart that would not fit is refused before it is written. */
export const CART_MAX_COOKIE_CHARS = 3800;

/** Bounds the cart shares with the placement service (order-placement.schema.ts). */
export const ORDER_LIMITS = {
  maxLines: 50,
  maxQuantity: 20,
  maxNoteChars: 140,
  maxNameChars: 80,
  /** open orders (received or accepted) one table may have at once */
  maxOpenOrdersPerTable: 5,
  /** chosen options on one line (issue 35): a dish has at most 8 groups, a guest picks a handful */
  maxOptionsPerLine: 30,
} as const;

export interface CartLine {
  productId: string;
  quantity: number;
  note: string | null;
  /** the chosen options' ids, sorted (issue 35); absent or empty: none */
  options?: readonly string[];
}

export interface Cart {
  locationId: string;
  /** the table's code from its QR link (`?via=`), null when the guest did not scan one */
  tableCode: string | null;
  /** one per cart: a double submit is one order */
  key: string;
  lines: CartLine[];
  /**
   * The allergies the cart's form asks about (issue 35 item 4), as last saved or pre-filled from the
   * menu's allergen filter; null: not asked yet. Only what the guest sends with the order is kept.
   */
  allergies?: AllergenKey[] | null;
  allergyNote?: string | null;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The shape of a table's code as a guest may carry or type it (a short code is base64url). */
export const TABLE_CODE = ID;
const KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** `[dish, quantity, note]`, or `[dish, quantity, note, [option ids]]` for a line with choices. */
function isLine(value: unknown): value is [string, number, string | null, string[]?] {
  if (!Array.isArray(value) || value.length < 3 || value.length > 4) return false;
  const [productId, quantity, note, options] = value as unknown[];
  return (
    typeof productId === 'string' &&
    ID.test(productId) &&
    Number.isInteger(quantity) &&
    (quantity as number) >= 1 &&
    (quantity as number) <= ORDER_LIMITS.maxQuantity &&
    (note === null || (typeof note === 'string' && note.length <= ORDER_LIMITS.maxNoteChars)) &&
    (options === undefined || (Array.isArray(options) && options.length <= ORDER_LIMITS.maxOptionsPerLine && options.every((id) => typeof id === 'string' && ID.test(id))))
  );
}

/** The allergies a cookie holds: known keys in the regulation's order; anything else reads as not asked. */
function readAllergies(value: unknown): AllergenKey[] | null {
  if (!Array.isArray(value)) return null;
  return ALLERGEN_KEYS.filter((key) => value.includes(key));
}

/** The cart a Cookie header holds, or null. */
export function readCart(cookieHeader: string | null | undefined): Cart | null {
  const raw = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CART_COOKIE}=`));
  if (!raw || raw.length > CART_MAX_COOKIE_CHARS + CART_COOKIE.length + 1) return null;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw.slice(CART_COOKIE.length + 1)));
    if (!value || typeof value !== 'object') return null;
    const { l, t, k, i, a, y } = value as Record<string, unknown>;
    if (typeof l !== 'string' || !ID.test(l) || typeof k !== 'string' || !KEY.test(k)) return null;
    if (!(t === null || (typeof t === 'string' && ID.test(t)))) return null;
    if (!Array.isArray(i) || i.length > ORDER_LIMITS.maxLines || !i.every(isLine)) return null;
    return {
      locationId: l,
      tableCode: t,
      key: k,
      lines: i.map(([productId, quantity, note, options]) => ({ productId, quantity, note, options: options ?? [] })),
      allergies: readAllergies(a),
      allergyNote: typeof y === 'string' && y.length <= ORDER_LIMITS.maxNoteChars ? y : null,
    };
  } catch {
    return null;
  }
}

/** The cookie's value (URI-encoded JSON, short keys, a line's options only when it has some), or null when it would be too long to keep. */
export function encodeCart(cart: Cart): string | null {
  const lines = cart.lines.map((line) => (line.options?.length ? [line.productId, line.quantity, line.note, line.options] : [line.productId, line.quantity, line.note]));
  const json = JSON.stringify({
    l: cart.locationId,
    t: cart.tableCode,
    k: cart.key,
    i: lines,
    ...(cart.allergies ? { a: cart.allergies } : {}),
    ...(cart.allergyNote ? { y: cart.allergyNote } : {}),
  });
  const value = encodeURIComponent(json);
  return value.length <= CART_MAX_COOKIE_CHARS ? value : null;
}

/** The Set-Cookie header of a cart (or of its removal), scoped to the menu's own path. */
export function cartSetCookie(slug: string, value: string | null, secure: boolean): string {
  const attributes = `Path=/${slug}; SameSite=Lax${secure ? '; Secure' : ''}`;
  return value === null ? `${CART_COOKIE}=; ${attributes}; Max-Age=0` : `${CART_COOKIE}=${value}; ${attributes}; Max-Age=${CART_MAX_AGE_S}`;
}

/** Whether two lines are the same dish with the same options and note (they then make one line). */
export function sameLine(a: CartLine, b: CartLine): boolean {
  const left = a.options ?? [];
  const right = b.options ?? [];
  return a.productId === b.productId && a.note === b.note && left.length === right.length && left.every((id, index) => id === right[index]);
}

/**
 * A dish added (once, or `quantity` times, with its options and note): the identical line grows (up
 * to the limit), else a new line. Option ids are kept sorted, so the same choices made in another
 * order are the same line.
 */
export function addToCart(cart: Cart, added: CartLine): Cart | 'too-many-lines' | 'too-many' {
  const line: CartLine = { ...added, options: [...(added.options ?? [])].sort() };
  const existing = cart.lines.find((other) => sameLine(other, line));
  if (existing) {
    if (existing.quantity + line.quantity > ORDER_LIMITS.maxQuantity) return 'too-many';
    return { ...cart, lines: cart.lines.map((other) => (other === existing ? { ...other, quantity: other.quantity + line.quantity } : other)) };
  }
  if (cart.lines.length >= ORDER_LIMITS.maxLines) return 'too-many-lines';
  return { ...cart, lines: [...cart.lines, line] };
}

/** Lines made identical (a note typed to match another's) become one, their quantities added up to the limit. */
export function mergeCartLines(lines: readonly CartLine[]): CartLine[] {
  const merged: CartLine[] = [];
  for (const line of lines) {
    const index = merged.findIndex((other) => sameLine(other, line));
    if (index === -1) merged.push(line);
    else merged[index] = { ...merged[index]!, quantity: Math.min(ORDER_LIMITS.maxQuantity, merged[index]!.quantity + line.quantity) };
  }
  return merged;
}

/** The allergen keys of a list a guest sent (the menu's filter, the cart's chips): known ones only, in order. */
export function allergenKeysOf(values: readonly string[]): AllergenKey[] {
  return ALLERGEN_KEYS.filter((key) => values.includes(key));
}

/** How many dishes the cart holds (the cart bar's count). */
export function cartCount(cart: Cart | null): number {
  return cart ? cart.lines.reduce((sum, line) => sum + line.quantity, 0) : 0;
}
