import { describe, expect, it } from 'vitest';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { test } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { ADMIN_SERVICE_ROWS, SYSTEM_SERVICE_ROWS, USER_SERVICE_ROWS } from './account-service-rows.ts';
import { adminRefusals, systemRefusals, userRefusals } from './service-matrix.ts';
import { createServiceWorld, type ServiceWorld } from './service-world.ts';

describe(`the back office's and a user's own services refuse a scope the access module did not make on ${testDialect}`, () => {
  let world: ServiceWorld;
  test.beforeAll(async ({ database, scopes, storage, stripe }) => {
    world = await createServiceWorld(database, scopes, storage, stripe.billing);
  });

  for (const row of ADMIN_SERVICE_ROWS) {
    it(`${row.service}: refuses a forged admin scope and an owner's passed as an admin's, changing nothing`, async () => {
      expect(await adminRefusals(world, row)).toEqual([]);
    });
  }

  for (const row of USER_SERVICE_ROWS) {
    it(`${row.service}: refuses a forged user scope and an admin's passed as a user's, changing nothing`, async () => {
      expect(await userRefusals(world, row)).toEqual([]);
    });
  }

  for (const row of SYSTEM_SERVICE_ROWS) {
    it(`${row.service}: refuses a look-alike system scope and an admin's passed as the system's, changing nothing`, async () => {
      expect(await systemRefusals(world, row)).toEqual([]);
    });
  }

  it('lets the real system through (the calls are valid: what they refuse is the scope)', async () => {
    const system = systemScope(world.db, 'test:system-rows');
    for (const row of SYSTEM_SERVICE_ROWS.filter((r) => !r.service.includes('billing/'))) {
      await expect(row.call(system, world), row.service).resolves.not.toThrow();
    }
    const made = await world.db.selectFrom('user').select('role').where('email', '=', 'system-made-admin@example.com').executeTakeFirstOrThrow();
    expect(made.role).toBe('admin');
  });

  it('lets a real admin through (the calls are valid: what they refuse is the scope)', async () => {
    const admin = world.scopes.admin();
    await expect(ADMIN_SERVICE_ROWS.find((row) => row.service.endsWith('#setUserDisabled'))!.call(admin, world)).resolves.toBe('ok');
    const banned = await world.db.selectFrom('user').select('banned').where('id', '=', world.a.ownerId).executeTakeFirstOrThrow();
    expect(Boolean(banned.banned)).toBe(true);
  });
});
