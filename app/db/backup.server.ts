import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface BackupTarget {
  /** postgres:// URL; when absent the SQLite file is used */
  databaseUrl?: string;
  sqlitePath: string;
}

/**
 * A consistent copy of the live database in one file (docs/decisions/0011): SQLite through its
 * online backup API (node:sqlite `backup`, safe while the app writes), PostgreSQL through
 * `pg_dump --format=custom`. Returns the file written.
 */
export async function backupDatabase(target: BackupTarget, file: string): Promise<string> {
  mkdirSync(dirname(file), { recursive: true });
  if (target.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', target.databaseUrl]);
    return file;
  }
  if (!existsSync(target.sqlitePath)) throw new Error(`no SQLite database at ${target.sqlitePath}`);
  const source = new DatabaseSync(target.sqlitePath);
  try {
    await backup(source, file);
  } finally {
    source.close();
  }
  return file;
}

const BACKUP_FILE = /^bucate-\d{4}-\d{2}-\d{2}T[\d-]+Z\.(sqlite|pgdump)$/;

/** The file name of a backup taken at `now`: sortable by time, with what it holds in its extension. */
export function backupFileName(target: BackupTarget, now: Date): string {
  return `bucate-${now.toISOString().replace(/[:.]/g, '-')}.${target.databaseUrl ? 'pgdump' : 'sqlite'}`;
}

/** Keeps the newest `keep` backups in a folder (only files this app named) and deletes the rest; returns how many went. */
export function pruneBackups(dir: string, keep: number): number {
  if (!existsSync(dir)) return 0;
  const old = readdirSync(dir)
    .filter((name) => BACKUP_FILE.test(name))
    .sort()
    .reverse()
    .slice(keep);
  for (const name of old) rmSync(join(dir, name), { force: true });
  return old.length;
}
