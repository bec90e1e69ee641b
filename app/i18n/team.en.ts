import type { DeepStrings } from './ro.ts';
import type { teamRo } from './team.ro.ts';

/** English strings of the team, spread into en.ts. */
export const teamEn: DeepStrings<typeof teamRo> = {
  team: {
    roles: {
      owner: 'Owner',
      manager: 'Manager',
      editor: 'Editor',
      staff: 'Staff',
    },
  },
};
