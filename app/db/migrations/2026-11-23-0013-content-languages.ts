import type { Kysely } from 'kysely';

/**
 * Content in more languages (docs/decisions/0019-content-languages.md). The ro/en columns stay as
 * they are; every content row gains `translations` (further languages' texts, read by the guest
 * menu in its existing queries) and `translationMeta` (machine/owner marks, read by the editor);
 * the restaurant gains its enabled languages and its do-not-translate list. Only columns with
 * constant defaults are added, so no existing value is rewritten.
 */
const CONTENT_TABLES = ['restaurant', 'location', 'category', 'product'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of CONTENT_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('translationMeta', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  }
  await db.schema
    .alterTable('restaurant')
    .addColumn('contentLanguages', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('restaurant')
    .addColumn('doNotTranslate', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // one "translate everything missing" run per press: its progress, read by the settings page
  await db.schema
    .createTable('translationRun')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('translationRun_restaurant').on('translationRun').columns(['restaurantId', 'createdAt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('translationRun').execute();
  await db.schema.alterTable('restaurant').dropColumn('doNotTranslate').execute();
  await db.schema.alterTable('restaurant').dropColumn('contentLanguages').execute();
  for (const table of CONTENT_TABLES) {
    await db.schema.alterTable(table).dropColumn('translationMeta').execute();
    await db.schema.alterTable(table).dropColumn('translations').execute();
  }
}
