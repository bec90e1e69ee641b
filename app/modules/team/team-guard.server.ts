import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { can, KEEPS_THE_RESTAURANT, keepsTheRestaurant, rolesWith, type Permission, type Role } from '#app/modules/access/policy.ts';
import type { MemberScope } from '#app/modules/access/scope.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { lockRestaurantRow } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { countOwners, findMembershipOfUser } from './team.repo.server.ts';

/**
 * The first step of every team change, in its transaction (decision 0029): the restaurant's row
 * lock, then the actor's role as it is now, not as it was when the request began. A member
 * removed or demoted a moment ago by someone else is refused; changes to one team queue up here,
 * so an owner count read after it stays true until the transaction ends.
 */
export async function lockTeam(trx: Kysely<Database>, scope: MemberScope, permission: Permission): Promise<{ id: string; role: Role }> {
  await lockRestaurantRow(trx, scope.restaurantId);
  const mine = await findMembershipOfUser(trx, scope.restaurantId, scope.actor.id);
  if (!mine || !can(mine.role, permission)) throw new AppError('forbidden');
  return mine;
}

/**
 * Whether taking a member with role `target` out of their role leaves the restaurant with nobody who
 * keeps it (its owners; the policy says who: `KEEPS_THE_RESTAURANT`), after `lockTeam`.
 */
export async function wouldLeaveNoOwner(trx: Kysely<Database>, restaurantId: string, target: Role): Promise<boolean> {
  return keepsTheRestaurant(target) && (await countOwners(trx, restaurantId, rolesWith(KEEPS_THE_RESTAURANT))) <= 1;
}

/** A row's next version: now, or a moment after the last one when the clock has not moved past it. */
export function nextVersion(previous: string, now = new Date().toISOString()): string {
  return now > previous ? now : new Date(Date.parse(previous) + 1).toISOString();
}
