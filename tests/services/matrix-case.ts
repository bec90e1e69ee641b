import { expect, it } from 'vitest';
import { can, ROLES } from '#app/modules/access/policy.ts';
import { firstPermission } from './permission-probe.ts';
import { otherTenant, refusals, rowName, type ServiceRow } from './service-matrix.ts';
import type { ServiceWorld } from './service-world.ts';

/**
 * One row of the matrix as a test, in a file that replaces the scope module with the probe
 * (permission-probe.ts): the owner's call stops at its first check, which must name the row's
 * permission; then the refusals (a forged scope, each role without the permission) and, when the
 * call names rows, B's owner on A's ids. Everything found is reported at once.
 */
export function matrixCase(world: () => ServiceWorld, row: ServiceRow) {
  const denied = ROLES.filter((role) => !can(role, row.permission));
  const names = row.namesRows !== false;
  it(`${rowName(row)}: checks ${row.permission} first; refuses a forged scope${denied.map((role) => `, ${role}`).join('')}${names ? ", and B's owner on A's rows" : ''}`, async () => {
    const w = world();
    const first = await firstPermission(() => row.call(w.scopes.owner(w.a.id), w));
    const violations = [...(await refusals(w, row)), ...(names ? await otherTenant(w, row) : [])];
    expect({ first, violations }).toEqual({ first: row.permission, violations: [] });
  });
}
