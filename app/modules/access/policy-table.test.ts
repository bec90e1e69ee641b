import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, ROLES, type Role } from './policy.ts';

/**
 * The policy's oracle (issue 34 item 3, M6d). The route and service matrices derive what each role
 * should get from `policy.ts`, so a wrong grant there (an editor given the slug) passes them all:
 * the table is its own oracle. Here decision 0029's table is written out by hand, cell by cell,
 * and compared with `can` and with the decision's own text. A change to the policy, to this table
 * or to the decision without the other two fails.
 */
const O = 'owner',
  M = 'manager',
  E = 'editor',
  S = 'staff';

/** docs/decisions/0029-memberships-and-roles.md, "Roles": which roles hold each permission. */
const DECISION_0029: Record<string, readonly Role[]> = {
  'restaurant.view': [O, M, E, S],
  'menu.edit': [O, M, E],
  'menu.availability': [O, M, E, S],
  'menu.import': [O, M, E],
  'menu.translate': [O, M, E],
  'settings.edit': [O, M],
  'settings.slug': [O, M],
  'qr.manage': [O, M, E],
  'insights.view': [O, M, E],
  'billing.manage': [O],
  'team.view': [O, M, E, S],
  'team.manage': [O, M],
  'team.transfer': [O],
  'orders.board': [O, M, S],
  'orders.settings': [O, M],
  'reservations.manage': [O, M, S],
  'restaurant.delete': [O],
};

const decision = readFileSync(join(import.meta.dirname, '../../../docs/decisions/0029-memberships-and-roles.md'), 'utf8');

/** The decision's table as written: each row's permission and the roles with a ✓ in its column. */
function decisionTable(): Record<string, Role[]> {
  const lines = decision.split('\n').filter((line) => line.startsWith('|'));
  const header = lines[0]!.split('|').map((cell) => cell.trim());
  const columns = ROLES.map((role) => [role, header.indexOf(role)] as const);
  expect(columns.every(([, index]) => index > 0)).toBe(true);
  const out: Record<string, Role[]> = {};
  for (const line of lines.slice(2)) {
    const cells = line.split('|').map((cell) => cell.trim());
    const permission = /^`([a-z.-]+)`$/.exec(cells[1] ?? '')?.[1];
    if (permission) out[permission] = columns.filter(([, index]) => cells[index] === '✓').map(([role]) => role);
  }
  return out;
}

describe("the policy against decision 0029's table, written out", () => {
  it('has exactly the permissions the decision names', () => {
    expect([...PERMISSIONS].sort()).toEqual(Object.keys(DECISION_0029).sort());
  });

  it('grants each role exactly the cells of the table', () => {
    const wrong = PERMISSIONS.flatMap((permission) =>
      ROLES.filter((role) => can(role, permission) !== (DECISION_0029[permission] ?? []).includes(role)).map(
        (role) => `${role} ${can(role, permission) ? 'has' : 'lacks'} ${permission}`,
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('is the table the decision shows', () => {
    expect(decisionTable()).toEqual(DECISION_0029);
  });
});
