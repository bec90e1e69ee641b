import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The back office at 10,000 restaurants (docs/decisions/0017-back-office.md, "Daily roll-up" and
 * "Search"):
 *
 * - `platformDay`: the overview's per-day counts of closed UTC days (sign-ups, trials ended and of
 *   those converted, card cancellations), filled by the overview for the days it lacks and dropped
 *   for the days a plan change touches; `restaurant.statsKey` names the days a restaurant counts on
 *   (its trial ends, converted or not, and its cancellations), so a change drops the old days too;
 *   `subscription(kind, endsAt)` serves the live part (today and the range's first, partial day).
 * - Search by a fragment of a name, slug or e-mail, diacritics-insensitive ("bunica" finds
 *   "Bunică"), through an index: on SQLite FTS5 tables with the trigram tokenizer (kept in step by
 *   triggers, whoever writes the row: better-auth writes users); on PostgreSQL pg_trgm GIN indexes
 *   over `bucate_search_fold(column)` (lower-cased, Romanian and common Latin diacritics translated),
 *   when the extension can be installed; without it the same query scans.
 */

/** Letters folded by the PostgreSQL search expression; app/modules/backoffice/search-fold.ts keeps the same pair. */
const FOLD_FROM = 'ăâîșşțţáàäãåéèëêíìïóòöôõúùüûçñýÿĂÂÎȘŞȚŢÁÀÄÃÅÉÈËÊÍÌÏÓÒÖÔÕÚÙÜÛÇÑÝ';
const FOLD_TO = 'aaissttaaaaaeeeeiiiooooouuuucnyyaaissttaaaaaeeeeiiiooooouuuucny';

const TRIGRAM_INDEXES = [
  ['restaurant_name_trgm_idx', 'restaurant', 'name'],
  ['restaurant_slug_trgm_idx', 'restaurant', 'slug'],
  ['user_email_trgm_idx', 'user', 'email'],
  ['user_name_trgm_idx', 'user', 'name'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('platformDay')
    /** YYYY-MM-DD, UTC */
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('signups', 'integer', (c) => c.notNull())
    .addColumn('trialsEnded', 'integer', (c) => c.notNull())
    .addColumn('trialsConverted', 'integer', (c) => c.notNull())
    .addColumn('cancellations', 'integer', (c) => c.notNull())
    .addColumn('computedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('restaurant').addColumn('statsKey', 'text').execute();
  await db.schema.createIndex('subscription_kind_endsAt_idx').on('subscription').columns(['kind', 'endsAt']).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // the folded text, as a function the planner does not inline (its SET clause) and costs high:
    // so it prefers the trigram index to folding every row of a scan
    await sql`create function bucate_search_fold(value text) returns text language sql immutable strict parallel safe cost 1000 set search_path = pg_catalog
      as ${sql.lit(`select translate(lower(value), '${FOLD_FROM}', '${FOLD_TO}')`)}`.execute(db);
    const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (Number(available.rows[0]?.n) > 0) {
      // a trusted extension since PostgreSQL 13: the database's owner may create it
      await sql`create extension if not exists pg_trgm`.execute(db);
      for (const [name, table, column] of TRIGRAM_INDEXES)
        await sql`create index ${sql.id(name)} on ${sql.id(table)} using gin (bucate_search_fold(${sql.id(column)}) gin_trgm_ops)`.execute(db);
    }
    return;
  }

  const tokenizer = sql.lit('trigram remove_diacritics 1');
  await sql`create virtual table "restaurantSearch" using fts5(id unindexed, name, slug, tokenize = ${tokenizer})`.execute(db);
  await sql`insert into "restaurantSearch" (id, name, slug) select id, name, slug from restaurant`.execute(db);
  await sql`create trigger "restaurantSearch_insert" after insert on restaurant begin insert into "restaurantSearch" (id, name, slug) values (new.id, new.name, new.slug); end`.execute(
    db,
  );
  await sql`create trigger "restaurantSearch_update" after update of name, slug on restaurant begin update "restaurantSearch" set name = new.name, slug = new.slug where id = old.id; end`.execute(
    db,
  );
  await sql`create trigger "restaurantSearch_delete" after delete on restaurant begin delete from "restaurantSearch" where id = old.id; end`.execute(db);

  await sql`create virtual table "userSearch" using fts5(id unindexed, email, name, tokenize = ${tokenizer})`.execute(db);
  await sql`insert into "userSearch" (id, email, name) select id, email, name from "user"`.execute(db);
  await sql`create trigger "userSearch_insert" after insert on "user" begin insert into "userSearch" (id, email, name) values (new.id, new.email, new.name); end`.execute(db);
  await sql`create trigger "userSearch_update" after update of email, name on "user" begin update "userSearch" set email = new.email, name = new.name where id = old.id; end`.execute(
    db,
  );
  await sql`create trigger "userSearch_delete" after delete on "user" begin delete from "userSearch" where id = old.id; end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [name] of TRIGRAM_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
    await sql`drop function if exists bucate_search_fold(text)`.execute(db);
  } else {
    for (const table of ['restaurantSearch', 'userSearch']) {
      for (const event of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.id(`${table}_${event}`)}`.execute(db);
      await sql`drop table if exists ${sql.id(table)}`.execute(db);
    }
  }
  await db.schema.dropIndex('subscription_kind_endsAt_idx').execute();
  await db.schema.alterTable('restaurant').dropColumn('statsKey').execute();
  await db.schema.dropTable('platformDay').execute();
}
