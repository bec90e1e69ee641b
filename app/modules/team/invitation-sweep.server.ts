import { assertSystem, type SystemScope } from '#app/modules/access/scope.server.ts';
import { deleteInvitationsEndedBefore } from './team.repo.server.ts';

/** An invitation's address is kept this many days after it was used, revoked or expired (the privacy policy says so). */
export const ENDED_INVITATION_DAYS = 30;

/** The daily `team.sweep`: forgets invitations that ended more than ENDED_INVITATION_DAYS ago. How many went. */
export function sweepEndedInvitations(scope: SystemScope, now: Date): Promise<number> {
  assertSystem(scope);
  return deleteInvitationsEndedBefore(scope.db, new Date(now.getTime() - ENDED_INVITATION_DAYS * 24 * 60 * 60 * 1000).toISOString());
}
