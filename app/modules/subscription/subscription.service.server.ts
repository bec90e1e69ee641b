import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import type { SessionUser } from '#app/modules/access/access.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { bumpMenuVersion } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { proToggle } from './subscription.ts';

/**
 * A platform admin grants or takes back manual PRO (spec section 4: one year for manual PRO, and
 * taking it back clears the expiry), with no card involved. The menu version moves too: a menu
 * that the trial's end had hidden is online again on the next request, on every app process.
 */
export async function setManualPro(db: Kysely<Database>, actor: SessionUser, restaurantId: string, enable: boolean, now: Date = new Date()): Promise<{ name: string; expirationDate: string | null; timeZone: string }> {
  // requireAdmin has run in the route; checked here as well so no other caller can skip it
  if (actor.role !== 'admin') throw new AppError('not-found');
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('restaurant').select('isManualPro').where('id', '=', restaurantId).executeTakeFirst();
    if (!current) throw new AppError('not-found');
    // only an admin's own grant is taken back here: a PRO paid by card is the payment provider's to end
    if (!enable && current.isManualPro !== 1) throw new AppError('pro-not-manual');
    const change = proToggle(enable, { manual: true }, now);
    const updated = await trx.updateTable('restaurant').set({ ...change, updatedAt: now.toISOString() }).where('id', '=', restaurantId).returning(['name', 'expirationDate', 'timeZone']).executeTakeFirst();
    if (!updated) throw new AppError('not-found');
    await bumpMenuVersion(trx, restaurantId);
    return updated;
  });
}
