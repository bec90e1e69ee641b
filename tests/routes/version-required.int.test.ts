import { afterAll, describe, expect, it } from 'vitest';
import type { SettingsFormValues } from '#app/modules/restaurant-settings/settings-form.ts';
import { untouchedSettingsPost } from '#tests/support/settings-form-post.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { call, createWorld, loadRoute, type World } from './matrix-world.ts';

/**
 * Issue 23 item 2 (decision 0015): an edit form posted without its hidden `version` (a script, a tab
 * from before versions) is refused with the translated conflict and writes nothing, for every form
 * that overwrites fields; the one-click intents (sold out, hide) set a value and need none.
 */
let world: World;
const STALE = 'Altcineva a modificat între timp';

test.beforeAll(async ({ database }) => {
  world = await createWorld(database);
}, 60_000);
afterAll(() => world?.cleanup());

const db = () => world.db.db;
const A = () => ({ ...world.A, cookie: world.A.owner.cookie });
const menuAction = async (form: Record<string, string>) =>
  call(await loadRoute('routes/restaurant-admin.menu.tsx'), 'action', `/${A().slug}/admin`, { restaurantSlug: A().slug }, A().cookie, form);

function expectRefused(outcome: { status: number; body: string }) {
  expect(outcome.status, outcome.body).toBe(409);
  expect(outcome.body).toContain(STALE);
}

describe(`an edit without its version is refused on ${testDialect}`, () => {
  it('a location', async () => {
    const before = await db().selectFrom('location').selectAll().where('id', '=', A().locationId).executeTakeFirstOrThrow();
    expectRefused(await menuAction({ intent: 'update-location', id: A().locationId, nameRo: 'Scris de un script' }));
    expect(await db().selectFrom('location').selectAll().where('id', '=', A().locationId).executeTakeFirstOrThrow()).toEqual(before);
    // the same post with the version the editor showed is saved
    const saved = await menuAction({ intent: 'update-location', id: A().locationId, nameRo: 'Terasa nouă', version: before.updatedAt });
    expect(saved.status, saved.body).toBe(200);
    expect((await db().selectFrom('location').select('nameRo').where('id', '=', A().locationId).executeTakeFirstOrThrow()).nameRo).toBe('Terasa nouă');
  });

  it('a category, its serving schedule included', async () => {
    const before = await db().selectFrom('category').selectAll().where('id', '=', A().categoryId).executeTakeFirstOrThrow();
    const form = {
      intent: 'update-category',
      id: A().categoryId,
      locationId: A().locationId,
      nameRo: 'Supe',
      visible: 'on',
      scheduled: 'on',
      'scheduleDay-mon': 'on',
      scheduleFrom: '08:00',
      scheduleTo: '12:00',
    };
    expectRefused(await menuAction(form));
    expect(await db().selectFrom('category').selectAll().where('id', '=', A().categoryId).executeTakeFirstOrThrow()).toEqual(before);
    expect((await menuAction({ ...form, version: before.updatedAt })).status).toBe(200);
    expect((await db().selectFrom('category').select('schedule').where('id', '=', A().categoryId).executeTakeFirstOrThrow()).schedule).toContain('12:00');
  });

  it('a dish (its price)', async () => {
    const route = await loadRoute('routes/restaurant-admin.product-edit.tsx');
    const path = `/${A().slug}/admin/products/${A().productId}`;
    const params = { restaurantSlug: A().slug, productId: A().productId };
    const before = await db().selectFrom('product').selectAll().where('id', '=', A().productId).executeTakeFirstOrThrow();
    const form = { categoryId: A().categoryId, nameRo: before.nameRo, price: '99', visible: 'on', available: 'on' };
    expectRefused(await call(route, 'action', path, params, A().cookie, form));
    expect(await db().selectFrom('product').selectAll().where('id', '=', A().productId).executeTakeFirstOrThrow()).toEqual(before);
    const saved = await call(route, 'action', path, params, A().cookie, { ...form, version: before.updatedAt });
    expect(saved.status, saved.body).toBe(302);
    expect((await db().selectFrom('product').select('priceMinor').where('id', '=', A().productId).executeTakeFirstOrThrow()).priceMinor).toBe(9900);
  });

  it("the restaurant's settings (its phone and opening hours), and a version that is not one", async () => {
    const route = await loadRoute('routes/restaurant-admin.settings.tsx');
    const path = `/${A().slug}/admin/settings`;
    const params = { restaurantSlug: A().slug };
    const loaded = (await call(route, 'loader', path, params, A().cookie)).data as { values: SettingsFormValues; version: string };
    const before = await db().selectFrom('restaurant').selectAll().where('id', '=', A().restaurantId).executeTakeFirstOrThrow();
    const form = { ...untouchedSettingsPost(loaded.values), phone: '+40 721 000 000', 'open-mon': 'on', 'from-mon': '08:00', 'to-mon': '24:00' };
    expectRefused(await call(route, 'action', path, params, A().cookie, form));
    expectRefused(await call(route, 'action', path, params, A().cookie, { ...form, version: 'abc' }));
    expect(await db().selectFrom('restaurant').selectAll().where('id', '=', A().restaurantId).executeTakeFirstOrThrow()).toEqual(before);
    const saved = await call(route, 'action', path, params, A().cookie, { ...form, version: loaded.version });
    expect(saved.status, saved.body).toBe(200);
    expect((await db().selectFrom('restaurant').select('phone').where('id', '=', A().restaurantId).executeTakeFirstOrThrow()).phone).toBe('+40 721 000 000');
  });

  it("a translations panel's save (a location's English name), and a version from before another save", async () => {
    const route = await loadRoute('routes/restaurant-admin.translations.ts');
    const path = `/${A().slug}/admin/translations`;
    const params = { restaurantSlug: A().slug };
    const panel = async () =>
      (
        (await call(route, 'loader', `${path}?table=location&id=${A().locationId}`, params, A().cookie)).data as { rows: { field: string; language: string; version: string }[] }
      ).rows.find((row) => row.field === 'name' && row.language === 'en')!;
    const loaded = await panel();
    const before = await db().selectFrom('location').selectAll().where('id', '=', A().locationId).executeTakeFirstOrThrow();
    const form = { intent: 'translation-save', table: 'location', id: A().locationId, field: 'name', language: 'en', text: 'Written by a script' };
    expectRefused(await call(route, 'action', path, params, A().cookie, form));
    expectRefused(await call(route, 'action', path, params, A().cookie, { ...form, version: 'abc' }));
    expect(await db().selectFrom('location').selectAll().where('id', '=', A().locationId).executeTakeFirstOrThrow()).toEqual(before);
    const saved = await call(route, 'action', path, params, A().cookie, { ...form, text: 'Garden', version: loaded.version });
    expect(saved.status, saved.body).toBe(200);
    expect((await db().selectFrom('location').select('nameEn').where('id', '=', A().locationId).executeTakeFirstOrThrow()).nameEn).toBe('Garden');
    // the tab still showing the text from before that save is stale now
    expectRefused(await call(route, 'action', path, params, A().cookie, { ...form, version: loaded.version }));
    expect((await db().selectFrom('location').select('nameEn').where('id', '=', A().locationId).executeTakeFirstOrThrow()).nameEn).toBe('Garden');
    expect((await panel()).version).not.toBe(loaded.version);
  });

  it("a dish's and the restaurant's translations panels", async () => {
    const productRoute = await loadRoute('routes/restaurant-admin.product-edit.tsx');
    const productPath = `/${A().slug}/admin/products/${A().productId}`;
    const productParams = { restaurantSlug: A().slug, productId: A().productId };
    type Panel = { translations: { field: string; language: string; version: string }[] };
    const dish = (await call(productRoute, 'loader', productPath, productParams, A().cookie)).data as Panel;
    const before = await db().selectFrom('product').selectAll().where('id', '=', A().productId).executeTakeFirstOrThrow();
    const form = { intent: 'translation-save', field: 'description', language: 'en', text: 'Scripted' };
    expectRefused(await call(productRoute, 'action', productPath, productParams, A().cookie, form));
    expect(await db().selectFrom('product').selectAll().where('id', '=', A().productId).executeTakeFirstOrThrow()).toEqual(before);
    const version = dish.translations.find((row) => row.field === 'description' && row.language === 'en')!.version;
    expect((await call(productRoute, 'action', productPath, productParams, A().cookie, { ...form, text: 'Hot soup', version })).status).toBe(200);
    expect((await db().selectFrom('product').select('descriptionEn').where('id', '=', A().productId).executeTakeFirstOrThrow()).descriptionEn).toBe('Hot soup');

    const settingsRoute = await loadRoute('routes/restaurant-admin.settings.tsx');
    const settingsPath = `/${A().slug}/admin/settings`;
    const settingsParams = { restaurantSlug: A().slug };
    const page = (await call(settingsRoute, 'loader', settingsPath, settingsParams, A().cookie)).data as Panel & { version: string };
    const restaurant = await db().selectFrom('restaurant').selectAll().where('id', '=', A().restaurantId).executeTakeFirstOrThrow();
    expectRefused(await call(settingsRoute, 'action', settingsPath, settingsParams, A().cookie, form));
    expect(await db().selectFrom('restaurant').selectAll().where('id', '=', A().restaurantId).executeTakeFirstOrThrow()).toEqual(restaurant);
    const description = page.translations.find((row) => row.field === 'description' && row.language === 'en')!.version;
    expect((await call(settingsRoute, 'action', settingsPath, settingsParams, A().cookie, { ...form, text: 'A family place', version: description })).status).toBe(200);
    const after = await db().selectFrom('restaurant').select(['descriptionEn', 'settingsVersion']).where('id', '=', A().restaurantId).executeTakeFirstOrThrow();
    expect(after.descriptionEn).toBe('A family place');
    // the settings form carries the English description too: one loaded before this save is stale
    expect(String(after.settingsVersion)).not.toBe(page.version);
  });

  it('the content languages and do-not-translate terms', async () => {
    const route = await loadRoute('routes/restaurant-admin.settings.tsx');
    const path = `/${A().slug}/admin/settings`;
    const params = { restaurantSlug: A().slug };
    const loaded = (await call(route, 'loader', path, params, A().cookie)).data as { content: { version: string } };
    const before = await db().selectFrom('restaurant').selectAll().where('id', '=', A().restaurantId).executeTakeFirstOrThrow();
    const form = { intent: 'languages', languages: ['de', 'fr'], doNotTranslate: 'Mămăligă' };
    expectRefused(await call(route, 'action', path, params, A().cookie, form));
    expectRefused(await call(route, 'action', path, params, A().cookie, { ...form, version: 'abc' }));
    expect(await db().selectFrom('restaurant').selectAll().where('id', '=', A().restaurantId).executeTakeFirstOrThrow()).toEqual(before);
    const saved = await call(route, 'action', path, params, A().cookie, { ...form, version: loaded.content.version });
    expect(saved.status, saved.body).toBe(200);
    expect((await db().selectFrom('restaurant').select('contentLanguages').where('id', '=', A().restaurantId).executeTakeFirstOrThrow()).contentLanguages).toBe('["de","fr"]');
    // the same post again: the languages changed since that version, refused
    expectRefused(await call(route, 'action', path, params, A().cookie, { ...form, languages: ['it'], version: loaded.content.version }));
    expect((await db().selectFrom('restaurant').select('contentLanguages').where('id', '=', A().restaurantId).executeTakeFirstOrThrow()).contentLanguages).toBe('["de","fr"]');
  });

  it("the back office's platform settings (prices, languages)", async () => {
    const route = await loadRoute('routes/admin.settings.tsx');
    const load = async () => ((await call(route, 'loader', '/admin/settings', {}, world.admin.cookie)).data as { settings: { version: string } }).settings.version;
    const loaded = await load();
    const config = () => db().selectFrom('appConfig').selectAll().execute();
    const before = await config();
    const form = { defaultLocale: 'ro', availableLocales: ['ro', 'en'], contactEmail: 'contact@example.com', priceMonthly: '49', priceYearly: '', priceCurrency: '' };
    const refused = async (posted: Record<string, string | string[]>) => {
      const outcome = await call(route, 'action', '/admin/settings', {}, world.admin.cookie, posted);
      expect(outcome.status, outcome.body).toBe(409);
      expect(outcome.body).toContain(STALE);
    };
    await refused(form);
    await refused({ ...form, version: 'abc' });
    expect(await config()).toEqual(before);
    const saved = await call(route, 'action', '/admin/settings', {}, world.admin.cookie, { ...form, version: loaded });
    expect(saved.status, saved.body).toBe(200);
    expect((await config())[0]?.priceMonthlyMinor).toBe(4900);
    // another admin's tab loaded before that save is stale now
    await refused({ ...form, priceMonthly: '10', version: loaded });
    expect((await config())[0]?.priceMonthlyMinor).toBe(4900);
    expect(await load()).not.toBe(loaded);
  });

  it('one-click intents need no version and set the same value however often they come', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await menuAction({ intent: 'set-product-available', id: A().productId, value: 'false' })).status).toBe(200);
      expect((await menuAction({ intent: 'set-category-visible', id: A().categoryId, value: 'false' })).status).toBe(200);
    }
    expect((await db().selectFrom('product').select('available').where('id', '=', A().productId).executeTakeFirstOrThrow()).available).toBe(0);
    expect((await db().selectFrom('category').select('visible').where('id', '=', A().categoryId).executeTakeFirstOrThrow()).visible).toBe(0);
  });
});
