import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkClass } from './admin-ui.tsx';
import { formatDay } from './format.ts';

/**
 * A restaurant's team on its back-office page: members and pending invitations, read only (an admin
 * does not manage teams; the page says so). Cards rather than a table, so a phone reads them
 * without scrolling sideways.
 */

export interface TeamMember {
  id: string;
  email: string;
  name: string;
  role: string;
  /** when the membership began (ISO) */
  since: string;
  disabled: boolean;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: string;
  /** the inviter's address; null when their account is gone */
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

const card = 'rounded-lg border border-stone-300 p-3 dark:border-stone-700';
const section = 'mt-8 text-xl font-semibold';

/** Label and value pairs of a card. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-700 dark:text-stone-300">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

// i18n-keys: team.roles.*
export function RestaurantTeam({ members, invitations }: { members: readonly TeamMember[]; invitations: readonly PendingInvitation[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <>
      <h2 className={section}>{t('backoffice.restaurant.members')}</h2>
      <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">{t('backoffice.restaurant.teamHint')}</p>
      {members.length === 0 ? (
        <p className="mt-3">{t('backoffice.restaurant.noMembers')}</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="team-members">
          {members.map((member) => (
            <li key={member.id} className={card} data-testid="team-member">
              <p className="font-semibold break-words">{member.name}</p>
              <p className="break-all">
                <Link className={linkClass} to={`/admin/users?q=${encodeURIComponent(member.email)}`}>
                  {member.email}
                </Link>
              </p>
              <Facts
                rows={[
                  [t('backoffice.restaurant.memberRole'), t(`team.roles.${member.role}`)],
                  [t('backoffice.restaurant.memberSince'), formatDay(member.since, lang)],
                  [t('backoffice.restaurant.memberStatus'), member.disabled ? <strong>{t('backoffice.users.disabled')}</strong> : t('backoffice.users.active')],
                ]}
              />
            </li>
          ))}
        </ul>
      )}

      <h2 className={section}>{t('backoffice.restaurant.invitations')}</h2>
      {invitations.length === 0 ? (
        <p className="mt-3">{t('backoffice.restaurant.noInvitations')}</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="team-invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className={card} data-testid="team-invitation">
              <p className="font-semibold break-all">{invitation.email}</p>
              <Facts
                rows={[
                  [t('backoffice.restaurant.memberRole'), t(`team.roles.${invitation.role}`)],
                  [t('backoffice.restaurant.invitedBy'), invitation.invitedBy ?? '–'],
                  [t('backoffice.restaurant.invitedOn'), formatDay(invitation.createdAt, lang)],
                  [t('backoffice.restaurant.expires'), formatDay(invitation.expiresAt, lang)],
                ]}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
