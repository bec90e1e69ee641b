import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Restaurant groups and teams (issue 24, decision 0029): who may act in a restaurant is a
 * membership (user, restaurant, role), no longer `user.restaurantId` nor `restaurant.ownerId`.
 * - `membership`: one row per user per restaurant; every existing owner becomes an 'owner'.
 * - `invitation`: an e-mail invited with a role; only the SHA-256 of its token is kept.
 * - `user.lastRestaurantId`: where the member lands after sign-in (the restaurant used last).
 * - `auditEvent.actorRole`: the role a member acted in.
 * Portable columns (decision 0002).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('membership')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('membership_restaurant_user_key', ['restaurantId', 'userId'])
    .execute();
  await db.schema.createIndex('membership_userId_idx').on('membership').column('userId').execute();

  await db.schema
    .createTable('invitation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('invitedBy', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('acceptedAt', 'text')
    .addColumn('acceptedBy', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('revokedAt', 'text')
    .execute();
  await db.schema.createIndex('invitation_restaurant_idx').on('invitation').columns(['restaurantId', 'createdAt']).execute();
  await db.schema.createIndex('invitation_email_idx').on('invitation').column('email').execute();

  await db.schema.alterTable('user').addColumn('lastRestaurantId', 'text').execute();
  await db.schema.alterTable('auditEvent').addColumn('actorRole', 'text').execute();

  // every owner of today: the restaurant's ownerId, and a user's restaurantId should the two ever disagree
  const now = new Date().toISOString();
  const owners = (await db
    .selectFrom('restaurant')
    .select(['id as restaurantId', 'ownerId as userId'])
    .where('ownerId', 'is not', null)
    .union(db.selectFrom('user').innerJoin('restaurant', 'restaurant.id', 'user.restaurantId').select(['restaurant.id as restaurantId', 'user.id as userId']))
    .execute()) as { restaurantId: string; userId: string }[];
  for (const { restaurantId, userId } of owners) {
    await db.insertInto('membership').values({ id: crypto.randomUUID(), restaurantId, userId, role: 'owner', createdAt: now, updatedAt: now }).execute();
  }
  await db
    .updateTable('user')
    .set((eb) => ({ lastRestaurantId: eb.ref('restaurantId') }))
    .execute();

  await db.schema.dropIndex('user_restaurantId_idx').execute();
  await db.schema.alterTable('user').dropColumn('restaurantId').execute();
  await db.schema.dropIndex('restaurant_ownerId_idx').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await db.schema.alterTable('restaurant').dropColumn('ownerId').execute();
  else await rebuildSqliteRestaurantWithoutOwner(db);
}

/**
 * SQLite cannot drop a column a foreign key is declared on; its documented way
 * (https://sqlite.org/lang_altertable.html, "other kinds of table schema changes"), as in
 * migration 0005: with foreign keys off, create the table without it, copy, swap, recreate the
 * indexes and triggers, check the foreign keys. The CREATE statement is SQLite's own minus the column.
 */
async function rebuildSqliteRestaurantWithoutOwner(db: Kysely<any>): Promise<void> {
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'restaurant'`.execute(db);
  const create = table.rows[0]?.sql ?? '';
  // with its foreign key as migration 0001 made it, or without one where migration 0005's rebuild left it plain
  const without = create.replace(/,\s*"ownerId"\s+text(\s+references\s+"user"\s*\("id"\)\s+on delete set null)?(?=\s*[,)])/i, '');
  if (without === create) throw new Error(`restaurant.ownerId not found in ${create}`);
  const rebuild = without.replace(/^create table "restaurant"/i, 'create table "restaurant_rebuild"');
  // dropping the table drops its indexes and triggers (migration 0019's search index is kept by triggers)
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type in ('index', 'trigger') and tbl_name = 'restaurant' and sql is not null order by type`.execute(db);
  const info = await sql<{ name: string }>`pragma table_info("restaurant")`.execute(db);
  const kept = info.rows
    .map((c) => `"${c.name}"`)
    .filter((name) => name !== '"ownerId"')
    .join(', ');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(rebuild).execute(trx);
      await sql.raw(`insert into "restaurant_rebuild" (${kept}) select ${kept} from "restaurant"`).execute(trx);
      await sql`drop table "restaurant"`.execute(trx);
      await sql`alter table "restaurant_rebuild" rename to "restaurant"`.execute(trx);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken by the restaurant rebuild: ${JSON.stringify(broken.rows.slice(0, 5))}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('restaurant').addColumn('ownerId', 'text').execute();
  await db.schema.alterTable('user').addColumn('restaurantId', 'text').execute();
  const owners = (await db.selectFrom('membership').select(['restaurantId', 'userId']).where('role', '=', 'owner').orderBy('createdAt').execute()) as {
    restaurantId: string;
    userId: string;
  }[];
  for (const { restaurantId, userId } of owners) {
    await db.updateTable('restaurant').set({ ownerId: userId }).where('id', '=', restaurantId).where('ownerId', 'is', null).execute();
    await db.updateTable('user').set({ restaurantId }).where('id', '=', userId).where('restaurantId', 'is', null).execute();
  }
  await db.schema.createIndex('user_restaurantId_idx').on('user').column('restaurantId').execute();
  await db.schema.createIndex('restaurant_ownerId_idx').on('restaurant').column('ownerId').execute();
  await db.schema.alterTable('auditEvent').dropColumn('actorRole').execute();
  await db.schema.alterTable('user').dropColumn('lastRestaurantId').execute();
  await db.schema.dropTable('invitation').execute();
  await db.schema.dropTable('membership').execute();
}
