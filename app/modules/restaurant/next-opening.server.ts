import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { nextOpening } from './next-opening.ts';
import { parseOpeningExceptions } from './opening-exceptions.ts';
import { parseOpeningHours } from './opening-hours.ts';
import { findRestaurantById } from './restaurant.repo.server.ts';

/**
 * The restaurant's next opening after `now` (ms) and its time zone, for sold out "until we open again"; refused
 * ('no-next-opening') when its hours are not set or nothing opens within the horizon.
 */
export async function requireNextOpening(db: Kysely<Database>, restaurantId: string, now: number): Promise<{ at: number; timeZone: string }> {
  const restaurant = await findRestaurantById(db, restaurantId);
  if (!restaurant) throw new AppError('not-found');
  const at = nextOpening(parseOpeningHours(restaurant.openingHours), parseOpeningExceptions(restaurant.openingExceptions), now, restaurant.timeZone);
  if (at === null) throw new AppError('no-next-opening');
  return { at, timeZone: restaurant.timeZone };
}
