import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { acrossRestaurants } from '#app/db/tenant.ts';
import { containsPattern, like, literal } from './search.repo.server.ts';

/** The platform-wide audit log as the back office filters and pages it. */

export interface AuditLogFilter {
  /** an actor's e-mail address or id (part of it), or a system actor's name */
  actor?: string;
  restaurantId?: string;
  /** an action, or its prefix ending in '.' (e.g. 'subscription.') */
  action?: string;
  from?: string;
  to?: string;
}

function auditQuery(db: Kysely<Database>, filter: AuditLogFilter) {
  let query = db.selectFrom('auditEvent').leftJoin('restaurant', 'restaurant.id', 'auditEvent.restaurantId');
  if (filter.actor) {
    const pattern = containsPattern(filter.actor);
    query = query.where((eb) => eb.or([like('auditEvent.actorEmail', pattern), eb('auditEvent.actorId', '=', filter.actor!)]));
  }
  if (filter.restaurantId) query = query.where('auditEvent.restaurantId', '=', filter.restaurantId);
  if (filter.action)
    query = filter.action.endsWith('.')
      ? query.where(sql<SqlBool>`${sql.ref('auditEvent.action')} like ${`${literal(filter.action)}%`} escape '\\'`)
      : query.where('auditEvent.action', '=', filter.action);
  if (filter.from) query = query.where('auditEvent.createdAt', '>=', filter.from);
  if (filter.to) query = query.where('auditEvent.createdAt', '<', filter.to);
  return query;
}

export function listAuditPage(db: Kysely<Database>, filter: AuditLogFilter, page: { limit: number; offset: number }) {
  return auditQuery(acrossRestaurants(db, 'the back office reads the whole audit log'), filter)
    .select([
      'auditEvent.id',
      'auditEvent.createdAt',
      'auditEvent.actorType',
      'auditEvent.actorId',
      'auditEvent.actorEmail',
      'auditEvent.actorRole',
      'auditEvent.restaurantId',
      'restaurant.name as restaurantName',
      'auditEvent.action',
      'auditEvent.targetType',
      'auditEvent.targetId',
      'auditEvent.summary',
      'auditEvent.requestId',
    ])
    .orderBy('auditEvent.createdAt', 'desc')
    .orderBy('auditEvent.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countAudit(db: Kysely<Database>, filter: AuditLogFilter): Promise<number> {
  const row = await auditQuery(acrossRestaurants(db, 'the back office reads the whole audit log'), filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The distinct actions recorded (the filter's choices). */
export async function listAuditActions(db: Kysely<Database>): Promise<string[]> {
  const rows = await acrossRestaurants(db, 'the back office lists every action recorded')
    .selectFrom('auditEvent')
    .select('action')
    .distinct()
    .orderBy('action')
    .limit(200)
    .execute();
  return rows.map((row) => row.action);
}
