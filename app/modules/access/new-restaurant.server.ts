import type { Kysely } from 'kysely';
import type { Database, NewRestaurant } from '#app/db/schema.ts';
import { insertMembership, insertRestaurantRow } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { makeMemberScope } from './scope-builders.server.ts';
import type { MemberScope, RequestMeta, UserActor } from './scope.server.ts';

/**
 * A new restaurant and its first owner's membership, in the caller's transaction, and the owner's
 * scope for it: creating the row is the proof of ownership (the insert fails on an id that
 * exists), so this makes a scope only for the restaurant it has just made, never for an
 * arbitrary id. Registration, a Google user's first visit and "Adaugă un restaurant" use it.
 */
export async function createRestaurantWithOwner(trx: Kysely<Database>, owner: UserActor, row: NewRestaurant, requestMeta?: RequestMeta): Promise<MemberScope> {
  await insertRestaurantRow(trx, row);
  await insertMembership(trx, { id: newId(), restaurantId: row.id, userId: owner.id, role: 'owner', createdAt: row.createdAt, updatedAt: row.createdAt });
  return makeMemberScope(trx, owner, row.id, 'owner', requestMeta);
}
