import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildCategory, buildLocation, buildProduct, buildRestaurant } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { getPublicMenu } from '#app/modules/guest-menu/menu.service.server.ts';
import { textIn } from '#app/modules/translation/content-language.ts';
import { migrateToLatest } from './migrate.server.ts';

/** Decision 0019: the ro/en columns survive the content-languages migration unchanged; new columns start empty. */
describe(`the content-languages migration on ${testDialect}`, () => {
  let database: TestDatabase;
  const restaurant = { ...buildRestaurant(), descriptionRo: 'Bucătărie de casă', descriptionEn: 'Home cooking' };
  const location = { ...buildLocation(restaurant.id), nameRo: 'Terasă', nameEn: 'Terrace' };
  const category = { ...buildCategory(restaurant.id, location.id), nameRo: 'Ciorbe', nameEn: 'Soups', descriptionRo: 'Calde', descriptionEn: null };
  const product = {
    ...buildProduct(restaurant.id, category.id),
    nameRo: 'Ciorbă de burtă',
    nameEn: 'Tripe soup',
    descriptionRo: 'Cu smântână și ardei iute',
    descriptionEn: 'With sour cream',
    ingredientsRo: 'burtă, smântână',
    ingredientsEn: null,
  };

  test.beforeAll(async ({ databases }) => {
    database = await databases.create({ upTo: '2026-11-23-0009-billing-event' });
    const db = database.db as unknown as Kysely<any>;
    const { translations: _r, translationMeta: _rm, contentLanguages: _l, doNotTranslate: _d, ...oldRestaurant } = restaurant as Record<string, unknown>;
    await db
      .insertInto('restaurant')
      .values({ ...oldRestaurant, publishedUntil: '9999-12-31T23:59:59.999Z' })
      .execute();
    const strip = ({ translations: _t, translationMeta: _m, ...row }: Record<string, unknown>) => row;
    await db.insertInto('location').values(strip(location)).execute();
    await db.insertInto('category').values(strip(category)).execute();
    await db.insertInto('product').values(strip(product)).execute();
    await migrateToLatest(database.db);
  });

  it('keeps every ro/en value and starts the new columns empty', async () => {
    const db = database.db;
    const r = await db.selectFrom('restaurant').selectAll().where('id', '=', restaurant.id).executeTakeFirstOrThrow();
    expect([r.descriptionRo, r.descriptionEn, r.translations, r.translationMeta, r.contentLanguages, r.doNotTranslate]).toEqual([
      'Bucătărie de casă',
      'Home cooking',
      '{}',
      '{}',
      '[]',
      '[]',
    ]);
    const l = await db.selectFrom('location').selectAll().where('id', '=', location.id).executeTakeFirstOrThrow();
    expect([l.nameRo, l.nameEn, l.translations]).toEqual(['Terasă', 'Terrace', '{}']);
    const c = await db.selectFrom('category').selectAll().where('id', '=', category.id).executeTakeFirstOrThrow();
    expect([c.nameRo, c.nameEn, c.descriptionRo, c.descriptionEn, c.translations]).toEqual(['Ciorbe', 'Soups', 'Calde', null, '{}']);
    const p = await db.selectFrom('product').selectAll().where('id', '=', product.id).executeTakeFirstOrThrow();
    expect([p.nameRo, p.nameEn, p.descriptionRo, p.descriptionEn, p.ingredientsRo, p.ingredientsEn, p.translations, p.translationMeta]).toEqual([
      'Ciorbă de burtă',
      'Tripe soup',
      'Cu smântână și ardei iute',
      'With sour cream',
      'burtă, smântână',
      null,
      '{}',
      '{}',
    ]);
  });

  it('reads a German text from the same three queries, falling back per field to English then Romanian', async () => {
    await database.db
      .updateTable('product')
      .set({ translations: JSON.stringify({ de: { name: 'Kuttelsuppe' } }) })
      .where('id', '=', product.id)
      .execute();
    await database.db
      .updateTable('restaurant')
      .set({ contentLanguages: JSON.stringify(['de', 'xx']) })
      .where('id', '=', restaurant.id)
      .execute();
    const menu = await getPublicMenu(database.db, restaurant.slug);
    if (menu?.status !== 'active') throw new Error('menu not active');
    expect(menu.restaurant.languages).toEqual(['ro', 'en', 'de']);
    const dish = menu.locations[0]?.categories[0]?.products[0];
    if (!dish) throw new Error('no dish');
    const row = (field: 'name' | 'description' | 'ingredients') => ({
      ro: { name: dish.nameRo, description: dish.descriptionRo, ingredients: dish.ingredientsRo }[field],
      en: { name: dish.nameEn, description: dish.descriptionEn, ingredients: dish.ingredientsEn }[field],
      translations: dish.translations,
    });
    expect(textIn(row('name'), 'name', 'de')).toBe('Kuttelsuppe');
    expect(textIn(row('description'), 'description', 'de')).toBe('With sour cream');
    expect(textIn(row('ingredients'), 'ingredients', 'de')).toBe('burtă, smântână');
    expect(textIn(row('name'), 'name', 'ro')).toBe('Ciorbă de burtă');
  });
});
