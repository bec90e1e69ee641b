import type { Locale } from '#app/i18n/i18n.ts';
import type { Role } from '#app/modules/access/policy.ts';

/** One member as the team page lists them (plain types, safe for ui/). */
export interface TeamMember {
  /** the membership's id: what the page's forms name */
  id: string;
  name: string;
  email: string;
  role: Role;
  /** when they joined, as a date in the restaurant's time zone */
  since: string;
  /** the membership's version (decision 0015), carried by the role change form */
  version: string;
  isMe: boolean;
  /** the roles the viewer may give this member (empty: the viewer may not change it) */
  roleChoices: readonly Role[];
  canRemove: boolean;
  /** the restaurant's only owner: neither removed nor demoted */
  lastOwner: boolean;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  locale: Locale;
  invitedBy: string | null;
  /** when the link stops working, as a date and time in the restaurant's time zone */
  expires: string;
  expired: boolean;
}

/** The team page: who is in, who is invited, and what the viewer may do about it. */
export interface TeamPage {
  restaurantName: string;
  me: { id: string; role: Role };
  members: TeamMember[];
  invitations: PendingInvitation[];
  /** the roles the viewer may invite with (empty: no invite form) */
  grantable: readonly Role[];
  /** the viewer may leave (every member but the last owner) */
  canLeave: boolean;
  /** the viewer may hand ownership to one of these members (only an owner) */
  transferTo: { id: string; name: string; email: string }[];
}

/** What an invitation link's page shows. */
export type InvitationView =
  | { ok: false; error: 'invitation-unknown' | 'invitation-expired' | 'invitation-used' | 'invitation-revoked' }
  | {
      ok: true;
      restaurantName: string;
      role: Role;
      inviter: string | null;
      email: string;
      /** the language it was written in: the page's, unless the reader chose one */
      locale: Locale;
      /**
       * who opens it: nobody signed in, the invited address, another account, a platform admin, the
       * invited address already in the team, or a member it was not addressed to (issue 33 item 14)
       */
      viewer: 'guest' | 'invitee' | 'other-account' | 'admin' | 'member' | 'other-member';
      /** a member's own role in the restaurant (not the invitation's) */
      viewerRole: Role | null;
      /** where a member already in goes */
      slug: string;
    };
