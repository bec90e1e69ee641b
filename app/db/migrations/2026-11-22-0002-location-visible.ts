import type { Kysely } from 'kysely';

/** A location can be hidden from guests (a terrace closed for the winter) without deleting its menu. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('location')
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('location').dropColumn('visible').execute();
}
