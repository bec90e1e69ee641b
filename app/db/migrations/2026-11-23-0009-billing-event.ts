import type { Kysely } from 'kysely';

/**
 * Stripe's webhook events, one row per event id (docs/decisions/0014-billing.md): Stripe delivers
 * an event at least once and retries for days, so the id is recorded in the same transaction as the
 * `billing.sync` job it starts, and a second delivery finds it and is acknowledged with no work.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billingEvent')
    // Stripe's event id (evt_…)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    // the Stripe customer the event is about (cus_…); null for events about no customer
    .addColumn('customerId', 'text')
    .addColumn('receivedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('billingEvent_customerId_idx').on('billingEvent').column('customerId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billingEvent').ifExists().execute();
}
