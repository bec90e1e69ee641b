import type { Subscription } from '#app/db/schema.ts';

/**
 * The back office overview's daily roll-up (docs/decisions/0017-back-office.md, "Daily roll-up"):
 * which closed UTC days a restaurant's subscription rows count on. A trial row counts on the day
 * it ends (marked `+` once converted: a PRO row, manual or card, not free, started after the trial
 * did and by now), a card row canceled or ended by the provider on the day it ends. The key is
 * written with the plan summary; when it changes, the roll-up's days of the old and the new key
 * are dropped (and computed again by the next overview that needs them).
 */
type PlanDayRow = Pick<Subscription, 'kind' | 'status' | 'plan' | 'startsAt' | 'endsAt'>;

export const dayOf = (iso: string): string => iso.slice(0, 10);

export function planDaysKey(rows: readonly PlanDayRow[], now: Date): string {
  const at = now.toISOString();
  const entries = new Set<string>();
  for (const row of rows) {
    if (row.kind === 'trial' && row.endsAt) {
      const converted = rows.some((pro) => (pro.kind === 'manual' || pro.kind === 'provider') && pro.plan !== 'free' && pro.startsAt >= row.startsAt && pro.startsAt < at);
      entries.add(`t${dayOf(row.endsAt)}${converted ? '+' : ''}`);
    } else if (row.kind === 'provider' && (row.status === 'canceled' || row.status === 'ended') && row.endsAt) {
      entries.add(`c${dayOf(row.endsAt)}`);
    }
  }
  return [...entries].sort().join(',');
}

/** The days a key names. */
export function planDaysOf(key: string): string[] {
  return key === '' ? [] : key.split(',').map((entry) => entry.slice(1, 11));
}

/** The days to drop from the roll-up when a restaurant's key moves from `before` to `after`. */
export function changedPlanDays(before: string, after: string): string[] {
  if (before === after) return [];
  return [...new Set([...planDaysOf(before), ...planDaysOf(after)])].sort();
}
