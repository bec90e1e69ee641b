import { data } from 'react-router';
import { getI18n, translateKnownMessage } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { en } from '#app/i18n/en.ts';
import { ro } from '#app/i18n/ro.ts';

/**
 * The messages the app itself puts in these links (redirects.ts), in either language: the page
 * errors, and the services' error texts (an editor route passes appErrors.not-found).
 */
const ISSUED_MESSAGES = new Set<string>(
  [ro.errors, en.errors, ro.appErrors, en.appErrors].flatMap((group) => Object.values(group as Record<string, string>)).filter((text) => !text.includes('{{')),
);

/** Whether a message parameter is one the app issued (exact match); anything else is not shown. */
export function isIssuedMessage(message: string): boolean {
  return ISSUED_MESSAGES.has(message);
}

/** The longest message parameter shown; ours are one short sentence. */
export const MAX_PAGE_MESSAGE_LENGTH = 200;

/**
 * The message parameter as it may be shown: at most MAX_PAGE_MESSAGE_LENGTH characters (an ellipsis
 * marks a cut), so a crafted link cannot dress our page in a long fake notice.
 */
export function capPageMessage(message: string): string {
  const characters = Array.from(message.trim()); // whole code points: never half an emoji
  if (characters.length <= MAX_PAGE_MESSAGE_LENGTH) return characters.join('');
  return `${characters
    .slice(0, MAX_PAGE_MESSAGE_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * Loader of the not-found and unauthorized pages (docs/product-spec.md section 2: they take a message
 * parameter). The message is shown, translated, only when it is one the app issued; any other
 * text shows the page's generic message. With the page's status.
 */
export function loadMessagePage(request: Request, fallbackKey: string, status: 403 | 404) {
  const locale = getRequestLocale(request);
  const given = new URL(request.url).searchParams.get('message') ?? '';
  // a caller-written text would dress our page in their words: only our own catalogue texts are shown
  const message = isIssuedMessage(given) ? capPageMessage(translateKnownMessage(given, locale)) : getI18n(locale).t(fallbackKey);
  return data({ message }, { status });
}
