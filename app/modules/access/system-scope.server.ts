import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { mint } from './scope-mint.internal.server.ts';
import { NO_REQUEST, type RequestMeta, type SystemRestaurantScope, type SystemScope } from './scope.server.ts';

/**
 * The system's scopes: jobs, the payment webhook, the demo seed, start-up tasks and scripts act
 * through them, never a route or a service on a person's behalf. dependency-cruiser's rule
 * `system-scopes-only-for-the-system` lists who may import this file (decision 0029).
 */

/** The scope of a job, webhook or script: `name` says which, and shows in the audit log. */
export function systemScope(db: Kysely<Database>, name: string, requestMeta: RequestMeta = NO_REQUEST): SystemScope {
  return mint<SystemScope>({ kind: 'system', db, actor: { type: 'system', id: name }, requestMeta });
}

/** The system acting for one restaurant (a job's or webhook's work on that restaurant's data). */
export function forRestaurant(scope: SystemScope, restaurantId: string): SystemRestaurantScope {
  return mint<SystemRestaurantScope>({ kind: 'system', db: scope.db, actor: scope.actor, requestMeta: scope.requestMeta, restaurantId });
}
