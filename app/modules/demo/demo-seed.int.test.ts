import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import { createLocalDiskStorage, type FileStorage } from '#app/modules/image/storage.server.ts';
import { getPublicMenu } from '#app/modules/menu/menu.service.server.ts';
import { DEMO_RESTAURANT_SLUG } from '#app/modules/restaurant/demo.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { seedDemo } from './demo-seed.server.ts';

/** Issue 17, friction 11: the demo restaurant shows a finished menu, logo and cover included. */
describe(`the demo seed on ${testDialect}`, () => {
  let database: TestDatabase;
  let storage: FileStorage;
  let uploads: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    uploads = mkdtempSync(join(tmpdir(), 'bucate-demo-'));
    storage = createLocalDiskStorage(uploads);
  });
  afterAll(async () => {
    await database.cleanup();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('gives the demo restaurant a logo and a cover, stored like an owner’s uploads and shown on the menu', async () => {
    const auth = createAuth(database, parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'd'.repeat(32) }));
    // with the dish photos too: they are more uploads in this hour than an owner's quota allows
    const { restaurantId } = await seedDemo(database.db, auth, storage);
    const restaurant = await database.db.selectFrom('restaurant').select(['logoKey', 'coverImageKey']).where('id', '=', restaurantId).executeTakeFirstOrThrow();
    expect(restaurant.logoKey).toBeTruthy();
    expect(restaurant.coverImageKey).toBeTruthy();
    // each picture has its storedImage row (so the settings page shows it and the sweep keeps it)
    const rows = await database.db.selectFrom('storedImage').select(['path', 'width', 'height']).where('path', 'in', [restaurant.logoKey!, restaurant.coverImageKey!]).execute();
    expect(rows).toHaveLength(2);
    const cover = rows.find((row) => row.path === restaurant.coverImageKey)!;
    expect(cover.width / cover.height).toBeCloseTo(3, 1);
    // the files are real pictures in the storage
    const logoFile = await sharp(await storage.read(restaurant.logoKey!)).metadata();
    expect(logoFile.format).toBe('jpeg');
    expect(logoFile.width).toBeGreaterThan(100);

    const menu = await getPublicMenu(database.db, DEMO_RESTAURANT_SLUG);
    expect(menu?.status).toBe('active');
    if (menu?.status !== 'active') return;
    expect(menu.restaurant.logoUrl).toMatch(/\.jpg$/);
    expect(menu.restaurant.coverImageUrl).toMatch(/\.jpg$/);
  });
});
