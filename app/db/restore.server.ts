import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import pg from 'pg';
import type { BackupTarget } from './backup.server.ts';
import { migrations } from './migrations/index.ts';

const run = promisify(execFile);

/** A restore that did not happen because the file is not a complete backup of this app; nothing was changed. */
export class RestoreRefused extends Error {}

function refuse(message: string): never {
  throw new RestoreRefused(message.replace(/\s*\n\s*/g, ' ').trim());
}

export interface RestoreResult {
  /** where the database that was live before is kept (a file or a database name); absent when it was empty or missing */
  previous?: string;
}

/**
 * Replaces the live database with a backup, only once the backup has proved to be a complete backup of
 * this application (docs/decisions/0011): it opens, passes an integrity check (SQLite `integrity_check`;
 * PostgreSQL: `pg_restore --list` reads it and it restores into a scratch database), its
 * `kysely_migration` table is present and names no migration this code lacks. The restored copy is then
 * swapped in by renaming, so the previous database stays whole until the new one is in place, and is kept
 * beside it. Stop the app first. Throws `RestoreRefused` (nothing changed) for a file that fails a check.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<RestoreResult> {
  if (!existsSync(file)) refuse(`no backup file at ${file}`);
  if (statSync(file).size === 0) refuse(`${file} is empty, not a backup`);
  return target.databaseUrl ? restorePostgres(target.databaseUrl, file) : restoreSqlite(target.sqlitePath, file);
}

/** Refuses a migration list that is not this application's, or is newer than this code. */
function checkMigrations(file: string, names: string[] | undefined): void {
  if (!names) refuse(`${file} is not a backup of Bucate (it has no kysely_migration table)`);
  if (names.length === 0) refuse(`${file} is not a backup of Bucate (its kysely_migration table is empty)`);
  const known = Object.keys(migrations);
  const unknown = names.filter((name) => !known.includes(name)).sort();
  if (unknown.length === 0) return;
  const newest = unknown.at(-1)!;
  if (newest > known.at(-1)!) refuse(`${file} was made by a newer version of Bucate (migration ${newest} is not in this code): update the code first`);
  refuse(`${file} is not a backup of Bucate (unknown migration ${unknown[0]})`);
}

/** A short, sortable stamp for the name the previous database is kept under. */
function stamp(): string {
  return new Date().toISOString().replace(/\D/g, '').slice(0, 14);
}

async function restoreSqlite(livePath: string, file: string): Promise<RestoreResult> {
  mkdirSync(dirname(livePath), { recursive: true });
  const scratch = `${livePath}.restoring-${randomBytes(4).toString('hex')}`;
  const removeScratch = () => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${scratch}${suffix}`, { force: true });
  };
  try {
    // copy first, then check the copy: what is checked is exactly what goes live, and the backup file
    // itself is never opened (opening it would leave -wal/-shm files beside it)
    copyFileSync(file, scratch);
    let copy: DatabaseSync;
    try {
      copy = new DatabaseSync(scratch);
    } catch (error) {
      refuse(`${file} cannot be read as a SQLite backup (${(error as Error).message})`);
    }
    try {
      checkSqlite(copy, file);
    } finally {
      copy.close();
    }
  } catch (error) {
    removeScratch();
    throw error;
  }
  return swapSqlite(livePath, scratch);
}

function checkSqlite(db: DatabaseSync, file: string): void {
  let result: Array<Record<string, unknown>>;
  try {
    result = db.prepare('PRAGMA integrity_check').all();
  } catch (error) {
    refuse(`${file} is damaged or not a complete backup (${(error as Error).message})`);
  }
  const verdict = result.map((row) => String(Object.values(row)[0]));
  if (verdict.join() !== 'ok') refuse(`${file} is damaged or not a complete backup (integrity check: ${verdict[0]})`);
  const hasTable = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
  const names = hasTable
    ? db
        .prepare('select name from kysely_migration')
        .all()
        .map((row) => String(row.name))
    : undefined;
  checkMigrations(file, names);
}

function hasTables(path: string): boolean {
  const db = new DatabaseSync(path);
  try {
    // fold the WAL into the main file, so the previous database is kept as one complete file
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return db.prepare("select 1 from sqlite_master where type = 'table'").get() !== undefined;
  } finally {
    db.close();
  }
}

function swapSqlite(livePath: string, scratch: string): RestoreResult {
  if (!existsSync(livePath)) {
    renameSync(scratch, livePath);
    return {};
  }
  let keep = true;
  try {
    keep = hasTables(livePath);
  } catch {
    // a live database that cannot even be opened is kept as it is, with its WAL beside it
  }
  const kept = `${livePath}.before-restore-${stamp()}`;
  const moves = ['', '-wal'].filter((suffix) => existsSync(`${livePath}${suffix}`));
  for (const suffix of moves) renameSync(`${livePath}${suffix}`, `${kept}${suffix}`);
  rmSync(`${livePath}-shm`, { force: true });
  try {
    renameSync(scratch, livePath);
  } catch (error) {
    for (const suffix of moves) renameSync(`${kept}${suffix}`, `${livePath}${suffix}`);
    throw error;
  }
  if (keep) return { previous: kept };
  for (const suffix of moves) rmSync(`${kept}${suffix}`, { force: true });
  return {};
}

/** `url` with its database name replaced. */
function databaseUrl(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(name)}`;
  return next.toString();
}

/** `base_suffix`, shortened to PostgreSQL's 63-byte identifier limit. */
function siblingName(base: string, suffix: string): string {
  return `${base.slice(0, 62 - suffix.length)}_${suffix}`;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function restorePostgres(url: string, file: string): Promise<RestoreResult> {
  try {
    await run('pg_restore', ['--list', file]);
  } catch (error) {
    refuse(`${file} cannot be read as a PostgreSQL backup (${firstLine(error)})`);
  }
  const live = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = databaseUrl(url, 'postgres');
  const liveExists = (await query(maintenance, 'select 1 from pg_database where datname = $1', [live])).length > 0;
  const scratch = siblingName(live, `restore_${randomBytes(4).toString('hex')}`);
  await query(maintenance, `CREATE DATABASE ${ident(scratch)}`);
  const scratchUrl = databaseUrl(url, scratch);
  try {
    try {
      await run('pg_restore', ['--no-owner', '--single-transaction', '--exit-on-error', '--dbname', scratchUrl, file]);
    } catch (error) {
      refuse(`${file} is damaged or not a complete backup (${firstLine(error)})`);
    }
    const [table] = await query<{ found: string | null }>(scratchUrl, "select to_regclass('public.kysely_migration')::text as found");
    const names = table?.found ? (await query<{ name: string }>(scratchUrl, 'select name from kysely_migration')).map((r) => r.name) : undefined;
    checkMigrations(file, names);
    if (!liveExists) {
      await query(maintenance, `ALTER DATABASE ${ident(scratch)} RENAME TO ${ident(live)}`);
      return {};
    }
    const [{ tables } = { tables: 0 }] = await query<{ tables: number }>(
      url,
      "select count(*)::int as tables from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    const kept = siblingName(live, `prev_${stamp()}`);
    try {
      await query(maintenance, `ALTER DATABASE ${ident(live)} RENAME TO ${ident(kept)}`);
    } catch (error) {
      refuse(`the database ${live} cannot be renamed, stop the app first (${firstLine(error)})`);
    }
    try {
      await query(maintenance, `ALTER DATABASE ${ident(scratch)} RENAME TO ${ident(live)}`);
    } catch (error) {
      await query(maintenance, `ALTER DATABASE ${ident(kept)} RENAME TO ${ident(live)}`);
      throw error;
    }
    if (tables > 0) return { previous: kept };
    await query(maintenance, `DROP DATABASE IF EXISTS ${ident(kept)} WITH (FORCE)`);
    return {};
  } catch (error) {
    await query(maintenance, `DROP DATABASE IF EXISTS ${ident(scratch)} WITH (FORCE)`);
    throw error;
  }
}

function firstLine(error: unknown): string {
  const text = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
  return (
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? 'unknown error'
  );
}
