/**
 * The guest's cart (decision 0032): it lives on the device only, in one cookie scoped to the menu's
 * path (`/<slug>`), set only when the guest presses "Adaugă". It holds the location, the table code
 * the QR link carried, the cart's idempotency key and the lines: never a price (the server prices
 * every look at it) nor anything of the guest. Plain functions, safe in the browser bundle; a value
 * that is malformed, too long or of another shape reads as an empty cart.
 */

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
} as const;

export interface CartLine {
  productId: string;
  quantity: number;
  note: string | null;
}

export interface Cart {
  locationId: string;
  /** the table's code from its QR link (`?via=`), null when the guest did not scan one */
  tableCode: string | null;
  /** one per cart: a double submit is one order */
  key: string;
  lines: CartLine[];
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The shape of a table's code as a guest may carry or type it (a short code is base64url). */
export const TABLE_CODE = ID;
const KEY = /^[A-Za-z0-9_-]{16,64}$/;

function isLine(value: unknown): value is [string, number, string | null] {
  if (!Array.isArray(value) || value.length !== 3) return false;
  const [productId, quantity, note] = value as unknown[];
  return (
    typeof productId === 'string' && ID.test(productId) &&
    Number.isInteger(quantity) && (quantity as number) >= 1 && (quantity as number) <= ORDER_LIMITS.maxQuantity &&
    (note === null || (typeof note === 'string' && note.length <= ORDER_LIMITS.maxNoteChars))
  );
}

/** The cart a Cookie header holds, or null. */
export function readCart(cookieHeader: string | null | undefined): Cart | null {
  const raw = (cookieHeader ?? '').split(';').map((part) => part.trim()).find((part) => part.startsWith(`${CART_COOKIE}=`));
  if (!raw || raw.length > CART_MAX_COOKIE_CHARS + CART_COOKIE.length + 1) return null;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw.slice(CART_COOKIE.length + 1)));
    if (!value || typeof value !== 'object') return null;
    const { l, t, k, i } = value as Record<string, unknown>;
    if (typeof l !== 'string' || !ID.test(l) || typeof k !== 'string' || !KEY.test(k)) return null;
    if (!(t === null || (typeof t === 'string' && ID.test(t)))) return null;
    if (!Array.isArray(i) || i.length > ORDER_LIMITS.maxLines || !i.every(isLine)) return null;
    return { locationId: l, tableCode: t, key: k, lines: i.map(([productId, quantity, note]) => ({ productId, quantity, note })) };
  } catch {
    return null;
  }
}

/** The cookie's value (URI-encoded JSON, short keys), or null when it would be too long to keep. */
export function encodeCart(cart: Cart): string | null {
  const json = JSON.stringify({ l: cart.locationId, t: cart.tableCode, k: cart.key, i: cart.lines.map((line) => [line.productId, line.quantity, line.note]) });
  const value = encodeURIComponent(json);
  return value.length <= CART_MAX_COOKIE_CHARS ? value : null;
}

/** The Set-Cookie header of a cart (or of its removal), scoped to the menu's own path. */
export function cartSetCookie(slug: string, value: string | null, secure: boolean): string {
  const attributes = `Path=/${slug}; SameSite=Lax${secure ? '; Secure' : ''}`;
  return value === null ? `${CART_COOKIE}=; ${attributes}; Max-Age=0` : `${CART_COOKIE}=${value}; ${attributes}; Max-Age=${CART_MAX_AGE_S}`;
}

/** A dish added once more: its note-less line grows by one (up to the limit), else a new line. */
export function addToCart(cart: Cart, productId: string): Cart | 'too-many-lines' | 'too-many' {
  const existing = cart.lines.find((line) => line.productId === productId && line.note === null);
  if (existing) {
    if (existing.quantity >= ORDER_LIMITS.maxQuantity) return 'too-many';
    return { ...cart, lines: cart.lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + 1 } : line)) };
  }
  if (cart.lines.length >= ORDER_LIMITS.maxLines) return 'too-many-lines';
  return { ...cart, lines: [...cart.lines, { productId, quantity: 1, note: null }] };
}

/** How many dishes the cart holds (the cart bar's count). */
export function cartCount(cart: Cart | null): number {
  return cart ? cart.lines.reduce((sum, line) => sum + line.quantity, 0) : 0;
}
