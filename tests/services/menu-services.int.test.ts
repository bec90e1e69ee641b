import { describe, vi } from 'vitest';
import { test } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { matrixCase } from './matrix-case.ts';
import { MENU_SERVICE_ROWS } from './menu-service-rows.ts';
import { createServiceWorld, type ServiceWorld } from './service-world.ts';

vi.mock('#app/modules/access/scope.server.ts', async (importOriginal) => (await import('./permission-probe.ts')).probed(await importOriginal()));

describe(`the menu's services check who is asking, with the permissions of decision 0029, on ${testDialect}`, () => {
  let world: ServiceWorld;
  test.beforeAll(async ({ database, scopes, storage, stripe }) => {
    world = await createServiceWorld(database, scopes, storage, stripe.billing);
  });
  for (const row of MENU_SERVICE_ROWS) matrixCase(() => world, row);
});
