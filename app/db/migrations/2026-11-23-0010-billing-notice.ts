import type { Kysely } from 'kysely';

/**
 * Lifecycle and dunning e-mails (docs/decisions/0014-billing.md): one row per notice ever sent,
 * keyed by what it is about (`trial-ending:<trial row>`, `payment-failed:<subscription>:<period>`…),
 * written in the same transaction as the `mail.send` job. A sweep running twice, or on two
 * processes at once, inserts the key once, so each notice goes out once; unlike a job's dedupe key
 * it outlives the done-job purge. `restaurant.ownerLocale` is the owner's language for those mails
 * (the language the owner last used on the subscription page or at checkout; null: Romanian).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billingNotice')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sentAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('billingNotice_restaurantId_idx').on('billingNotice').column('restaurantId').execute();
  await db.schema.alterTable('restaurant').addColumn('ownerLocale', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('restaurant').dropColumn('ownerLocale').execute();
  await db.schema.dropTable('billingNotice').ifExists().execute();
}
