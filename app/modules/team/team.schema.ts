import { z } from 'zod';
import { LOCALES } from '#app/i18n/i18n.ts';
import { ROLES } from '#app/modules/access/policy.ts';

/**
 * The team page's forms (decision 0029), shared by the page and its action. Each error is an i18n
 * key under `editorErrors`; who may grant which role is the service's rule, not the form's.
 */
const id = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(64, { error: 'required' });
const role = z.enum(ROLES, { error: 'role' });

export const InviteInput = z.object({
  email: z
    .string({ error: 'email' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'email' })
    .pipe(z.email({ error: 'email' })),
  role,
  locale: z.enum(LOCALES, { error: 'required' }),
});
export type InviteInput = z.infer<typeof InviteInput>;

/**
 * A role change carries the member's version as the page showed it (decision 0015): a stale form,
 * or one posted without it, is refused as a conflict by the service.
 */
export const ChangeRoleInput = z.object({ membershipId: id, role, version: z.string().max(64).optional().default('') });
export type ChangeRoleInput = z.infer<typeof ChangeRoleInput>;

export const MemberInput = z.object({ membershipId: id });

export const InvitationInput = z.object({ invitationId: id });

export const TransferInput = z.object({ membershipId: id, password: z.string({ error: 'required' }).min(1, { error: 'required' }) });
export type TransferInput = z.infer<typeof TransferInput>;

/** Registering from an invitation: the address is the invitation's, never typed. */
export const InvitationSignUpInput = z.object({
  name: z.string({ error: 'required' }).trim().min(2, { error: 'required' }).max(100, { error: 'tooLong' }),
  // length and character rules come from the configured policy (password-policy.ts), checked in the action
  password: z.string({ error: 'required' }).min(1, { error: 'required' }),
});
export type InvitationSignUpInput = z.infer<typeof InvitationSignUpInput>;
