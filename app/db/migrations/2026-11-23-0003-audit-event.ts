import type { Kysely } from 'kysely';

/**
 * The audit log: one append-only row per owner, admin or system change, written in the same
 * transaction as the change (docs/decisions/0009-scopes-and-audit.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auditEvent')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    // 'user' or 'system'; the user's e-mail is kept as it was when they acted
    .addColumn('actorType', 'text', (c) => c.notNull())
    .addColumn('actorId', 'text', (c) => c.notNull())
    .addColumn('actorEmail', 'text')
    // the restaurant the change belongs to, when it belongs to one (no foreign key: history outlives rows)
    .addColumn('restaurantId', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('targetType', 'text', (c) => c.notNull())
    .addColumn('targetId', 'text')
    // JSON { before?, after? }: a short summary of what changed, never secrets
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('requestId', 'text')
    .execute();
  await db.schema.createIndex('auditEvent_createdAt_idx').on('auditEvent').column('createdAt').execute();
  await db.schema.createIndex('auditEvent_restaurant_createdAt_idx').on('auditEvent').columns(['restaurantId', 'createdAt']).execute();
  await db.schema.createIndex('auditEvent_actor_createdAt_idx').on('auditEvent').columns(['actorId', 'createdAt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auditEvent').ifExists().execute();
}
