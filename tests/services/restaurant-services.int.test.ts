import { describe, expect, it, vi } from 'vitest';
import { updateRestaurantSettings } from '#app/modules/restaurant-settings/restaurant-settings.service.server.ts';
import { RestaurantSettingsInput } from '#app/modules/restaurant-settings/restaurant-settings.schema.ts';
import { test } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { settingsVersion } from '#tests/support/versions.ts';
import { matrixCase } from './matrix-case.ts';
import { denying } from './permission-probe.ts';
import { RESTAURANT_SERVICE_ROWS } from './restaurant-service-rows.ts';
import { snapshot, changes } from './service-matrix.ts';
import { createServiceWorld, type ServiceWorld } from './service-world.ts';

vi.mock('#app/modules/access/scope.server.ts', async (importOriginal) => (await import('./permission-probe.ts')).probed(await importOriginal()));

describe(`the restaurant's other services check who is asking, with the permissions of decision 0029, on ${testDialect}`, () => {
  let world: ServiceWorld;
  test.beforeAll(async ({ database, scopes, storage, stripe }) => {
    world = await createServiceWorld(database, scopes, storage, stripe.billing);
  });
  for (const row of RESTAURANT_SERVICE_ROWS) matrixCase(() => world, row);

  it('asks for settings.slug as well when the settings change the slug, and only then', async () => {
    const { db, scopes, storage, b } = world;
    const form = (slug: string, phone: string) => RestaurantSettingsInput.parse({ name: 'Restaurant beta', slug, currency: 'RON', timeZone: 'Europe/Bucharest', phone });
    // a member with settings.edit but not settings.slug: none of today's roles, so the probe plays one
    const before = await snapshot(db);
    await expect(
      denying('settings.slug', async () => updateRestaurantSettings(scopes.owner(b.id), storage, form(`${b.slug}-nou`, '+40 721 000 001'), await settingsVersion(db, b.id))),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect(changes(before, await snapshot(db))).toEqual([]);
    // the same slug: settings.edit is enough
    await denying('settings.slug', async () => updateRestaurantSettings(scopes.owner(b.id), storage, form(b.slug, '+40 721 000 002'), await settingsVersion(db, b.id)));
    expect(await db.selectFrom('restaurant').select(['slug', 'phone']).where('id', '=', b.id).executeTakeFirstOrThrow()).toEqual({ slug: b.slug, phone: '+40 721 000 002' });
  });
});
