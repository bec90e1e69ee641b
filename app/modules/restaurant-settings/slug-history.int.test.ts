import { describe, expect, it } from 'vitest';
import { findMovedMenuSlug } from '#app/modules/guest-menu/menu.service.server.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { RestaurantSettingsInput } from './restaurant-settings.schema.ts';
import { getRestaurantSettings, updateRestaurantSettings } from './restaurant-settings.service.server.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';

/** Issue 17, friction 2: changing the slug keeps old links working (301 to the current slug). */

useFileWorld();

async function renameTo(restaurantId: string, slug: string) {
  const scope = scopes.owner(restaurantId);
  const loaded = await getRestaurantSettings(scope);
  await updateRestaurantSettings(
    scope,
    storage,
    RestaurantSettingsInput.parse({ name: loaded.name, slug, currency: loaded.currency, timeZone: loaded.timeZone }),
    loaded.settingsVersion,
  );
}

describe(`previous slugs on ${testDialect}`, () => {
  it('an old slug leads to the current one, through every rename', async () => {
    const { id } = await insertRestaurant(db, { slug: 'casa-veche' }, {});
    expect(await findMovedMenuSlug(db, 'casa-veche')).toBeUndefined();
    await renameTo(id!, 'casa-noua');
    expect(await findMovedMenuSlug(db, 'casa-veche')).toBe('casa-noua');
    await renameTo(id!, 'casa-mare');
    expect(await findMovedMenuSlug(db, 'casa-veche')).toBe('casa-mare');
    expect(await findMovedMenuSlug(db, 'casa-noua')).toBe('casa-mare');
    // going back to an old slug: it is live again, and the one just left redirects
    await renameTo(id!, 'casa-veche');
    expect(await findMovedMenuSlug(db, 'casa-mare')).toBe('casa-veche');
  });

  it('a slug given up may be taken by another restaurant, and then the newcomer owns it', async () => {
    const { id: first } = await insertRestaurant(db, { slug: 'bistro-liber' }, {});
    await renameTo(first!, 'bistro-mutat');
    const { id: second } = await insertRestaurant(db, { slug: 'alt-bistro' }, {});
    await renameTo(second!, 'bistro-liber');
    // the menu route asks for a moved slug only when no restaurant has it live: the live one wins
    const live = await db.selectFrom('restaurant').select('id').where('slug', '=', 'bistro-liber').executeTakeFirstOrThrow();
    expect(live.id).toBe(second);
    // and when the newcomer moves on, the old slug is the newcomer's history, not the first's
    await renameTo(second!, 'alt-bistro-2');
    expect(await findMovedMenuSlug(db, 'bistro-liber')).toBe('alt-bistro-2');
  });
});
