import type { Kysely } from 'kysely';

/**
 * Time-based categories and closed days (issue 17, decision 0022). `category.schedule`: JSON
 * `{ days, from, to, overnight, outside }` in the restaurant's time zone, null = always served.
 * `restaurant.openingExceptions`: JSON list of `{ from, to, note, hours }` dates (holidays,
 * one-off closures, special hours), null = none. JSON text like `openingHours`, so both databases
 * store and return the same thing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('category').addColumn('schedule', 'text').execute();
  await db.schema.alterTable('restaurant').addColumn('openingExceptions', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('category').dropColumn('schedule').execute();
  await db.schema.alterTable('restaurant').dropColumn('openingExceptions').execute();
}
