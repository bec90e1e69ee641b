import { getI18n, type Locale } from '#app/i18n/i18n.ts';
import type { OutgoingMail } from './mailer.server.ts';
import { escapeHtml } from '#app/modules/text/escape-html.ts';

// i18n-keys: mail.*.subject mail.*.lead mail.*.action
/** A short message with one button-like link, in the reader's language. */
function linkMail(to: string, locale: Locale, kind: 'magicLink' | 'resetPassword' | 'verifyEmail', url: string): OutgoingMail {
  const { t } = getI18n(locale);
  const subject = t(`mail.${kind}.subject`);
  const lead = t(`mail.${kind}.lead`);
  const action = t(`mail.${kind}.action`);
  const ignore = t('mail.ignore');
  return {
    to,
    subject,
    text: `${lead}\n\n${url}\n\n${ignore}\n`,
    html: `<p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(ignore)}</p>`,
  };
}

export function magicLinkMail(to: string, url: string, locale: Locale): OutgoingMail {
  return linkMail(to, locale, 'magicLink', url);
}

export function resetPasswordMail(to: string, url: string, locale: Locale): OutgoingMail {
  return linkMail(to, locale, 'resetPassword', url);
}

export function verifyEmailMail(to: string, url: string, locale: Locale): OutgoingMail {
  return linkMail(to, locale, 'verifyEmail', url);
}
