import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import { listUsersForBackOffice } from '#app/modules/backoffice/users.service.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { getEditorMenu } from '#app/modules/editor/menu-editor.service.server.ts';
import { deleteProduct } from '#app/modules/product/product.service.server.ts';
import { getQrData } from '#app/modules/qr/qr.service.server.ts';
import { getRestaurantSettings } from '#app/modules/restaurant-settings/restaurant-settings.service.server.ts';
import { ownerScope } from '#tests/support/scopes.ts';
import type { RestaurantScope } from './scope.server.ts';

/**
 * Proof, checked by `npm run typecheck` (tsc reads test files too), that a service cannot be called
 * without a scope the access module made: a bare id, a database handle or a hand-made object with
 * the right fields is refused. If one of the lines below stopped being an error, the unused
 * `@ts-expect-error` would fail the typecheck. The calls are never run.
 */
function neverCalled(db: Kysely<Database>, storage: FileStorage, owner: RestaurantScope) {
  // @ts-expect-error a bare restaurant id is not a scope
  void getEditorMenu('restaurant-1');
  // @ts-expect-error the old (db, restaurantId) signature is gone
  void getRestaurantSettings(db, 'restaurant-1');
  // @ts-expect-error an object literal with a scope's fields lacks the brand only scope.server.ts gives
  void getQrData({ kind: 'owner', db, restaurantId: 'restaurant-1', actor: { type: 'user', id: 'u', email: 'e', role: 'restaurant' }, requestMeta: { requestId: null } });
  // @ts-expect-error storage comes after the scope, never before it
  void deleteProduct(storage, owner, 'product-1');
  // @ts-expect-error an owner's scope is not an admin's
  void listUsersForBackOffice(owner, { sort: 'newest', page: 1 });
  // @ts-expect-error nor is a hand-made admin
  void listUsersForBackOffice({ kind: 'admin', db, actor: { type: 'user', id: 'u', email: 'e', role: 'admin' }, requestMeta: { requestId: null } }, { sort: 'newest', page: 1 });
}

describe('scoped services, at the type level', () => {
  it('accept a scope made by the access module (or its test stand-in)', () => {
    const scope = ownerScope({} as Kysely<Database>, 'restaurant-1');
    expect(scope).toMatchObject({ kind: 'member', role: 'owner', restaurantId: 'restaurant-1' });
    expect(typeof neverCalled).toBe('function');
  });
});
