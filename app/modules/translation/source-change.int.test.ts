import { describe, expect, it } from 'vitest';
import { CategoryInput } from '#app/modules/category/category.schema.ts';
import { updateCategory } from '#app/modules/category/category.service.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { updateLocation } from '#app/modules/location/location.service.server.ts';
import { ProductInput } from '#app/modules/product/product.schema.ts';
import { updateProduct } from '#app/modules/product/product.service.server.ts';
import { RestaurantSettingsInput } from '#app/modules/restaurant-settings/restaurant-settings.schema.ts';
import { getRestaurantSettings, updateRestaurantSettings } from '#app/modules/restaurant-settings/restaurant-settings.service.server.ts';
import { buildCategory, buildLocation, buildProduct, buildRestaurant } from '#tests/factories/builders.ts';
import type { FakeTranslator } from '#tests/support/fake-translation.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import type { ContentTable } from './content.repo.server.ts';
import { updateContentSettings } from './content-settings.service.server.ts';
import { fieldTranslationInput, getFieldTranslations, saveFieldTranslation, translateFieldNow } from './field-translation.server.ts';
import { createGoogleProvider } from './providers.server.ts';
import type { TranslationProvider } from './provider.server.ts';
import { runRefresh } from './source-change.server.ts';
import { createJobHandlers } from '#app/wiring/job-handlers.server.ts';
import { runJobsUntilIdle } from '#tests/support/jobs.ts';
import { contentSettingsVersion, translationVersion } from '#tests/support/versions.ts';

/**
 * Issue 16's remaining lines: "Tradu automat" for English (its own columns) and what a save does
 * when the Romanian changes (machine text refreshed by a job through the cache, owner text
 * flagged), for products, categories, locations and the restaurant's description.
 */
describe(`translations when the Romanian changes on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  let storage: FileStorage;
  let fake: FakeTranslator;
  let provider: TranslationProvider;
  const restaurant = buildRestaurant({ descriptionRo: 'Bucătărie de casă', descriptionEn: 'Home cooking' });
  const other = buildRestaurant();
  const location = buildLocation(restaurant.id, { nameRo: 'Terasa', nameEn: null });
  const category = buildCategory(restaurant.id, location.id, { nameRo: 'Ciorbe', nameEn: 'Sour soups', descriptionRo: null, descriptionEn: null });
  const dish = buildProduct(restaurant.id, category.id, { nameRo: 'Ciorbă de burtă', nameEn: null, descriptionRo: 'Cu smântână', descriptionEn: 'With sour cream' });
  const owner = () => scopes.owner(restaurant.id);
  const view = async (table: ContentTable, id: string, language: string, field: string) =>
    (await getFieldTranslations(owner(), table, id)).find((row) => row.language === language && row.field === field);
  const refreshJobs = async () =>
    (await database.db.selectFrom('job').select(['payload']).where('type', '=', 'translation.refresh').orderBy('createdAt').orderBy('id').execute()).map(
      (job) => JSON.parse(job.payload) as { table: string; id: string },
    );
  const row = (table: 'product' | 'category' | 'location', id: string) => database.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const dishInput = async (changes: Record<string, string>) => {
    const current = await row('product', dish.id);
    return ProductInput.parse({
      categoryId: category.id,
      nameRo: current.nameRo,
      nameEn: current.nameEn ?? '',
      descriptionRo: current.descriptionRo ?? '',
      descriptionEn: current.descriptionEn ?? '',
      price: '24',
      available: 'on',
      visible: 'on',
      ...changes,
    });
  };

  test.beforeAll(async ({ database: fileDatabase, scopes: fileScopes, storage: fileStorage, translators }) => {
    database = fileDatabase;
    scopes = fileScopes;
    storage = fileStorage;
    fake = await translators.start('google');
    provider = createGoogleProvider({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, timeoutMs: 5000 });
    for (const value of [restaurant, other]) await database.db.insertInto('restaurant').values(value).execute();
    await database.db.insertInto('location').values(location).execute();
    await database.db.insertInto('category').values(category).execute();
    await database.db.insertInto('product').values(dish).execute();
    await updateContentSettings(owner(), storage, { languages: ['de'], doNotTranslate: [] }, await contentSettingsVersion(owner()));
  });

  it('"Tradu automat" fills an empty English field ("tradus automat"), never over English the owner typed', async () => {
    expect(await view('product', dish.id, 'en', 'name')).toMatchObject({ text: '', state: 'missing', source: 'Ciorbă de burtă' });
    expect(await translateFieldNow(owner(), storage, provider, 'product', dish.id, { field: 'name', language: 'en' })).toBe('en: CIORBĂ DE BURTĂ');
    expect((await row('product', dish.id)).nameEn).toBe('en: CIORBĂ DE BURTĂ');
    expect(await view('product', dish.id, 'en', 'name')).toMatchObject({ state: 'machine' });
    // the English description was typed by the owner: refused, unchanged
    await expect(translateFieldNow(owner(), storage, provider, 'product', dish.id, { field: 'description', language: 'en' })).rejects.toMatchObject({ code: 'invalid-input' });
    expect((await row('product', dish.id)).descriptionEn).toBe('With sour cream');
    // approving: saved as is, the owner's from then on
    await saveFieldTranslation(
      owner(),
      storage,
      'product',
      dish.id,
      { field: 'name', language: 'en', text: 'en: CIORBĂ DE BURTĂ' },
      await translationVersion(owner(), 'product', dish.id, 'name', 'en'),
    );
    expect(await view('product', dish.id, 'en', 'name')).toMatchObject({ state: 'owner' });
    // cleared: back to missing, and the machine may fill it again
    await saveFieldTranslation(
      owner(),
      storage,
      'product',
      dish.id,
      { field: 'name', language: 'en', text: '' },
      await translationVersion(owner(), 'product', dish.id, 'name', 'en'),
    );
    expect((await row('product', dish.id)).nameEn).toBeNull();
    await translateFieldNow(owner(), storage, provider, 'product', dish.id, { field: 'name', language: 'en' });
    expect(await view('product', dish.id, 'en', 'name')).toMatchObject({ state: 'machine' });
    // a name as long as a description is refused as bad input, field by field
    expect(fieldTranslationInput('product').safeParse({ field: 'name', language: 'en', text: 'x'.repeat(121) }).error?.issues[0]).toMatchObject({
      path: ['text'],
      message: 'tooLong',
      maximum: 120,
    });
    expect(fieldTranslationInput('product').safeParse({ field: 'description', language: 'en', text: 'x'.repeat(121) }).success).toBe(true);
  });

  it('a dish saved with a new Romanian: machine text refreshed by a job through the cache, owner text flagged, the save itself calls no provider', async () => {
    await translateFieldNow(owner(), storage, provider, 'product', dish.id, { field: 'name', language: 'de' });
    await saveFieldTranslation(
      owner(),
      storage,
      'product',
      dish.id,
      { field: 'description', language: 'de', text: 'Mit Sauerrahm' },
      await translationVersion(owner(), 'product', dish.id, 'description', 'de'),
    );
    const callsBefore = fake.calls.length;
    await updateProduct(owner(), storage, dish.id, await dishInput({ nameRo: 'Ciorbă de perișoare', descriptionRo: 'Cu leuștean' }), (await row('product', dish.id)).updatedAt);
    expect(fake.calls.length).toBe(callsBefore);
    // until the job runs, the machine's text shows as possibly outdated
    expect(await view('product', dish.id, 'en', 'name')).toMatchObject({ text: 'en: CIORBĂ DE BURTĂ', state: 'outdated' });
    // the owner's English and German descriptions are flagged, never rewritten
    expect(await view('product', dish.id, 'en', 'description')).toMatchObject({ text: 'With sour cream', state: 'outdated' });
    expect(await view('product', dish.id, 'de', 'description')).toMatchObject({ text: 'Mit Sauerrahm', state: 'outdated' });
    expect(await refreshJobs()).toEqual([{ restaurantId: restaurant.id, table: 'product', id: dish.id }]);

    expect(await runRefresh(owner(), storage, provider, 'product', dish.id)).toBe(2);
    expect(await view('product', dish.id, 'en', 'name')).toMatchObject({ text: 'en: CIORBĂ DE PERIȘOARE', state: 'machine' });
    expect(await view('product', dish.id, 'de', 'name')).toMatchObject({ text: 'de: CIORBĂ DE PERIȘOARE', state: 'machine' });
    expect((await row('product', dish.id)).descriptionEn).toBe('With sour cream');
    // a second run has nothing left to do; the cache answers the same Romanian without a call
    const calls = fake.calls.length;
    expect(await runRefresh(owner(), storage, provider, 'product', dish.id)).toBe(0);
    expect(fake.calls.length).toBe(calls);
    // no provider: nothing happens, nothing breaks
    expect(await runRefresh(owner(), storage, null, 'product', dish.id)).toBe(0);
  });

  it('English typed in the same save as the new Romanian is the owner’s and up to date; saving the Romanian back clears the flag', async () => {
    await updateProduct(
      owner(),
      storage,
      dish.id,
      await dishInput({ descriptionRo: 'Cu leuștean și smântână', descriptionEn: 'With lovage and sour cream' }),
      (await row('product', dish.id)).updatedAt,
    );
    expect(await view('product', dish.id, 'en', 'description')).toMatchObject({ text: 'With lovage and sour cream', state: 'owner' });
    // the German one still answers the first Romanian
    expect(await view('product', dish.id, 'de', 'description')).toMatchObject({ state: 'outdated' });
    await updateProduct(owner(), storage, dish.id, await dishInput({ descriptionRo: 'Cu smântână' }), (await row('product', dish.id)).updatedAt);
    expect(await view('product', dish.id, 'de', 'description')).toMatchObject({ text: 'Mit Sauerrahm', state: 'owner' });
  });

  it('categories, locations and the restaurant description follow the same rules on save', async () => {
    // a machine-made English location name and German category name; the owner's English category name
    await translateFieldNow(owner(), storage, provider, 'location', location.id, { field: 'name', language: 'en' });
    await translateFieldNow(owner(), storage, provider, 'category', category.id, { field: 'name', language: 'de' });
    const jobsBefore = (await refreshJobs()).length;

    const savedLocation = await row('location', location.id);
    await updateLocation(owner(), storage, location.id, LocationInput.parse({ nameRo: 'Grădina', nameEn: savedLocation.nameEn ?? '' }), savedLocation.updatedAt);
    const savedCategory = await row('category', category.id);
    await updateCategory(
      owner(),
      storage,
      category.id,
      CategoryInput.parse({ locationId: location.id, nameRo: 'Supe', nameEn: 'Sour soups', visible: 'on' }),
      savedCategory.updatedAt,
    );
    expect(await view('category', category.id, 'en', 'name')).toMatchObject({ text: 'Sour soups', state: 'outdated' });
    expect((await refreshJobs()).slice(jobsBefore)).toEqual([
      { restaurantId: restaurant.id, table: 'location', id: location.id },
      { restaurantId: restaurant.id, table: 'category', id: category.id },
    ]);
    // through the queue this time: the job type is wired to runRefresh with the configured provider
    await runJobsUntilIdle(database.db, createJobHandlers({ mailer: { send: async () => undefined } as never, storage, retentionDays: 7, translator: provider }));
    expect((await row('location', location.id)).nameEn).toBe('en: GRĂDINA');
    expect(await view('category', category.id, 'de', 'name')).toMatchObject({ text: 'de: SUPE', state: 'machine' });
    expect((await row('category', category.id)).nameEn).toBe('Sour soups');

    const settings = await getRestaurantSettings(owner());
    await updateRestaurantSettings(
      owner(),
      storage,
      RestaurantSettingsInput.parse({
        name: settings.name,
        slug: settings.slug,
        currency: settings.currency,
        timeZone: settings.timeZone,
        descriptionRo: 'Bucătărie moldovenească',
        descriptionEn: settings.descriptionEn ?? '',
      }),
      settings.settingsVersion,
    );
    expect(await view('restaurant', restaurant.id, 'en', 'description')).toMatchObject({ text: 'Home cooking', state: 'outdated' });
  });

  it('refuses a second restaurant’s owner for every new action, and changes nothing', async () => {
    const intruder = scopes.owner(other.id);
    const before = await Promise.all([row('product', dish.id), row('category', category.id), row('location', location.id)]);
    await expect(translateFieldNow(intruder, storage, provider, 'product', dish.id, { field: 'name', language: 'en' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(
      saveFieldTranslation(
        intruder,
        storage,
        'category',
        category.id,
        { field: 'name', language: 'en', text: 'Stolen' },
        await translationVersion(owner(), 'category', category.id, 'name', 'en'),
      ),
    ).rejects.toMatchObject({ code: 'not-found' });
    await expect(translateFieldNow(intruder, storage, provider, 'location', location.id, { field: 'name', language: 'en' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(getFieldTranslations(intruder, 'category', category.id)).rejects.toMatchObject({ code: 'not-found' });
    await expect(getFieldTranslations(intruder, 'location', location.id)).rejects.toMatchObject({ code: 'not-found' });
    expect(await runRefresh(intruder, storage, provider, 'product', dish.id)).toBe(0);
    await expect(updateProduct(intruder, storage, dish.id, await dishInput({ nameRo: 'Altceva' }), (await row('product', dish.id)).updatedAt)).rejects.toMatchObject({
      code: 'not-found',
    });
    expect(await Promise.all([row('product', dish.id), row('category', category.id), row('location', location.id)])).toEqual(before);
  });
});
