import { describe, expect, it } from 'vitest';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { getDishChoicePage } from '#app/modules/ordering/dish-choice.service.server.ts';
import { updateContentSettings } from '#app/modules/translation/content-settings.service.server.ts';
import { listContentTexts } from '#app/modules/translation/content.repo.server.ts';
import { getFieldTranslations } from '#app/modules/translation/field-translation.server.ts';
import { getTranslationProgress, missingTasks, parseMarks, startFillMissing } from '#app/modules/translation/fill-missing.server.ts';
import type { TranslationProvider } from '#app/modules/translation/provider.server.ts';
import { createDeepLProvider } from '#app/modules/translation/providers.server.ts';
import { createJobHandlers } from '#app/wiring/job-handlers.server.ts';
import { buildCategory, buildLocation, buildProduct, insertRestaurant } from '#tests/factories/builders.ts';
import { insertDishOptions, insertPizzaOptions } from '#tests/factories/dish-options.ts';
import type { FakeTranslator } from '#tests/support/fake-translation.ts';
import { runJobsUntilIdle } from '#tests/support/jobs.ts';
import { test, type ActorScopes, type TestDb } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { contentSettingsVersion } from '#tests/support/versions.ts';
import { getOptionGroupForEdit } from './dish-options.service.server.ts';
import { updateOptionItem } from './options-library.service.server.ts';
import { OptionItemInput } from './options.schema.ts';

/**
 * Option groups' and options' names in the content languages beyond ro/en (decision 0034's
 * follow-up, 0019): "translate everything missing" counts and fills them through the cache, a
 * renamed option's machine names are made again, the translations panel reads them (not another
 * restaurant's), and a dish's page shows them in the menu's language, else English, else Romanian.
 */
describe(`option names in the content languages on ${testDialect}`, () => {
  let db: TestDb;
  let scopes: ActorScopes;
  let storage: FileStorage;
  let fake: FakeTranslator;
  let provider: TranslationProvider;
  const worlds: Awaited<ReturnType<typeof world>>[] = [];
  const handlers = () => createJobHandlers({ mailer: { send: async () => undefined } as never, storage, retentionDays: 7, translator: provider });
  const owner = (id: string) => scopes.owner(id);

  async function world(n: number) {
    const slug = `optiuni-limbi-${testDialect}-${n}`;
    const restaurant = await insertRestaurant(db, { slug, name: `Pizzeria Limbi ${n}` }, {});
    const id = restaurant.id!;
    const location = buildLocation(id, { nameRo: 'Salon', nameEn: 'Hall' });
    const category = buildCategory(id, location.id, { nameRo: 'Pizza', nameEn: 'Pizza', descriptionRo: null });
    const pizza = buildProduct(id, category.id, { nameRo: 'Pizza Margherita', nameEn: 'Margherita pizza', descriptionRo: null, ingredientsRo: null, priceMinor: 3900 });
    await db.insertInto('location').values(location).execute();
    await db.insertInto('category').values(category).execute();
    await db.insertInto('product').values(pizza).execute();
    const pizzaOptions = await insertPizzaOptions(db, id, [pizza.id!]);
    // a sauce written in Romanian only: English is missing too
    const sauce = await insertDishOptions(db, id, [pizza.id!], { nameRo: 'Sos', nameEn: null, options: [{ nameRo: 'Sos de roșii', nameEn: null }] }, 2);
    await updateContentSettings(owner(id), storage, { languages: ['de'], doNotTranslate: [] }, await contentSettingsVersion(owner(id)));
    return { id, slug, pizza: pizza.id!, ...pizzaOptions, sauceGroup: sauce.groupId, sauce: sauce.optionIds[0]! };
  }

  const page = (w: { slug: string; pizza: string }, content: 'ro' | 'en' | 'de' | 'fr') =>
    getDishChoicePage(db, w.slug, w.pizza, { locale: content === 'ro' ? 'ro' : 'en', content, filtered: [], refusal: null });
  const names = async (w: { slug: string; pizza: string }, content: 'ro' | 'en' | 'de' | 'fr') => {
    const shown = await page(w, content);
    return { dish: shown?.dish.name, groups: shown?.groups.map((group) => [group.name, ...group.options.map((option) => option.name)]) };
  };

  test.beforeAll(async ({ db: fileDb, scopes: fileScopes, storage: fileStorage, translators }) => {
    db = fileDb;
    scopes = fileScopes;
    storage = fileStorage;
    fake = await translators.start('deepl');
    provider = createDeepLProvider({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, timeoutMs: 5000 });
    worlds.push(await world(1), await world(2));
  });

  it('before any translation, a dish page in German shows English names, and Romanian where there is no English', async () => {
    const [a] = worlds as [(typeof worlds)[number]];
    expect(await names(a, 'de')).toEqual({
      dish: 'Margherita pizza',
      groups: [
        ['Size', 'Small', 'Large'],
        ['Extras', 'Extra cheese', 'Olives', 'Ham'],
        ['Sos', 'Sos de roșii'],
      ],
    });
  });

  it('counts the groups and options among the missing texts and fills them in German (and the missing English)', async () => {
    const [a] = worlds as [(typeof worlds)[number]];
    const tasks = missingTasks(await listContentTexts(db, a.id), ['de']);
    const optionTasks = tasks.filter((task) => task.table === 'optionGroup' || task.table === 'optionItem').map((task) => `${task.target}|${task.source}`);
    // three groups and seven options (hidden ones too) in German; the sauce's two names in English
    expect(optionTasks.sort()).toEqual(
      [...['Mărime', 'Extra', 'Sos', 'Mică', 'Mare', 'Extra brânză', 'Măsline', 'Șuncă', 'Trufe', 'Sos de roșii'].map((text) => `de|${text}`), 'en|Sos', 'en|Sos de roșii'].sort(),
    );
    const run = await startFillMissing(owner(a.id), provider);
    expect(run.total).toBe(tasks.length);
    await runJobsUntilIdle(db, handlers());
    expect(await getTranslationProgress(owner(a.id))).toMatchObject({ id: run.id, status: 'done', done: run.total });
    expect((await startFillMissing(owner(a.id), provider)).total).toBe(0);

    const group = await db.selectFrom('optionGroup').selectAll().where('id', '=', a.sizeGroup).executeTakeFirstOrThrow();
    expect(JSON.parse(group.translations)).toEqual({ de: { name: 'de: MĂRIME' } });
    expect(parseMarks(group.translationMeta)['de.name']?.by).toBe('machine');
    const sauce = await db.selectFrom('optionItem').selectAll().where('id', '=', a.sauce).executeTakeFirstOrThrow();
    expect(sauce.nameEn).toBe('en-gb: SOS DE ROȘII');
    // the owner's English stays as written
    const small = await db.selectFrom('optionItem').selectAll().where('id', '=', a.small).executeTakeFirstOrThrow();
    expect(small.nameEn).toBe('Small');
  });

  it('shows the names on the dish page in German, English or Romanian, and English for a language not translated', async () => {
    const [a] = worlds as [(typeof worlds)[number]];
    expect(await names(a, 'de')).toEqual({
      dish: 'de: PIZZA MARGHERITA',
      groups: [
        ['de: MĂRIME', 'de: MICĂ', 'de: MARE'],
        ['de: EXTRA', 'de: EXTRA BRÂNZĂ', 'de: MĂSLINE', 'de: ȘUNCĂ'],
        ['de: SOS', 'de: SOS DE ROȘII'],
      ],
    });
    expect((await names(a, 'fr')).groups?.[0]).toEqual(['Size', 'Small', 'Large']);
    expect((await names(a, 'en')).groups?.[2]).toEqual(['en-gb: SOS', 'en-gb: SOS DE ROȘII']);
    expect(await names(a, 'ro')).toMatchObject({ dish: 'Pizza Margherita', groups: [['Mărime', 'Mică', 'Mare'], expect.anything(), ['Sos', 'Sos de roșii']] });
  });

  it('takes the same names from the cache for another restaurant: none reaches the provider again', async () => {
    const [, b] = worlds as [unknown, (typeof worlds)[number]];
    const before = fake.calls.length;
    await startFillMissing(owner(b.id), provider);
    await runJobsUntilIdle(db, handlers());
    expect(fake.calls.length).toBe(before);
    expect((await names(b, 'de')).groups?.[0]).toEqual(['de: MĂRIME', 'de: MICĂ', 'de: MARE']);
  });

  it("makes a renamed option's machine names again, and the panel reads them; not another restaurant's", async () => {
    const [a, b] = worlds as [(typeof worlds)[number], (typeof worlds)[number]];
    const { group } = await getOptionGroupForEdit(owner(a.id), a.sauceGroup);
    const option = group.options[0]!;
    await updateOptionItem(
      owner(a.id),
      storage,
      a.sauce,
      OptionItemInput.parse({ nameRo: 'Sos picant', nameEn: option.nameEn ?? '', price: '0', available: 'on', visible: 'on' }),
      option.version,
    );
    await runJobsUntilIdle(db, handlers());
    const panel = await getFieldTranslations(owner(a.id), 'optionItem', a.sauce);
    expect(panel.map((row) => [row.language, row.field, row.text, row.state])).toEqual([
      ['en', 'name', 'en-gb: SOS PICANT', 'machine'],
      ['de', 'name', 'de: SOS PICANT', 'machine'],
    ]);
    expect((await getFieldTranslations(owner(a.id), 'optionGroup', a.sizeGroup)).find((row) => row.language === 'de')?.text).toBe('de: MĂRIME');
    await expect(getFieldTranslations(owner(b.id), 'optionItem', a.sauce)).rejects.toMatchObject({ code: 'not-found' });
    await expect(getFieldTranslations(owner(b.id), 'optionGroup', a.sizeGroup)).rejects.toMatchObject({ code: 'not-found' });
  });
});
