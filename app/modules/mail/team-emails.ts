import { getI18n, type Locale } from '#app/i18n/i18n.ts';
import type { OutgoingMail } from './mailer.server.ts';
import { escapeHtml } from '#app/modules/text/escape-html.ts';

/** What an invitation into a restaurant's team says (decision 0029). */
export interface InvitationMailInput {
  to: string;
  /** the language the inviter chose for it */
  locale: Locale;
  restaurantName: string;
  /** who sent it: their name, or their address when they have none */
  inviter: string;
  role: 'owner' | 'manager' | 'editor' | 'staff';
  /** the single-use link, absolute */
  url: string;
  /** until when the link works, already written in the invitation's language */
  expires: string;
}

// i18n-keys: team.roles.* team.roleHelp.*
/** The invitation e-mail: who invites, into which restaurant, with which role, the link and until when it works. */
export function invitationMail(input: InvitationMailInput): OutgoingMail {
  const { t } = getI18n(input.locale);
  const values = { inviter: input.inviter, restaurant: input.restaurantName, role: t(`team.roles.${input.role}`), expires: input.expires };
  const subject = t('team.mail.subject', values);
  const lead = t('team.mail.lead', values);
  const roleHelp = t(`team.roleHelp.${input.role}`);
  const validity = t('team.mail.validity', values);
  const action = t('team.mail.action');
  const ignore = t('team.mail.ignore');
  return {
    to: input.to,
    subject,
    text: `${lead}\n${roleHelp}\n\n${action}: ${input.url}\n\n${validity}\n\n${ignore}\n`,
    html:
      `<p>${escapeHtml(lead)}<br>${escapeHtml(roleHelp)}</p>` +
      `<p><a href="${escapeHtml(input.url)}">${escapeHtml(action)}</a></p>` +
      `<p>${escapeHtml(validity)}</p><p>${escapeHtml(ignore)}</p>`,
  };
}
