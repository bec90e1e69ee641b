import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import type { Permission } from '#app/modules/access/policy.ts';
import { test } from '#tests/support/test-context.ts';
import { createWorld, restaurantMatrixCases, runMatrix, type World } from './authorization-matrix.ts';
import { PAGE_FORBIDDEN, RESTAURANT_FORBIDDEN, unauthorized } from './matrix-expect.ts';

/**
 * Two broken guards the authorization matrix must catch (every other test passed with the first):
 *  - 'slug': the mutation an outside review made by hand: `requireMember` finds the restaurant by the
 *    slug in the address and no longer checks that the signed-in user is a member of it;
 *  - 'role': `requireMember` checks the membership but not the permission the route's guard names
 *    (any member may do anything).
 */
const mutation = vi.hoisted(() => ({ kind: 'slug' as 'slug' | 'role' }));

vi.mock('#app/modules/access/access.server.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('#app/modules/access/access.server.ts')>();
  const { makeMemberScope } = await import('#app/modules/access/scope-builders.server.ts');
  const { redirectToUnauthorized } = await import('#app/modules/access/redirects.ts');
  return {
    ...real,
    async requireMember(db: Kysely<Database>, request: Request, restaurantSlug: string, _permission: Permission) {
      if (mutation.kind === 'role') return real.requireMember(db, request, restaurantSlug, 'restaurant.view');
      const user = await real.requireUser(request);
      if (user.role !== 'restaurant') throw redirectToUnauthorized();
      const found = await db.selectFrom('restaurant').select(['id']).where('slug', '=', restaurantSlug).executeTakeFirst();
      if (!found) throw redirectToUnauthorized('Nu aveți permisiunea de a accesa acest restaurant.');
      const actor = { type: 'user' as const, id: user.id, email: user.email, role: user.role };
      return { scope: makeMemberScope(db, actor, found.id, 'owner', real.requestMetaOf(request)), user, role: 'owner' as const };
    },
  };
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the authorization matrix catches a broken guard', () => {
  let world: World | undefined;
  test.beforeAll(async ({ database }) => {
    world = await createWorld(database);
  }, 120_000);
  afterAll(() => world?.cleanup());

  it('reports a guard that reads only the role: the staff editing dishes, an editor changing settings', async () => {
    mutation.kind = 'role';
    const { violations } = await runMatrix(world!, restaurantMatrixCases(world!));
    const a = `/${world!.A.slug}/admin`;
    const pageForbidden = escape(unauthorized(PAGE_FORBIDDEN));
    expect(violations).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^staffA POST ${a}/products/${world!.A.productId}: expected a redirect to ${pageForbidden}`)),
        expect.stringMatching(new RegExp(`^editorA POST ${a}/settings: expected a redirect to ${pageForbidden}`)),
        expect.stringMatching(new RegExp(`^managerA GET /restaurant/${world!.A.slug}/settings/subscription: expected a redirect to ${pageForbidden}`)),
      ]),
    );
    // the membership is still checked: nobody outside A got in
    expect(violations.filter((violation) => violation.startsWith('ownerB') || violation.includes(unauthorized(RESTAURANT_FORBIDDEN)))).toEqual([]);
  }, 180_000);

  it('reports owner B reaching restaurant A’s editor and data when the slug alone finds the restaurant', async () => {
    mutation.kind = 'slug';
    const { violations } = await runMatrix(world!, restaurantMatrixCases(world!));
    const slugA = world!.A.slug;
    expect(violations).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^ownerB GET /${slugA}/admin: expected a redirect to /unauthorized`)),
        expect.stringMatching(new RegExp(`^ownerB GET /${slugA}/admin: restaurant A's data .* reached ownerB`)),
        expect.stringMatching(new RegExp(`^ownerB POST /${slugA}/admin/products/${world!.A.productId}: expected a redirect to /unauthorized`)),
      ]),
    );
  }, 180_000);
});
