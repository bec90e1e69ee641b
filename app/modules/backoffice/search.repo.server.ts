import { PostgresAdapter, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { foldSearch } from './search-fold.ts';

/**
 * The back office's text search, shared by its lists: LIKE patterns taken literally, and the
 * diacritics-insensitive index search of migration 0019 on both databases.
 */

/** The text for LIKE with its own % and _ taken literally (escape character \). */
export const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for LIKE with the text's own % and _ taken literally (escape character \). */
export function containsPattern(text: string): string {
  return `%${literal(text.toLowerCase())}%`;
}

export const like = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** SQLite's FTS5 tables of migration 0019 (trigram tokenizer, diacritics removed), kept in step by triggers. */
const SEARCH_TABLES = { restaurant: 'restaurantSearch', user: 'userSearch' } as const;

/**
 * Rows of `table` with `text` inside one of `columns`, ignoring case and diacritics ("bunica" finds
 * "Bunică"), through an index (migration 0019): on PostgreSQL the folded columns' pg_trgm indexes
 * (a scan where the extension is missing), on SQLite the table's FTS5 trigram index. A text shorter
 * than a trigram (1 or 2 letters) scans with LIKE, ignoring case only (SQLite).
 */
export function textMatches(db: Kysely<Database>, table: keyof typeof SEARCH_TABLES, columns: readonly string[], text: string): Expression<SqlBool> {
  if (isPostgres(db)) {
    // a subquery of its own, so its OR becomes a BitmapOr over the trigram indexes (beside a
    // caller's other OR branch the planner would scan the table and fold every row); the fold
    // function is migration 0019's, costed high so the planner prefers the index
    const pattern = containsPattern(foldSearch(text));
    const folded = columns.map((column) => sql`bucate_search_fold(${sql.ref(`found.${column}`)}) like ${pattern}`);
    return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select found.id from ${sql.table(table)} as found where ${sql.join(folded, sql` or `)})`;
  }
  if ([...text].length < 3) {
    const pattern = containsPattern(text);
    return sql<SqlBool>`(${sql.join(
      columns.map((column) => like(`${table}.${column}`, pattern)),
      sql` or `,
    )})`;
  }
  const index = SEARCH_TABLES[table];
  const query = `{${columns.join(' ')}} : "${text.replaceAll('"', '""')}"`;
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select id from ${sql.table(index)} where ${sql.table(index)} match ${query})`;
}

/** A whole e-mail address: looked up by equality (the unique index), not by a scan. */
export function isWholeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
}
