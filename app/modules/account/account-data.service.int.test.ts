import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import type { SessionUser } from '#app/modules/access/access.server.ts';
import { createLocalDiskStorage } from '#app/modules/image/storage.server.ts';
import { buildCategory, buildLocation, buildProduct } from '#tests/factories/builders.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { deleteAccount, exportAccountData } from './account-data.service.server.ts';
import { registerRestaurantOwner } from './register.service.server.ts';

describe(`account data (GDPR) on ${testDialect}`, () => {
  let database: TestDatabase;
  let auth: ReturnType<typeof createAuth>;
  let uploads: string;
  const owners: SessionUser[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    uploads = mkdtempSync(join(tmpdir(), 'bucate-gdpr-'));
    auth = createAuth(database, parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'g'.repeat(32) }));
    for (const name of ['A', 'B']) {
      const result = await registerRestaurantOwner(auth, database.db, { email: `${name}@gdpr.example`, password: 'secret-123', restaurantName: `Restaurant ${name}` }, new Headers());
      if (!result.ok) throw new Error(result.error);
      const location = buildLocation(result.restaurantId);
      const category = buildCategory(result.restaurantId, location.id);
      await database.db.insertInto('location').values(location).execute();
      await database.db.insertInto('category').values(category).execute();
      await database.db.insertInto('product').values(buildProduct(result.restaurantId, category.id, { nameRo: `Ciorbă ${name}` })).execute();
      await createLocalDiskStorage(uploads).put(`restaurants/${result.restaurantId}/logo.jpg`, Buffer.from('x'), 'image/jpeg');
      owners.push({ id: result.userId, email: `${name.toLowerCase()}@gdpr.example`, name, role: 'restaurant', restaurantId: result.restaurantId });
    }
  });
  afterAll(async () => {
    await database.cleanup();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('exports the owner’s own data and menu, no secrets, nothing of another restaurant', async () => {
    const [a, b] = owners as [SessionUser, SessionUser];
    const exported = await exportAccountData(database.db, a);
    expect(exported.user?.email).toBe('a@gdpr.example');
    expect(exported.restaurant?.id).toBe(a.restaurantId);
    expect(exported.products.map((p) => p.nameRo)).toEqual(['Ciorbă A']);
    const text = JSON.stringify(exported);
    expect(text).not.toContain('"password"');
    expect(text).not.toContain('"token"');
    expect(text).not.toContain(b.restaurantId!);
    // an owner whose session names another restaurant still gets only what they own
    const forged = await exportAccountData(database.db, { ...a, restaurantId: b.restaurantId });
    expect(forged.restaurant).toBeNull();
    expect(forged.products).toEqual([]);
  });

  it('refuses to delete with a wrong password and changes nothing', async () => {
    const [a] = owners as [SessionUser];
    expect(await deleteAccount(auth, database.db, createLocalDiskStorage(uploads), a, 'wrong-password')).toBe(false);
    expect(await database.db.selectFrom('product').select('id').where('restaurantId', '=', a.restaurantId!).execute()).toHaveLength(1);
  });

  it('deletes the account, the restaurant, its menu and its files; the other restaurant is untouched', async () => {
    const [a, b] = owners as [SessionUser, SessionUser];
    expect(await deleteAccount(auth, database.db, createLocalDiskStorage(uploads), a, 'secret-123')).toBe(true);
    for (const table of ['location', 'category', 'product'] as const) {
      expect(await database.db.selectFrom(table).select('id').where('restaurantId', '=', a.restaurantId!).execute()).toEqual([]);
    }
    expect(await database.db.selectFrom('user').select('id').where('id', '=', a.id).execute()).toEqual([]);
    expect(await database.db.selectFrom('account').select('id').where('userId', '=', a.id).execute()).toEqual([]);
    expect(existsSync(join(uploads, 'restaurants', a.restaurantId!))).toBe(false);
    expect(existsSync(join(uploads, 'restaurants', b.restaurantId!, 'logo.jpg'))).toBe(true);
    expect(await database.db.selectFrom('product').select('id').where('restaurantId', '=', b.restaurantId!).execute()).toHaveLength(1);
  });
});
