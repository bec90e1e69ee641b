import { useTranslation } from 'react-i18next';
import { redirect, useActionData, useNavigation } from 'react-router';
import { getAuth } from '#app/auth/auth.server.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { landingPathFor } from '#app/modules/access/access.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { formValues } from '#app/modules/editing/menu-fields.ts';
import { inviteMember, resendInvitation, revokeInvitation } from '#app/modules/team/invitation.service.server.ts';
import { ChangeRoleInput, InvitationInput, InviteInput, MemberInput, TransferInput } from '#app/modules/team/team.schema.ts';
import { changeMemberRole, getTeamPage, leaveRestaurant, removeMember, transferOwnership } from '#app/modules/team/team.service.server.ts';
import { useActionToast } from '#app/ui/editor/use-action-toast.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import { TeamSection } from '#app/ui/team/team-section.tsx';
import type { Route } from './+types/restaurant-admin.team';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'team.title', 'team.description');

/** The team (decision 0029): members, their roles, invitations. Every member sees it; what they may change is per intent. */
export const loader = restaurantRoute('team.view', async ({ request }: Route.LoaderArgs, { scope: member }) => {
  const locale = getRequestLocale(request);
  return { page: await getTeamPage(member, locale), locale };
});

// i18n-keys: team.roles.*
/** One intent per form; each service checks the member's permission for it again ('team.manage', 'team.transfer'). */
export const action = restaurantRoute('team.view', async ({ request }: Route.ActionArgs, { scope: member, user }) => {
  const db = member.db;
  const values = formValues(await request.formData());
  // a password never travels back to the page
  const echoed = { ...values, password: '' };
  return runEditorAction(request, echoed, async (t) => {
    const role = (name: string) => t(`team.roles.${name}`);
    switch (values.intent) {
      case 'invite': {
        const { email } = await inviteMember(member, InviteInput.parse(values));
        return { message: t('team.invite.sent', { email }) };
      }
      case 'resend-invitation': {
        const { email } = await resendInvitation(member, InvitationInput.parse(values).invitationId);
        return { message: t('team.pending.resent', { email }) };
      }
      case 'revoke-invitation': {
        const { email } = await revokeInvitation(member, InvitationInput.parse(values).invitationId);
        return { message: t('team.pending.revoked', { email }) };
      }
      case 'change-role': {
        const changed = await changeMemberRole(member, ChangeRoleInput.parse(values));
        return { message: t(changed.changed ? 'team.roleChanged' : 'team.roleUnchanged', { email: changed.email, role: role(changed.role) }) };
      }
      case 'remove-member': {
        const { email } = await removeMember(member, MemberInput.parse(values).membershipId);
        return { message: t('team.removed', { email }) };
      }
      case 'transfer-ownership': {
        const { email } = await transferOwnership(member, getAuth(), TransferInput.parse(values));
        return { message: t('team.transfer.done', { email }) };
      }
      case 'leave': {
        await leaveRestaurant(member);
        throw redirect(await landingPathFor(db, user));
      }
      default:
        throw new AppError('invalid-input');
    }
  });
});

export default function TeamPageRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  useActionToast(result, navigation.state);
  return (
    <section aria-labelledby="team-title">
      <h2 id="team-title" className="text-xl font-semibold">
        {t('team.heading')}
      </h2>
      <p className="mt-2 max-w-prose text-stone-700 dark:text-stone-300">{t('team.intro')}</p>
      <TeamSection page={loaderData.page} defaultLocale={loaderData.locale} result={result} />
    </section>
  );
}
