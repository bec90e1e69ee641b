import { createHash, randomBytes } from 'node:crypto';
import { getPublicUrl } from '#app/env.server.ts';
import type { Locale } from '#app/i18n/i18n.ts';

/**
 * An invitation's link (decision 0029): 32 random bytes in base64url travel in the link and only
 * their SHA-256 is stored, so the table alone opens nothing. A link works for seven days, once.
 */
export const INVITATION_DAYS = 7;

export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Until when a link made at `now` works. */
export function invitationExpiry(now: Date): string {
  return new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/** The page a link opens. */
export function invitationPath(token: string): string {
  return `/invitatie/${token}`;
}

export function invitationUrl(token: string): string {
  return `${getPublicUrl()}${invitationPath(token)}`;
}

/** A link's end as a date and time in the restaurant's zone, in the reader's language. */
export function formatInvitationExpiry(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ro-RO', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(iso));
}
