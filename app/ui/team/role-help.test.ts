import { describe, expect, it } from 'vitest';
import { en } from '#app/i18n/en.ts';
import { ro } from '#app/i18n/ro.ts';
import { can, ROLES, type Permission } from '#app/modules/access/policy.ts';

/**
 * The team page's and the invitation's words for each role follow the policy table (decision 0029):
 * a role's help names the orders board, the reservations, the settings and the team exactly when
 * the role may use them (issue 33 item 13: staff and managers did not mention the board). The owner's
 * help says "everything", so it is read as naming all of them.
 */
const NAMED: readonly { permission: Permission; ro: string; en: string }[] = [
  { permission: 'orders.board', ro: 'comenzi', en: 'orders' },
  { permission: 'reservations.manage', ro: 'rezervări', en: 'reservations' },
  { permission: 'settings.edit', ro: 'setări', en: 'settings' },
  { permission: 'team.manage', ro: 'echip', en: 'team' },
];

describe('role help', () => {
  for (const role of ROLES.filter((r) => r !== 'owner')) {
    for (const { permission, ...words } of NAMED) {
      it(`${role}: names ${permission} exactly when the role has it, in both languages`, () => {
        expect(ro.team.roleHelp[role].toLowerCase().includes(words.ro), ro.team.roleHelp[role]).toBe(can(role, permission));
        expect(en.team.roleHelp[role].toLowerCase().includes(words.en), en.team.roleHelp[role]).toBe(can(role, permission));
      });
    }
  }
});
