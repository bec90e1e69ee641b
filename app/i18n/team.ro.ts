/** Romanian strings of the team: roles, members, invitations (decision 0029), spread into ro.ts. */
export const teamRo = {
  team: {
    roles: {
      owner: 'Proprietar',
      manager: 'Manager',
      editor: 'Editor',
      staff: 'Personal',
    },
  },
};
