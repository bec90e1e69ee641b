import { afterAll, describe, expect, it } from 'vitest';
import { test } from '#tests/support/test-context.ts';
import { createWorld, runMatrix, type MatrixReport, type World } from './authorization-matrix.ts';
import { RESTAURANT_FORBIDDEN, unauthorized } from './matrix-expect.ts';
import { call, loadRoute } from './matrix-world.ts';

// docs/product-spec.md section 6 and decision 0029 against the route modules themselves: every loader and action,
// every kind of user, each role of a restaurant's team, the outcome derived from each route's guard and the policy table.
describe('authorization matrix (every route module, every actor)', () => {
  let world: World | undefined;
  let report: MatrixReport;
  test.beforeAll(async ({ database }) => {
    world = await createWorld(database);
    report = await runMatrix(world);
  }, 240_000);
  afterAll(() => world?.cleanup());

  it('gives each actor exactly what its role allows, and nothing of another restaurant', () => {
    expect(report.violations).toEqual([]);
    expect(report.calls).toBeGreaterThan(600);
  });

  it('covers every route module with a loader or action (a new route needs a matrix entry)', () => {
    expect(report.uncovered).toEqual([]);
  });

  it("refuses a removed member's open tab: the same cookie's next edit is refused and changes nothing", async () => {
    const w = world!;
    const editor = await w.signUpMember(w.A, 'editor');
    const edit = await loadRoute('routes/restaurant-admin.product-edit.tsx');
    const path = `/${w.A.slug}/admin/products/${w.A.productId}`;
    const params = { restaurantSlug: w.A.slug, productId: w.A.productId };
    const product = () => w.db.db.selectFrom('product').select(['nameRo', 'priceMinor', 'updatedAt']).where('id', '=', w.A.productId).executeTakeFirstOrThrow();
    const post = async (price: string) =>
      call(edit, 'action', path, params, editor.cookie, {
        categoryId: w.A.categoryId,
        nameRo: w.A.productName,
        price,
        visible: 'on',
        available: 'on',
        version: (await product()).updatedAt,
      });

    // while a member, the editor's edit is saved
    const saved = await post('31');
    expect(saved.location).toBe(`/${w.A.slug}/admin?saved=${w.A.productId}#product-${w.A.productId}`);
    const before = await product();
    expect(before.priceMinor).toBe(3100);

    await w.db.db.deleteFrom('membership').where('userId', '=', editor.userId).where('restaurantId', '=', w.A.restaurantId).execute();

    // the session is still valid, the membership is gone: refused on the very next request
    const refused = await post('1');
    expect(refused.status).toBe(302);
    expect(refused.location).toBe(unauthorized(RESTAURANT_FORBIDDEN));
    expect(await product()).toEqual(before);
    const menu = await loadRoute('routes/restaurant-admin.menu.tsx');
    const hidden = await call(menu, 'action', `/${w.A.slug}/admin`, { restaurantSlug: w.A.slug }, editor.cookie, {
      intent: 'set-product-visible',
      id: w.A.productId,
      value: 'false',
    });
    expect(hidden.location).toBe(unauthorized(RESTAURANT_FORBIDDEN));
    expect((await w.db.db.selectFrom('product').select('visible').where('id', '=', w.A.productId).executeTakeFirstOrThrow()).visible).toBeTruthy();
  });
});
