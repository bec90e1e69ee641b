import { data } from 'react-router';
import { getI18n, translateKnownMessage } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';

/** The longest message parameter shown; ours are one short sentence. */
export const MAX_PAGE_MESSAGE_LENGTH = 200;

/**
 * The message parameter as it may be shown: at most MAX_PAGE_MESSAGE_LENGTH characters (an ellipsis
 * marks a cut), so a crafted link cannot dress our page in a long fake notice.
 */
export function capPageMessage(message: string): string {
  const characters = Array.from(message.trim()); // whole code points: never half an emoji
  if (characters.length <= MAX_PAGE_MESSAGE_LENGTH) return characters.join('');
  return `${characters.slice(0, MAX_PAGE_MESSAGE_LENGTH - 1).join('').trimEnd()}…`;
}

/**
 * Loader of the not-found and unauthorized pages (spec section 2: they take a message
 * parameter). The message is shown translated when it is one of ours, capped in length, with the
 * page's status.
 */
export function loadMessagePage(request: Request, fallbackKey: string, status: 403 | 404) {
  const locale = getRequestLocale(request);
  const given = capPageMessage(new URL(request.url).searchParams.get('message') ?? '');
  const message = given ? translateKnownMessage(given, locale) : getI18n(locale).t(fallbackKey);
  return data({ message }, { status });
}
