import type { Insertable, Kysely } from 'kysely';
import type { AuditEventTable, Database } from '#app/db/schema.ts';
import { acrossRestaurants } from '#app/db/tenant.ts';

export type NewAuditEvent = Insertable<AuditEventTable>;

/** Appends one audit row; the caller's handle is the transaction of the change it records. */
export async function insertAuditEvent(db: Kysely<Database>, event: NewAuditEvent): Promise<void> {
  await db.insertInto('auditEvent').values(event).execute();
}

export interface AuditFilter {
  restaurantId?: string;
  actorId?: string;
  action?: string;
  /** ISO-8601, inclusive */
  from?: string;
  /** ISO-8601, exclusive */
  to?: string;
}

/** Newest first, for the back office and a restaurant's detail page. */
export function listAuditEvents(db: Kysely<Database>, filter: AuditFilter, page: { limit: number; offset: number }) {
  let query = acrossRestaurants(db, 'the back office reads the log of one restaurant or of all').selectFrom('auditEvent').selectAll();
  if (filter.restaurantId) query = query.where('restaurantId', '=', filter.restaurantId);
  if (filter.actorId) query = query.where('actorId', '=', filter.actorId);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.from) query = query.where('createdAt', '>=', filter.from);
  if (filter.to) query = query.where('createdAt', '<', filter.to);
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}
