import { describe, expect, it } from 'vitest';
import { getI18n } from '#app/i18n/i18n.ts';
import type { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { buildCategory, buildLocation, buildProduct, buildRestaurant } from '#tests/factories/builders.ts';
import type { FakeTranslator } from '#tests/support/fake-translation.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { contentSettingsVersion, translationVersion } from '#tests/support/versions.ts';
import { updateContentSettings } from './content-settings.service.server.ts';
import { getFieldTranslations, saveFieldTranslation, translateFieldNow } from './field-translation.server.ts';
import { createGoogleProvider } from './providers.server.ts';
import type { TranslationProvider } from './provider.server.ts';

/** "Tradu automat" per field and the owner's own translations (issue 16), through changeMenu. */
describe(`one field's translation on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  let storage: FileStorage;
  let fake: FakeTranslator;
  let provider: TranslationProvider;
  const restaurant = buildRestaurant();
  const other = buildRestaurant();
  const location = buildLocation(restaurant.id);
  const category = buildCategory(restaurant.id, location.id);
  const dish = buildProduct(restaurant.id, category.id, { nameRo: 'Sarmale cu mămăligă', nameEn: 'Cabbage rolls' });
  const owner = () => scopes.owner(restaurant.id);
  const menuVersion = async () => (await database.db.selectFrom('restaurant').select('menuVersion').where('id', '=', restaurant.id).executeTakeFirstOrThrow()).menuVersion;
  const german = async () => (await getFieldTranslations(owner(), 'product', dish.id)).find((row) => row.language === 'de' && row.field === 'name');

  test.beforeAll(async ({ database: fileDatabase, scopes: fileScopes, storage: fileStorage, translators }) => {
    database = fileDatabase;
    scopes = fileScopes;
    storage = fileStorage;
    fake = await translators.start('google');
    provider = createGoogleProvider({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, timeoutMs: 5000 });
    await database.db.insertInto('restaurant').values([restaurant, other]).execute();
    await database.db.insertInto('location').values(location).execute();
    await database.db.insertInto('category').values(category).execute();
    await database.db.insertInto('product').values(dish).execute();
    await updateContentSettings(owner(), storage, { languages: ['de'], doNotTranslate: ['sarmale'] }, await contentSettingsVersion(owner()));
  });

  it('fills an empty field by machine ("tradus automat"), never replaces the owner’s text, and flags it when the Romanian changes', async () => {
    expect(await german()).toMatchObject({ text: '', state: 'missing', source: 'Sarmale cu mămăligă' });
    const before = await menuVersion();
    expect(await translateFieldNow(owner(), storage, provider, 'product', dish.id, { field: 'name', language: 'de' })).toBe('de: Sarmale CU MĂMĂLIGĂ');
    expect(await german()).toMatchObject({ text: 'de: Sarmale CU MĂMĂLIGĂ', state: 'machine' });
    expect(await menuVersion()).toBeGreaterThan(before);

    // approved (saved as is) or edited: the owner's from now on
    await saveFieldTranslation(
      owner(),
      storage,
      'product',
      dish.id,
      { field: 'name', language: 'de', text: 'Sarmale mit Polenta' },
      await translationVersion(owner(), 'product', dish.id, 'name', 'de'),
    );
    expect(await german()).toMatchObject({ text: 'Sarmale mit Polenta', state: 'owner' });
    await expect(translateFieldNow(owner(), storage, provider, 'product', dish.id, { field: 'name', language: 'de' })).rejects.toMatchObject({ code: 'invalid-input' });
    expect((await german())?.text).toBe('Sarmale mit Polenta');

    await database.db.updateTable('product').set({ nameRo: 'Sarmale cu smântână' }).where('id', '=', dish.id).execute();
    expect(await german()).toMatchObject({ text: 'Sarmale mit Polenta', state: 'outdated' });
  });

  it('a provider that errors, times out or answers a page tells the owner in words and saves nothing (issue 23)', async () => {
    const dessert = buildProduct(restaurant.id, category.id, { nameRo: 'Papanași cu smântână' });
    await database.db.insertInto('product').values(dessert).execute();
    const germanName = async () => (await getFieldTranslations(owner(), 'product', dessert.id)).find((row) => row.language === 'de' && row.field === 'name');
    const before = await menuVersion();
    const ro = getI18n('ro');
    fake.failNext(500, { count: 1 });
    const failed = await translateFieldNow(owner(), storage, provider, 'product', dessert.id, { field: 'name', language: 'de' }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: 'translation-unavailable' });
    expect(ro.t(`appErrors.${(failed as AppError).code}`, (failed as AppError).params)).toBe(
      'Serviciul de traducere nu a răspuns (HTTP 500). Nu s-a salvat nimic; încearcă din nou peste un minut.',
    );
    fake.rawNext(200, '<html><body><script>alert(1)</script></body></html>');
    await expect(translateFieldNow(owner(), storage, provider, 'product', dessert.id, { field: 'name', language: 'de' })).rejects.toMatchObject({
      code: 'translation-unavailable',
    });
    const slow = createGoogleProvider({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, timeoutMs: 300 });
    fake.delayMs = 800;
    await expect(translateFieldNow(owner(), storage, slow, 'product', dessert.id, { field: 'name', language: 'de' })).rejects.toMatchObject({
      code: 'translation-unavailable',
      params: { detail: 'timeout 300 ms' },
    });
    fake.delayMs = 0;
    expect(await germanName()).toMatchObject({ text: '', state: 'missing' });
    expect(await menuVersion()).toBe(before);
    expect(await database.db.selectFrom('translationCache').selectAll().where('key', 'like', '%papana%').execute()).toEqual([]);
    // markup in an answer: only its text is saved, and it is the machine's
    fake.transform = (text) => `${text}<script>alert(1)</script>`;
    expect(await translateFieldNow(owner(), storage, provider, 'product', dessert.id, { field: 'name', language: 'de' })).toBe('de: PAPANAȘI CU SMÂNTÂNĂ');
    fake.clearFailures();
    expect(await germanName()).toMatchObject({ text: 'de: PAPANAȘI CU SMÂNTÂNĂ', state: 'machine' });
  });

  it('refuses a machine translation longer than the field takes, in words, and saves nothing (a category name past 80)', async () => {
    const germanCategory = async () => (await getFieldTranslations(owner(), 'category', category.id)).find((row) => row.language === 'de' && row.field === 'name');
    const before = await menuVersion();
    fake.transform = (text) => `${text} ${'sehr lang '.repeat(10)}`;
    try {
      const refused = await translateFieldNow(owner(), storage, provider, 'category', category.id, { field: 'name', language: 'de' }).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'translation-too-long', params: { max: 80 } });
      expect(getI18n('ro').t(`appErrors.${(refused as AppError).code}`, (refused as AppError).params)).toBe(
        'Traducerea automată depășește 80 de caractere, cât încape în acest câmp. Nu s-a salvat nimic; scrie tu o traducere mai scurtă.',
      );
      expect(getI18n('en').t(`appErrors.${(refused as AppError).code}`, (refused as AppError).params)).toBe(
        'The machine translation is longer than the 80 characters this field takes. Nothing was saved; write a shorter one yourself.',
      );
    } finally {
      fake.transform = null;
    }
    expect(await germanCategory()).toMatchObject({ text: '', state: 'missing', maxLength: 80 });
    expect(await menuVersion()).toBe(before);
  });

  it('refuses a language the restaurant does not offer, and a missing provider', async () => {
    await expect(saveFieldTranslation(owner(), storage, 'product', dish.id, { field: 'name', language: 'fr', text: 'Chou farci' }, undefined)).rejects.toMatchObject({
      code: 'invalid-input',
    });
    await expect(translateFieldNow(owner(), storage, null, 'product', dish.id, { field: 'name', language: 'de' })).rejects.toMatchObject({ code: 'translation-not-configured' });
  });

  it('refuses a second restaurant’s owner, and changes nothing', async () => {
    const intruder = scopes.owner(other.id);
    const row = await database.db.selectFrom('product').selectAll().where('id', '=', dish.id).executeTakeFirstOrThrow();
    await expect(getFieldTranslations(intruder, 'product', dish.id)).rejects.toMatchObject({ code: 'not-found' });
    await expect(
      saveFieldTranslation(
        intruder,
        storage,
        'product',
        dish.id,
        { field: 'name', language: 'de', text: 'Gestohlen' },
        await translationVersion(owner(), 'product', dish.id, 'name', 'de'),
      ),
    ).rejects.toMatchObject({ code: 'not-found' });
    await expect(translateFieldNow(intruder, storage, provider, 'product', dish.id, { field: 'name', language: 'de' })).rejects.toMatchObject({ code: 'not-found' });
    expect(await database.db.selectFrom('product').selectAll().where('id', '=', dish.id).executeTakeFirstOrThrow()).toEqual(row);
  });
});
