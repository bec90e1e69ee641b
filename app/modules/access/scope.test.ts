import { readdirSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import { adminScope, forgedAdminScope, forgedMemberScope, memberScope, ownerScope, userScope } from '#tests/support/scopes.ts';
import { can, grantableRoles, keepsTheRestaurant, mayManageMember, PERMISSIONS, POLICY, ROLES, rolesWith } from './policy.ts';
import { isIssued, mint } from './scope-mint.internal.server.ts';
import { allows, assertAdmin, assertUser, authorize, withDb, type MemberScope } from './scope.server.ts';
import { forRestaurant, systemScope } from './system-scope.server.ts';

const db = {} as Kysely<Database>;

describe('scopes at run time (decision 0029)', () => {
  it('accept what the factory made, with a role that allows the permission', () => {
    expect(() => authorize(ownerScope(db, 'r1'), 'billing.manage')).not.toThrow();
    expect(() => authorize(memberScope(db, 'r1', 'staff'), 'menu.availability')).not.toThrow();
    expect(() => authorize(forRestaurant(systemScope(db, 'job:test'), 'r1'), 'menu.edit')).not.toThrow();
    expect(() => assertAdmin(adminScope(db))).not.toThrow();
    expect(() => assertUser(userScope(db))).not.toThrow();
  });

  it('refuse a role without the permission', () => {
    expect(() => authorize(memberScope(db, 'r1', 'staff'), 'menu.edit')).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(() => authorize(memberScope(db, 'r1', 'manager'), 'billing.manage')).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(allows(memberScope(db, 'r1', 'editor'), 'settings.edit')).toBe(false);
  });

  it('refuse a copy, a spread or a literal with the same fields: the factory did not make it', () => {
    expect(() => authorize(forgedMemberScope(db, 'r1'), 'restaurant.view')).toThrow(expect.objectContaining({ code: 'forbidden' }));
    const literal = {
      kind: 'member',
      db,
      restaurantId: 'r1',
      role: 'owner',
      actor: { type: 'user', id: 'u', email: 'e', role: 'restaurant' },
      requestMeta: { requestId: null },
    } as unknown as MemberScope;
    expect(() => authorize(literal, 'restaurant.view')).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(allows(literal, 'restaurant.view')).toBe(false);
    expect(() => assertAdmin(forgedAdminScope(db))).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(() => assertUser({ ...userScope(db) })).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(() => withDb(forgedMemberScope(db, 'r1'), db)).toThrow(expect.objectContaining({ code: 'forbidden' }));
  });

  it('cannot be changed after the check: the factory freezes them', () => {
    const scope = memberScope(db, 'r1', 'staff');
    expect(() => Object.assign(scope, { role: 'owner' })).toThrow(TypeError);
    expect(scope.role).toBe('staff');
    expect(() => authorize(withDb(scope, db), 'restaurant.view')).not.toThrow();
  });
});

describe('the scope factory stays private (issue 34, M13c)', () => {
  it('is exported by no other file of access/: dependency-cruiser keeps importers out of the internal file, not a re-export', async () => {
    const files = readdirSync(import.meta.dirname).filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.includes('.internal.'));
    expect(files).toEqual(expect.arrayContaining(['scope.server.ts', 'scope-builders.server.ts', 'system-scope.server.ts']));
    const leaks: string[] = [];
    for (const file of files) {
      const exported = (await import(`./${file}`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exported)) if (value === mint || value === isIssued) leaks.push(`${file}#${name}`);
    }
    expect(leaks).toEqual([]);
  });
});

describe('the policy table', () => {
  it('gives the owner everything, the manager all but billing, transfer and deletion, staff the service floor', () => {
    expect(POLICY.owner).toEqual(PERMISSIONS);
    expect(PERMISSIONS.filter((permission) => !can('manager', permission))).toEqual(['billing.manage', 'team.transfer', 'restaurant.delete']);
    expect(PERMISSIONS.filter((permission) => can('staff', permission))).toEqual(['restaurant.view', 'menu.availability', 'team.view', 'orders.board', 'reservations.manage']);
    expect(PERMISSIONS.filter((permission) => can('editor', permission) && !can('manager', permission))).toEqual([]);
  });

  it('lets owners grant any role, managers any role below owner, and nobody else any', () => {
    expect(grantableRoles('owner')).toEqual(['owner', 'manager', 'editor', 'staff']);
    expect(grantableRoles('manager')).toEqual(['manager', 'editor', 'staff']);
    expect(grantableRoles('editor')).toEqual([]);
    expect(grantableRoles('staff')).toEqual([]);
  });

  it("holds the team's owner rules: who touches whom, who a restaurant keeps, whom the billing e-mails reach", () => {
    expect(mayManageMember('owner', 'owner')).toBe(true);
    expect(mayManageMember('manager', 'owner')).toBe(false);
    expect(mayManageMember('manager', 'staff')).toBe(true);
    expect(mayManageMember('editor', 'staff')).toBe(false);
    expect(ROLES.filter(keepsTheRestaurant)).toEqual(['owner']);
    expect(rolesWith('billing.manage')).toEqual(['owner']);
    expect(rolesWith('orders.board')).toEqual(['owner', 'manager', 'staff']);
  });
});
