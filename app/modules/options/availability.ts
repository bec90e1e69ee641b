/**
 * Sold out, and sold out "until we open again" (issue 35 item 8): a dish or an option whose
 * `available` is 0 is sold out, unless its `soldOutUntil` (the location's next opening when it was
 * marked) has come: from then on it is available again by itself, whether or not the hourly sweep
 * has written it back yet. Plain, shared by every reader (menu, cart, pricing, editor).
 */
export function availableNow(row: { available: number; soldOutUntil?: string | null }, nowMs: number): boolean {
  if (row.available === 1) return true;
  return row.soldOutUntil != null && Date.parse(row.soldOutUntil) <= nowMs;
}
