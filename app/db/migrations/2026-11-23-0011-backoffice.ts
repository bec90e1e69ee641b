import type { Kysely } from 'kysely';

/**
 * The platform back office (docs/decisions/0017-back-office.md):
 * - contact messages get read/handled marks (the inbox) and an index for newest-first paging;
 * - appConfig (settings/app_config of docs/product-spec.md section 3) gets the operator settings that may change without a
 *   restart; null means "use the environment's value";
 * - indexes that keep the restaurant and user lists and the overview fast at 10,000 restaurants and
 *   50,000 users (sorting by creation, filtering by plan state, joining owners, counting plan rows).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contactMessage').addColumn('readAt', 'text').execute();
  await db.schema.alterTable('contactMessage').addColumn('handledAt', 'text').execute();
  await db.schema.createIndex('contactMessage_createdAt_idx').on('contactMessage').column('createdAt').execute();

  await db.schema.alterTable('appConfig').addColumn('contactEmail', 'text').execute();
  await db.schema.alterTable('appConfig').addColumn('priceMonthlyMinor', 'integer').execute();
  await db.schema.alterTable('appConfig').addColumn('priceYearlyMinor', 'integer').execute();
  await db.schema.alterTable('appConfig').addColumn('priceCurrency', 'text').execute();

  await db.schema.createIndex('restaurant_createdAt_idx').on('restaurant').column('createdAt').execute();
  await db.schema.createIndex('restaurant_name_idx').on('restaurant').column('name').execute();
  await db.schema.createIndex('restaurant_plan_idx').on('restaurant').columns(['planKind', 'proUntil']).execute();
  await db.schema.createIndex('restaurant_publishedUntil_idx').on('restaurant').column('publishedUntil').execute();
  await db.schema.createIndex('user_createdAt_idx').on('user').column('createdAt').execute();
  await db.schema.createIndex('subscription_kind_startsAt_idx').on('subscription').columns(['kind', 'startsAt']).execute();
  await db.schema.createIndex('auditEvent_action_createdAt_idx').on('auditEvent').columns(['action', 'createdAt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'auditEvent_action_createdAt_idx',
    'subscription_kind_startsAt_idx',
    'user_createdAt_idx',
    'restaurant_publishedUntil_idx',
    'restaurant_plan_idx',
    'restaurant_name_idx',
    'restaurant_createdAt_idx',
    'contactMessage_createdAt_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  for (const column of ['priceCurrency', 'priceYearlyMinor', 'priceMonthlyMinor', 'contactEmail']) await db.schema.alterTable('appConfig').dropColumn(column).execute();
  for (const column of ['handledAt', 'readAt']) await db.schema.alterTable('contactMessage').dropColumn(column).execute();
}
