import { DummyDriver, Kysely, sql, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type Compilable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import { acrossRestaurants, tenant } from '#app/db/tenant.ts';
import { tenantViolations } from './check.ts';

// The checker behind tests/architecture/tenant-sql.int.test.ts, on statements compiled without a
// database: it must refuse what leaks and accept what the tenant helper and its joins produce.

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const R = 'restaurant-r';
const problems = (query: Compilable) => tenantViolations(query.compile().query, R);

describe('the tenancy check of one statement', () => {
  it('accepts what tenant() builds: select, update, delete, insert, and the restaurant row itself', () => {
    const own = tenant(db, R);
    expect(problems(own.selectFrom('location').selectAll().where('id', '=', 'l1'))).toEqual([]);
    expect(problems(own.updateTable('product').set({ nameRo: 'Supă' }).where('id', '=', 'p1'))).toEqual([]);
    expect(problems(own.deleteFrom('diningTable').where('id', '=', 't1'))).toEqual([]);
    expect(problems(own.insertInto('translationRun', { id: 'run', status: 'running', total: 1, createdAt: 'now', updatedAt: 'now' }))).toEqual([]);
    expect(problems(own.selectFrom('restaurant').select('slug'))).toEqual([]);
  });

  it('refuses a tenant table without the filter, or filtered to another restaurant', () => {
    expect(problems(db.selectFrom('location').selectAll().where('id', '=', 'l1'))).toEqual(['location: no "location"."restaurantId" = <tenant> filter']);
    expect(problems(tenant(db, 'restaurant-o').selectFrom('category').selectAll())).toEqual(['category: no "category"."restaurantId" = <tenant> filter']);
    expect(problems(db.selectFrom('restaurant').select('id').where('slug', '=', 'bistro'))).toEqual(['restaurant: no "restaurant"."id" = <tenant> filter']);
    expect(problems(db.updateTable('restaurant').set({ name: 'x' }).where('id', '!=', R))).toEqual(['restaurant: no "restaurant"."id" = <tenant> filter']);
  });

  it('refuses a filter inside an OR, an IN list of restaurants, or a join without the filter', () => {
    expect(problems(db.selectFrom('product').selectAll().where((eb) => eb.or([eb('restaurantId', '=', R), eb('visible', '=', 1)])))).toHaveLength(1);
    expect(problems(db.selectFrom('product').selectAll().where('restaurantId', 'in', [R, 'restaurant-o']))).toHaveLength(1);
    const joinedByKey = tenant(db, R).selectFrom('product').innerJoin('category', 'category.id', 'product.categoryId').select('product.id');
    expect(problems(joinedByKey)).toEqual(['category: no "category"."restaurantId" = <tenant> filter']);
  });

  it('accepts a join or a correlated subquery that matches the restaurant of a filtered table', () => {
    const joined = tenant(db, R)
      .selectFrom('product')
      .innerJoin('category', (join) => join.onRef('category.id', '=', 'product.categoryId').onRef('category.restaurantId', '=', 'product.restaurantId'))
      .leftJoin('storedImage as picture', (join) => join.onRef('picture.id', '=', 'product.imageId').onRef('picture.restaurantId', '=', 'product.restaurantId'))
      .select('product.id');
    expect(problems(joined)).toEqual([]);
    const correlated = tenant(db, R)
      .selectFrom('storedImage')
      .select('storedImage.id')
      .where(({ exists, selectFrom }) => exists(selectFrom('product').select('product.id').whereRef('product.restaurantId', '=', 'storedImage.restaurantId')));
    expect(problems(correlated)).toEqual([]);
    const uncorrelated = tenant(db, R)
      .selectFrom('storedImage')
      .select('storedImage.id')
      .where(({ exists, selectFrom }) => exists(selectFrom('product').select('product.id').whereRef('product.imageId', '=', 'storedImage.id')));
    expect(problems(uncorrelated)).toEqual(['product: no "product"."restaurantId" = <tenant> filter']);
  });

  it('does not let a left join\'s ON hold the table it is joined to', () => {
    const query = db.selectFrom('product').leftJoin('category', (join) => join.onRef('category.id', '=', 'product.categoryId').on('category.restaurantId', '=', R)).select('product.id');
    expect(problems(query)).toEqual(['product: no "product"."restaurantId" = <tenant> filter']);
  });

  it('takes an unqualified filter only where one table is read', () => {
    expect(problems(db.selectFrom('location').select('id').where('restaurantId', '=', R))).toEqual([]);
  });

  it('refuses an insert of another restaurant\'s rows, and raw SQL naming a tenant table', () => {
    const row = { id: 'n1', restaurantId: 'restaurant-o', slug: 'old', createdAt: 'now' };
    expect(problems(acrossRestaurants(db, 'a test').insertInto('restaurantSlugHistory').values(row))).toEqual(['restaurantSlugHistory: inserts rows of another restaurant']);
    expect(problems(db.selectFrom('job').select('id').where(sql<boolean>`exists (select 1 from "product")`))).toEqual(['product: named in raw SQL, so its filter cannot be checked']);
    expect(problems(db.selectFrom('job').select('id').where(sql<boolean>`exists (select 1 from ${sql.table('category')})`))).toEqual([
      'category: named outside a FROM or JOIN (raw SQL), so its filter cannot be checked',
    ]);
  });
});

describe('tenant()', () => {
  it('refuses to insert a row that names another restaurant, before any SQL', () => {
    const row = { id: 'l1', restaurantId: 'restaurant-o', nameRo: 'Terasă', sortOrder: 0, createdAt: 'now', updatedAt: 'now' };
    expect(() => tenant(db, R).insertInto('location', row)).toThrow(/restaurant-o inserted as restaurant restaurant-r/);
  });

  it('needs a restaurant, and an exemption needs a reason', () => {
    expect(() => tenant(db, '')).toThrow(/restaurant id/);
    expect(() => acrossRestaurants(db, ' ')).toThrow(/reason/);
  });
});
