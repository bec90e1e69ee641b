import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '#app/db/connection.server.ts';
import { migrateToLatest } from '#app/db/migrate.server.ts';
import { createThrowawayPostgres, dropThrowawayPostgres } from './throwaway-postgres.ts';

/**
 * Where a test run's databases live: a migrated template made once per run (vitest's globalSetup)
 * and copied for each test file, instead of every file running all migrations again.
 * SQLite: a closed, checkpointed file copied byte for byte. PostgreSQL: a database that no one is
 * connected to, so `CREATE DATABASE … TEMPLATE` may copy it.
 */
export type DatabaseTemplate = { kind: 'sqlite'; sqlitePath: string } | { kind: 'postgres'; databaseUrl: string; name: string };

/**
 * The name prefix of the run's PostgreSQL test databases (`bucate_test_<the template's own suffix>`): they are not
 * dropped one by one as each file ends (a drop waits for a checkpoint, 1-3 s on the critical path of every file) but
 * all together with the template at the end of the run, and a run drops only its own, not another run's on the server.
 */
export function testDatabasePrefix(template: Extract<DatabaseTemplate, { kind: 'postgres' }>): string {
  return template.name.replace(/^bucate_template_/, 'bucate_test_');
}

/**
 * Test databases go to RAM when the machine has a tmpfs (/dev/shm): their commits still fsync
 * (synchronous = FULL, decision 0011), which there costs nothing; no test observes the disk itself.
 */
export function testTmpDir(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

export async function buildTemplate(kind: 'sqlite' | 'postgres', adminUrl?: string): Promise<{ template: DatabaseTemplate; drop(): Promise<void> }> {
  if (kind === 'postgres') {
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const { url, drop } = await createThrowawayPostgres(adminUrl, 'bucate_template');
    const handle = openDatabase({ databaseUrl: url, sqlitePath: '', poolSize: 1 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      // a template may have no open connection while it is copied
      await handle.db.destroy();
    }
    const template = { kind, databaseUrl: url, name: new URL(url).pathname.slice(1) } as const;
    return {
      template,
      drop: async () => {
        await dropThrowawayPostgres(adminUrl, testDatabasePrefix(template));
        await drop();
      },
    };
  }
  const dir = mkdtempSync(join(testTmpDir(), 'bucate-template-'));
  const sqlitePath = join(dir, 'template.sqlite');
  const handle = openDatabase({ sqlitePath });
  try {
    await migrateToLatest(handle.db);
  } finally {
    // closing checkpoints the WAL into the file, so the file alone is the whole database
    await handle.db.destroy();
  }
  return { template: { kind, sqlitePath }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** A copy of the SQLite template at `target`. */
export function copySqliteTemplate(template: Extract<DatabaseTemplate, { kind: 'sqlite' }>, target: string): void {
  copyFileSync(template.sqlitePath, target);
}
