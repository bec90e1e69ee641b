import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { listDishOptionGroups } from './options.repo.server.ts';
import type { DishOptionGroup } from './options.types.ts';

/**
 * The options module's public read of dishes' groups for the other modules (decision 0027: its
 * repository is its own): the guest menu, the cart and the order read them through here, one
 * restaurant's, with availability at `nowMs`. A public read model (what guests may see): no scope.
 */
export function readDishOptionGroups(db: Kysely<Database>, restaurantId: string, productIds: readonly string[], nowMs: number): Promise<Map<string, DishOptionGroup[]>> {
  return listDishOptionGroups(db, restaurantId, productIds, nowMs);
}
