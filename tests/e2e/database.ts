import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { inject } from 'vitest';
import { openDatabase } from '#app/db/connection.server.ts';
import type { Database } from '#app/db/schema.ts';

/**
 * The server's own database, SQLite or PostgreSQL, whichever global-setup.ts gave it: for the few
 * arrangements and checks a person cannot make through the site (an inactive restaurant, a row
 * that must not exist). Everything a person can do, tests do through HTTP or the browser.
 */
export function openServerDatabase(): Kysely<Database> {
  const databaseUrl = inject('databaseUrl');
  return openDatabase({ databaseUrl: databaseUrl || undefined, sqlitePath: join(inject('dataDir'), 'bucate.sqlite') }).db;
}
