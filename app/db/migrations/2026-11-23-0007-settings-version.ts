import type { Kysely } from 'kysely';

/**
 * The settings form's own version (optimistic concurrency): `restaurant.updatedAt` moves with every
 * menu edit (bumpMenuVersion), so comparing it would refuse a settings save whenever a dish was
 * edited in another tab. This counter moves only when the settings themselves are saved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('restaurant')
    .addColumn('settingsVersion', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('restaurant').dropColumn('settingsVersion').execute();
}
