import { useTranslation } from 'react-i18next';
import type { Locale } from '#app/i18n/i18n.ts';
import { ROLES } from '#app/modules/access/policy.ts';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import type { TeamPage } from '#app/modules/team/team.types.ts';
import { InviteForm, PendingInvitations } from './invitations.tsx';
import { MemberList } from './member-list.tsx';
import { OwnershipForms } from './ownership-forms.tsx';

// i18n-keys: team.roles.* team.roleHelp.*
/**
 * The team page (decision 0029): the roles in words, the members, the invitation form and the
 * open invitations (for those who may invite), leaving and the transfer of ownership. Every form
 * is a plain post: the page works before hydration, and the server checks each intent again.
 */
export function TeamSection({ page, defaultLocale, result }: { page: TeamPage; defaultLocale: Locale; result: ActionResult | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 space-y-10">
      <details className="max-w-prose rounded-[10px] bg-stone-100 px-4 py-1 dark:bg-stone-800">
        <summary className="min-h-11 cursor-pointer content-center font-medium">{t('team.rolesSummary')}</summary>
        <dl className="mb-3 mt-1 space-y-2">
          {ROLES.map((role) => (
            <div key={role}>
              <dt className="font-semibold">{t(`team.roles.${role}`)}</dt>
              <dd className="text-stone-700 dark:text-stone-300">{t(`team.roleHelp.${role}`)}</dd>
            </div>
          ))}
        </dl>
      </details>
      <MemberList members={page.members} />
      {page.grantable.length > 0 ? <InviteForm grantable={page.grantable} defaultLocale={defaultLocale} result={result} /> : null}
      <PendingInvitations invitations={page.invitations} grantable={page.grantable} />
      <OwnershipForms page={page} result={result} />
    </div>
  );
}
