import { describe, expect, it } from 'vitest';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { createJobHandlers } from '#app/wiring/job-handlers.server.ts';
import { getPublicMenu } from '#app/modules/guest-menu/menu.service.server.ts';
import { buildCategory, buildLocation, buildProduct, buildRestaurant } from '#tests/factories/builders.ts';
import type { FakeTranslator } from '#tests/support/fake-translation.ts';
import { runJobsUntilIdle } from '#tests/support/jobs.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { contentSettingsVersion } from '#tests/support/versions.ts';
import { fieldIn } from './content-language.ts';
import { getContentSettings, updateContentSettings } from './content-settings.service.server.ts';
import { getTranslationProgress, parseMarks, runFillMissing, startFillMissing } from './fill-missing.server.ts';
import { createDeepLProvider } from './providers.server.ts';
import type { TranslationProvider } from './provider.server.ts';

/**
 * "Translate everything missing" on a 200-dish menu (issue 16): a provider failing half-way stops
 * the run with its message; pressing again finishes it without doing anything twice; owner text is
 * never touched; the menu version moves; another restaurant's owner reaches none of it.
 */
describe(`translate everything missing on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  let storage: FileStorage;
  let fake: FakeTranslator;
  let provider: TranslationProvider;
  const restaurant = buildRestaurant({ name: 'Hanul Bucate' });
  const other = buildRestaurant({ name: 'Alt Han' });
  const location = buildLocation(restaurant.id, { nameRo: 'Salon', nameEn: null });
  const category = buildCategory(restaurant.id, location.id, { nameRo: 'Feluri principale', nameEn: null });
  const otherLocation = buildLocation(other.id);
  const otherCategory = buildCategory(other.id, otherLocation.id, { nameRo: 'Ciorbe', nameEn: null });
  // 200 dishes: the first ten with English their owner typed, every fifth with a description
  const products = Array.from({ length: 200 }, (_, i) =>
    buildProduct(restaurant.id, category.id, {
      nameRo: `Fel de mâncare ${i} cu mici`,
      nameEn: i < 10 ? `Owner dish ${i}` : null,
      descriptionRo: i % 5 === 0 ? `Descriere ${i}` : null,
      sortOrder: i,
    }),
  );
  const owner = () => scopes.owner(restaurant.id);
  const otherOwner = () => scopes.owner(other.id);
  const handlers = () => createJobHandlers({ mailer: { send: async () => undefined } as never, storage, retentionDays: 7, translator: provider });
  const menuVersion = async () => (await database.db.selectFrom('restaurant').select('menuVersion').where('id', '=', restaurant.id).executeTakeFirstOrThrow()).menuVersion;
  const productRows = () => database.db.selectFrom('product').selectAll().where('restaurantId', '=', restaurant.id).orderBy('sortOrder').execute();

  test.beforeAll(async ({ database: fileDatabase, scopes: fileScopes, storage: fileStorage, translators }) => {
    database = fileDatabase;
    scopes = fileScopes;
    storage = fileStorage;
    fake = await translators.start('deepl');
    provider = createDeepLProvider({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, timeoutMs: 5000 });
    await database.db.insertInto('restaurant').values([restaurant, other]).execute();
    await database.db.insertInto('location').values([location, otherLocation]).execute();
    await database.db.insertInto('category').values([category, otherCategory]).execute();
    for (let i = 0; i < products.length; i += 50)
      await database.db
        .insertInto('product')
        .values(products.slice(i, i + 50))
        .execute();
    await database.db
      .insertInto('product')
      .values(buildProduct(other.id, otherCategory.id, { nameRo: 'Ciorbă de burtă', nameEn: null }))
      .execute();
    await updateContentSettings(owner(), storage, { languages: ['de'], doNotTranslate: ['mici'] }, await contentSettingsVersion(owner()));
  });

  it('refuses to start with no provider configured', async () => {
    await expect(startFillMissing(owner(), null)).rejects.toMatchObject({ code: 'translation-not-configured' });
  });

  it('stops half-way with the provider’s message, then a second press finishes it without duplicates', async () => {
    // each dish: name in en (190 missing) and de (200); 40 descriptions in both; category name in both; location name in both
    const versionBefore = await menuVersion();
    const first = await startFillMissing(owner(), provider);
    expect(first.status).toBe('running');
    expect(first.total).toBe(190 + 200 + 40 + 40 + 2 + 2);
    // a second press while it runs does not start another run
    expect((await startFillMissing(owner(), provider)).id).toBe(first.id);

    // the first step (120 texts: 4 calls) goes through, then DeepL's quota runs out
    fake.failAfter(4, 456);
    await runJobsUntilIdle(database.db, handlers());
    const stopped = await getTranslationProgress(owner());
    expect(stopped).toMatchObject({ id: first.id, status: 'failed', error: 'translation-quota', done: 120 });
    expect(await menuVersion()).toBeGreaterThan(versionBefore);

    fake.clearFailures();
    const second = await startFillMissing(owner(), provider);
    expect(second.id).not.toBe(first.id);
    expect(second.total).toBe(first.total - 120);
    await runJobsUntilIdle(database.db, handlers());
    expect(await getTranslationProgress(owner())).toMatchObject({ id: second.id, status: 'done', done: second.total, error: null });

    // no text was translated twice: apart from the refused batch, every text reached DeepL once per language
    const sent = fake.calls.filter((call) => !call.failed).flatMap((call) => call.texts.map((text) => `${call.target}|${text}`));
    expect(new Set(sent).size).toBe(sent.length);
    // and nothing is missing any more
    expect((await startFillMissing(owner(), provider)).total).toBe(0);

    const rows = await productRows();
    for (const [i, row] of rows.entries()) {
      const translations = JSON.parse(row.translations) as { de?: { name?: string; description?: string } };
      // the protected term stays as written
      expect(translations.de?.name).toBe(`de: FEL DE MÂNCARE ${i} CU mici`);
      expect(translations.de?.description).toBe(i % 5 === 0 ? `de: DESCRIERE ${i}` : undefined);
      const marks = parseMarks(row.translationMeta);
      if (i < 10) {
        // owner-typed English untouched, noted as the owner's beside the Romanian it was written for
        expect(row.nameEn).toBe(`Owner dish ${i}`);
        expect(marks['en.name']).toMatchObject({ by: 'owner' });
        expect(marks['en.name']?.outdated).toBeUndefined();
      } else {
        expect(row.nameEn).toBe(`en-gb: FEL DE MÂNCARE ${i} CU mici`);
        expect(marks['en.name']?.by).toBe('machine');
      }
      expect(marks['de.name']?.by).toBe('machine');
    }
  });

  it('shows guests the German menu at once, per field falling back to English then Romanian', async () => {
    const menu = await getPublicMenu(database.db, restaurant.slug);
    if (menu?.status !== 'active') throw new Error('menu not active');
    expect(menu.restaurant.languages).toEqual(['ro', 'en', 'de']);
    const dish = menu.locations[0]?.categories[0]?.products[3];
    if (!dish) throw new Error('no dish');
    expect(fieldIn(dish, 'name', 'de')).toBe('de: FEL DE MÂNCARE 3 CU mici');
    expect(fieldIn(menu.locations[0]!.categories[0]!, 'name', 'de')).toBe('de: FELURI PRINCIPALE');
  });

  it('refreshes machine text when the Romanian source changes, and leaves owner text alone', async () => {
    const rows = await productRows();
    const [ownerRow, machineRow, editedRow] = [rows[0]!, rows[20]!, rows[30]!];
    // the owner typed over a machine-made English name: it is theirs from then on
    await database.db.updateTable('product').set({ nameEn: 'Grilled by the owner' }).where('id', '=', editedRow.id).execute();
    for (const row of [ownerRow, machineRow, editedRow]) {
      await database.db
        .updateTable('product')
        .set({ nameRo: `${row.nameRo} la grătar` })
        .where('id', '=', row.id)
        .execute();
    }
    const run = await startFillMissing(owner(), provider);
    // owner row: only its German (machine) name; machine row: English and German; edited row: German only
    expect(run.total).toBe(4);
    await runJobsUntilIdle(database.db, handlers());
    const after = await productRows();
    expect(after[0]?.nameEn).toBe('Owner dish 0');
    // the owner's English is kept and flagged as possibly outdated; the edited one too
    expect(parseMarks(after[0]!.translationMeta)['en.name']).toMatchObject({ by: 'owner', outdated: true });
    expect(parseMarks(after[30]!.translationMeta)['en.name']).toMatchObject({ by: 'owner', outdated: true });
    expect(JSON.parse(after[0]!.translations).de.name).toBe('de: FEL DE MÂNCARE 0 CU mici LA GRĂTAR');
    expect(after[20]?.nameEn).toBe('en-gb: FEL DE MÂNCARE 20 CU mici LA GRĂTAR');
    expect(after[30]?.nameEn).toBe('Grilled by the owner');
    expect(JSON.parse(after[30]!.translations).de.name).toBe('de: FEL DE MÂNCARE 30 CU mici LA GRĂTAR');
  });

  it('leaves a field missing when the machine’s text is longer than the field takes, and writes the rest', async () => {
    const [short, long] = (await productRows()).slice(41, 43);
    for (const [row, nameRo] of [
      [short!, 'Supă scurtă'],
      [long!, 'Supă lungă'],
    ] as const)
      await database.db.updateTable('product').set({ nameRo, nameEn: null, translations: '{}', translationMeta: '{}' }).where('id', '=', row.id).execute();
    // a dish's name takes 120 characters: the provider lengthens only the long one's past that
    fake.transform = (text) => (text.includes('LUNG') ? `${text} ${'x'.repeat(120)}` : text);
    try {
      const run = await startFillMissing(owner(), provider);
      expect(run.total).toBe(4);
      await runJobsUntilIdle(database.db, handlers());
      expect(await getTranslationProgress(owner())).toMatchObject({ status: 'done', total: 4, done: 2 });
    } finally {
      fake.transform = null;
    }
    const [shortAfter, longAfter] = (await productRows()).slice(41, 43);
    expect(shortAfter?.nameEn).toBe('en-gb: SUPĂ SCURTĂ');
    expect(JSON.parse(shortAfter!.translations).de.name).toBe('de: SUPĂ SCURTĂ');
    expect(longAfter?.nameEn).toBeNull();
    expect(JSON.parse(longAfter!.translations).de).toBeUndefined();
    expect(parseMarks(longAfter!.translationMeta)).toEqual({});
  });

  it('gives a second restaurant’s owner none of the first one’s runs, rows or settings', async () => {
    const firstRun = await getTranslationProgress(owner());
    expect(await getTranslationProgress(otherOwner())).toBeNull();
    expect(await getContentSettings(otherOwner())).toEqual({ languages: [], doNotTranslate: [] });
    const before = await productRows();
    // the other owner naming the first restaurant's run: nothing happens to either restaurant
    await runFillMissing(otherOwner(), storage, provider, firstRun!.id);
    expect(await productRows()).toEqual(before);
    // their own run touches only their own menu (English only: no extra language enabled)
    const theirs = await startFillMissing(otherOwner(), provider);
    expect(theirs.total).toBe(2);
    await runJobsUntilIdle(database.db, handlers());
    expect(await productRows()).toEqual(before);
    expect(await getTranslationProgress(owner())).toEqual(firstRun);
  });
});
