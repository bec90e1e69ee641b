import type { Permission } from '#app/modules/access/policy.ts';

/**
 * Bulk actions on the dishes an owner selected in the editor (issue 17, faster editing). Plain
 * module without zod (issue 26: the editor's first load carries no zod): the editor previews a price change with the same rule the service applies.
 */
export type PriceChange = { kind: 'percent' | 'amount'; value: number };

/**
 * A price after a change, in minor units: a percentage of it (+10 %, −5 %) or an amount added
 * (+2,50, −1), rounded to the nearest minor unit; null when the result would be below zero.
 */
export function applyPriceChange(priceMinor: number, change: PriceChange): number | null {
  const next = change.kind === 'percent' ? Math.round(priceMinor * (1 + change.value / 100)) : priceMinor + Math.round(change.value * 100);
  return next < 0 ? null : next;
}

/** '10', '-5', '+2,50' as a number; null when it is not one. */
export function parseChangeValue(text: string): number | null {
  const match = /^\s*([+\-−]?)\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const value = Number(`${match[2]}.${match[3] ?? '0'}`);
  return match[1] === '-' || match[1] === '−' ? -value : value;
}

/** What a waiter does during service (decision 0029, `menu.availability`): sold out, back, hidden, shown. */
export const AVAILABILITY_ACTIONS = ['sold-out', 'available', 'hide', 'show'] as const;

/** The permission a bulk action needs: availability for service-time flags, `menu.edit` for moves and prices (and anything else). */
export function bulkEditPermission(action: unknown): Permission {
  return (AVAILABILITY_ACTIONS as readonly unknown[]).includes(action) ? 'menu.availability' : 'menu.edit';
}
