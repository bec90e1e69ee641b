import * as team from '#app/modules/team/team.repo.server.ts';
import { newId } from '#tests/factories/builders.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** The team (decision 0029): memberships with their people, and invitations by e-mail. */

const membershipOf = (f: { user: { id: string }; r: string }) => `owner-${f.user.id}-${f.r}`;

export const teamCases: Record<string, RepositoryCases> = {
  'app/modules/team/team.repo.server.ts': repository(team, {
    findTeamRestaurant: (f) => [f.db, f.r],
    listMembers: (f) => [f.db, f.r],
    findMembership: (f) => [f.db, f.r, membershipOf(f)],
    findMembershipOfUser: (f) => [f.db, f.r, f.user.id],
    isMemberAddress: (f) => [f.db, f.r, f.user.email],
    countOwners: (f) => [f.db, f.r, ['owner']],
    updateMembershipRole: (f) => [f.db, f.r, membershipOf(f), 'manager', f.now, f.now],
    deleteMembership: (f) => [f.db, f.r, membershipOf(f)],
    findUserIdentity: (f) => [f.db, f.user.id],
    deleteUserRow: (f) => [f.db, f.stranger],
    insertInvitation: (f) => [
      f.db,
      { id: newId(), restaurantId: f.r, email: 'ion@example.com', role: 'editor', tokenHash: newId(), invitedBy: f.user.id, locale: 'ro', createdAt: f.now, expiresAt: f.now, acceptedAt: null, acceptedBy: null, revokedAt: null },
    ],
    revokeOpenInvitationsTo: (f) => [f.db, f.r, 'ion@example.com', f.now],
    listOpenInvitations: (f) => [f.db, f.r],
    findOpenInvitation: (f) => [f.db, f.r, 'invitation-1'],
    findInvitationByTokenHash: (f) => [f.db, 'token-hash'],
    renewInvitationToken: (f) => [f.db, f.r, 'invitation-1', 'token-hash-2', f.now],
    revokeInvitationRow: (f) => [f.db, f.r, 'invitation-1', f.now],
    claimInvitation: (f) => [f.db, 'invitation-1', f.stranger, f.now],
    deleteInvitationsEndedBefore: (f) => [f.db, f.now],
  }),
};
