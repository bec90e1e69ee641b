import { afterAll, describe, expect, it } from 'vitest';
import { CategoryInput } from '#app/modules/category/category.schema.ts';
import { createCategory, updateCategory } from '#app/modules/category/category.service.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { ProductInput } from '#app/modules/product/product.schema.ts';
import { createProduct, setProductFlag, updateProduct } from '#app/modules/product/product.service.server.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { rowVersion } from '#tests/support/versions.ts';

/**
 * The guest menu's freshness rule (decision 0016, issue 18 goal 4) through two real server
 * processes over one database, each with its own render cache: an edit saved through the editor's
 * services shows on the very next request to either process, however many times each had the
 * page cached, and an unchanged menu is answered from each cache without rendering. Needs
 * `npm run build`.
 */
describe(`the guest menu stays fresh across two server processes on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  let storage: FileStorage;
  const servers: BuiltServer[] = [];

  test.beforeAll(async ({ database: fileDatabase, scopes: fileScopes, storage: fileStorage }) => {
    database = fileDatabase;
    scopes = fileScopes;
    storage = fileStorage;
    const where = { databaseUrl: database.location.databaseUrl, sqlitePath: database.location.sqlitePath };
    servers.push(await startBuiltServer(where), await startBuiltServer(where));
  });

  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('shows every saved edit on the next request to either process, and renders nothing while the menu is unchanged', async () => {
    const [one, two] = servers as [BuiltServer, BuiltServer];
    const { id } = await insertRestaurant(database.db, { slug: 'mereu-proaspat' }, { manualProUntil: new Date(Date.now() + 86_400_000).toISOString() });
    const owner = scopes.owner(id!);
    const locationId = await createLocation(owner, storage, LocationInput.parse({ nameRo: 'Salon' }));
    const categoryId = await createCategory(owner, storage, CategoryInput.parse({ locationId, nameRo: 'Ciorbe', visible: 'on' }));
    const soup = { categoryId, nameRo: 'Ciorbă de burtă', price: '24,50', available: 'on', visible: 'on' };
    const soupId = await createProduct(owner, storage, ProductInput.parse(soup));

    const page = async (server: BuiltServer) => {
      const response = await fetch(`${server.baseUrl}/mereu-proaspat`, { headers: { cookie: 'lang=ro' } });
      expect(response.status).toBe(200);
      return { cache: response.headers.get('x-menu-cache'), version: response.headers.get('x-menu-version'), html: await response.text() };
    };
    /** each process: the first answer renders the new version, the next one is a hit on that same version */
    const bothShow = async (expected: string, absent?: string) => {
      for (const server of [one, two]) {
        const first = await page(server);
        expect(first.cache).toBe('miss');
        expect(first.html).toContain(expected);
        if (absent) expect(first.html).not.toContain(absent);
        const again = await page(server);
        expect(again).toEqual({ ...first, cache: 'hit' });
      }
    };

    await bothShow('Ciorbă de burtă');
    expect((await page(one)).cache).toBe('hit');
    expect((await page(two)).cache).toBe('hit');

    // a price change saved (through process one's database handle, as the editor would) shows on both
    await updateProduct(owner, storage, soupId, ProductInput.parse({ ...soup, price: '26' }), await rowVersion(database.db, 'product', soupId));
    await bothShow('26,00', '24,50');

    // a dish hidden: gone from both at once
    await setProductFlag(owner, storage, soupId, 'visible', false);
    await bothShow('Ciorbe', 'Ciorbă de burtă');

    // shown again and its category renamed: two edits, the next request has both, on either process
    await setProductFlag(owner, storage, soupId, 'visible', true);
    await updateCategory(
      owner,
      storage,
      categoryId,
      CategoryInput.parse({ locationId, nameRo: 'Supe și ciorbe', visible: 'on' }),
      await rowVersion(database.db, 'category', categoryId),
    );
    await bothShow('Supe și ciorbe', '>Ciorbe<');
    expect((await page(two)).html).toContain('Ciorbă de burtă');
  });
});
