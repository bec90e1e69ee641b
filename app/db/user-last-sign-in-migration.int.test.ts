import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newId } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { migrateToLatest } from './migrate.server.ts';

/** Migration 0020: each user's last sign-in starts as their newest session that still exists. */
describe(`the last-sign-in migration on ${testDialect}`, () => {
  let database: TestDatabase;
  const withSessions = newId();
  const without = newId();

  test.beforeAll(async ({ databases }) => {
    database = await databases.create({ upTo: '2026-11-23-0019-backoffice-rollup-search' });
    const db = database.db as unknown as Kysely<any>;
    const now = '2026-11-20T10:00:00.000Z';
    const verified = testDialect === 'sqlite' ? 1 : true;
    for (const id of [withSessions, without]) {
      await db
        .insertInto('user')
        .values({ id, name: id, email: `${id}@example.com`, emailVerified: verified, createdAt: now, updatedAt: now, role: 'restaurant' })
        .execute();
    }
    for (const createdAt of ['2026-11-21T08:00:00.000Z', '2026-11-25T18:30:00.000Z', '2026-11-23T12:00:00.000Z']) {
      await db
        .insertInto('session')
        .values({ id: newId(), token: newId(), userId: withSessions, createdAt, updatedAt: createdAt, expiresAt: '2026-12-30T00:00:00.000Z' })
        .execute();
    }
    await migrateToLatest(database.db);
  });

  it('fills the newest session of each user, and leaves users without one unknown', async () => {
    const rows = await database.db.selectFrom('user').select(['id', 'lastSignInAt']).where('id', 'in', [withSessions, without]).execute();
    const last = new Map(rows.map((row) => [row.id, row.lastSignInAt === null ? null : new Date(row.lastSignInAt).toISOString()]));
    expect(last.get(withSessions)).toBe('2026-11-25T18:30:00.000Z');
    expect(last.get(without)).toBeNull();
  });
});
