import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import { test } from '#tests/support/test-context.ts';
import { createWorld, runMatrix, type MatrixReport, type World } from './authorization-matrix.ts';

/**
 * The mutation an outside review made by hand: `requireMember` finds the restaurant by the
 * slug in the address and no longer checks that the signed-in user owns it. Every other test passed
 * with it; the authorization matrix must not.
 */
vi.mock('#app/modules/access/access.server.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('#app/modules/access/access.server.ts')>();
  const { makeMemberScope } = await import('#app/modules/access/scope-builders.server.ts');
  const { redirectToUnauthorized } = await import('#app/modules/access/redirects.ts');
  return {
    ...real,
    async requireMember(db: Kysely<Database>, request: Request, restaurantSlug: string) {
      const user = await real.requireUser(request);
      if (user.role !== 'restaurant') throw redirectToUnauthorized();
      const found = await db.selectFrom('restaurant').select(['id']).where('slug', '=', restaurantSlug).executeTakeFirst();
      if (!found) throw redirectToUnauthorized('Nu aveți permisiunea de a accesa acest restaurant.');
      const actor = { type: 'user' as const, id: user.id, email: user.email, role: user.role };
      return { scope: makeMemberScope(db, actor, found.id, 'owner', real.requestMetaOf(request)), user, role: 'owner' as const };
    },
  };
});

describe('the authorization matrix catches the cross-tenant mutation', () => {
  let world: World | undefined;
  let report: MatrixReport;
  test.beforeAll(async ({ database }) => {
    world = await createWorld(database);
    report = await runMatrix(world);
  }, 60_000);
  afterAll(() => world?.cleanup());

  it('reports owner B reaching restaurant A’s editor and data', () => {
    const slugA = world!.ownerA.slug;
    expect(report.violations).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^ownerB GET /${slugA}/admin: expected a redirect to /unauthorized`)),
        expect.stringMatching(new RegExp(`^ownerB GET /${slugA}/admin: restaurant A's data .* reached ownerB`)),
        expect.stringMatching(new RegExp(`^ownerB POST /${slugA}/admin/products/${world!.ownerA.productId}: expected a redirect to /unauthorized`)),
      ]),
    );
  });
});
