import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import type { TeamMember } from '#app/modules/team/team.types.ts';
import { inputClass, primaryButton, secondaryButton } from '#app/ui/editor/fields.tsx';
import { ConfirmDisclosure } from './confirm-disclosure.tsx';

// i18n-keys: team.roles.*
/** The change of one member's role: a list of the roles the viewer may give, and its button. */
function RoleForm({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  const id = `role-${member.id}`;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="membershipId" value={member.id} />
      <input type="hidden" name="version" value={member.version} />
      <div>
        <label htmlFor={id} className="block text-sm font-medium">
          {t('team.role')}
          <span className="sr-only"> {t('team.roleOf', { name: member.name })}</span>
        </label>
        <select id={id} name="role" defaultValue={member.role} className={`${inputClass} w-44`}>
          {member.roleChoices.map((role) => (
            <option key={role} value={role}>
              {t(`team.roles.${role}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" name="intent" value="change-role" className={secondaryButton}>
        {t('team.saveRole')}
        <span className="sr-only">: {member.name}</span>
      </button>
    </Form>
  );
}

/** The members: name, address, role and since when; the role change and the removal where the viewer may. */
export function MemberList({ members }: { members: TeamMember[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="team-members" className="space-y-3">
      <h3 id="team-members" className="text-lg font-semibold">
        {t('team.members', { count: members.length })}
      </h3>
      <ul className="divide-y divide-stone-200 rounded-[10px] border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
        {members.map((member) => (
          <li key={member.id} data-testid="team-member" className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between">
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                {member.name} {member.isMe ? <span className="font-normal text-stone-600 dark:text-stone-400">{t('team.you')}</span> : null}
              </p>
              {/* someone who has not written their name yet is shown by their address, once */}
              {member.name === member.email ? null : <p className="break-all text-stone-700 dark:text-stone-300">{member.email}</p>}
              <p className="text-sm text-stone-600 dark:text-stone-400">{t('team.since', { date: member.since })}</p>
            </div>
            <div className="flex flex-col gap-2 md:w-96 md:shrink-0 md:items-end">
              {member.roleChoices.length > 0 ? (
                <RoleForm member={member} />
              ) : (
                <p>
                  <span className="inline-flex rounded-full bg-stone-100 px-3 py-1 font-medium text-stone-800 dark:bg-stone-800 dark:text-stone-100">
                    {t(`team.roles.${member.role}`)}
                  </span>
                </p>
              )}
              {member.lastOwner ? <p className="max-w-xs text-sm text-stone-600 md:text-right dark:text-stone-400">{t('team.lastOwner')}</p> : null}
              {member.canRemove ? (
                <ConfirmDisclosure label={t('team.remove')} name={member.name} question={t('team.removeQuestion', { name: `${member.name} (${member.email})` })}>
                  <Form method="post">
                    <input type="hidden" name="membershipId" value={member.id} />
                    <button type="submit" name="intent" value="remove-member" className={primaryButton}>
                      {t('team.removeConfirm')}
                      <span className="sr-only">: {member.name}</span>
                    </button>
                  </Form>
                </ConfirmDisclosure>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
