import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { listSessionMemberships } from '#app/modules/restaurant/restaurant.repo.server.ts';
import type { MemberAccess } from './access.server.ts';
import { can, isRole, type Permission } from './policy.ts';

/**
 * What a staff member's live stream was opened on (issue 33 item 1): the session, the user, the
 * restaurant and the permission the route's guard proved. A stream lives for minutes, so what the
 * guard proved once is checked again while it stays open (`heldStreamGrants`).
 */
export interface StreamGrant extends StreamHolder {
  readonly permission: Permission;
}

/** Who opens a stream: the member a route's guard let in, by their session. */
export interface StreamHolder {
  readonly sessionId: string;
  readonly userId: string;
  readonly restaurantId: string;
}

/** The member the guard let in a moment ago, as a stream's holder. */
export function streamHolderOf(access: MemberAccess): StreamHolder {
  return { sessionId: access.sessionId, userId: access.user.id, restaurantId: access.scope.restaurantId };
}

/**
 * Which of `grants` still hold, in one query for all of them: the session is still open (not
 * signed out on every device, not expired, not ended by disabling its user), its user is not
 * disabled and still a member of the restaurant, in a role that allows the permission. What
 * `requireMember` checks when a page opens, for every open stream at once.
 */
export async function heldStreamGrants<G extends StreamGrant>(db: Kysely<Database>, grants: readonly G[], now = Date.now()): Promise<Set<G>> {
  const held = new Set<G>();
  if (grants.length === 0) return held;
  const rows = await listSessionMemberships(db, [...new Set(grants.map((grant) => grant.sessionId))]);
  const roles = new Map<string, string>();
  for (const row of rows) {
    const open = new Date(row.expiresAt).getTime() > now && !row.banned && row.userRole !== 'admin';
    if (open) roles.set(`${row.sessionId} ${row.userId} ${row.restaurantId}`, row.role);
  }
  for (const grant of grants) {
    const role = roles.get(`${grant.sessionId} ${grant.userId} ${grant.restaurantId}`);
    if (isRole(role) && can(role, grant.permission)) held.add(grant);
  }
  return held;
}
