import type { Kysely } from 'kysely';

/**
 * Counters and lock rows for limits that must hold across processes and concurrent requests
 * (password checks, the contact form): one row per key, changed only by an atomic upsert, so the
 * row is also what concurrent transactions for one key queue on. Portable columns (decision 0002).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rateCounter')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('windowStart', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  // the sweep of finished windows
  await db.schema.createIndex('rateCounter_windowStart_idx').on('rateCounter').column('windowStart').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rateCounter').execute();
}
