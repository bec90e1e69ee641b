import { getPublicUrl } from '#app/env.server.ts';
import { getI18n, type Locale } from '#app/i18n/i18n.ts';
import type { OutgoingMail } from './mailer.server.ts';
import { escapeHtml } from '#app/modules/text/escape-html.ts';

/** A notice with no action link: what changed, and what to do if it was not the reader. */
function noticeMail(to: string, subject: string, lead: string, notYou: string): OutgoingMail {
  return {
    to,
    subject,
    text: `${lead}\n\n${notYou}\n`,
    html: `<p>${escapeHtml(lead)}</p><p>${escapeHtml(notYou)}</p>`,
  };
}

/** Tells the owner their password was just changed (issue 17, friction 10). */
export function passwordChangedMail(to: string, locale: Locale): OutgoingMail {
  const { t } = getI18n(locale);
  return noticeMail(to, t('securityMail.passwordChanged.subject'), t('securityMail.passwordChanged.lead'), t('securityMail.notYou', { url: `${getPublicUrl()}/login?reset=true` }));
}

/** Tells the current address that a move to another one was asked (issue 17, friction 10). */
export function emailChangeRequestedMail(to: string, newEmail: string, locale: Locale): OutgoingMail {
  const { t } = getI18n(locale);
  return noticeMail(
    to,
    t('securityMail.emailChange.subject'),
    t('securityMail.emailChange.lead', { email: newEmail }),
    t('securityMail.notYou', { url: `${getPublicUrl()}/login?reset=true` }),
  );
}
