import { data } from 'react-router';
import { getI18n, translateKnownMessage } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';

/**
 * Loader of the not-found and unauthorized pages (spec section 2: they take a message
 * parameter). The message is shown translated when it is one of ours, with the page's status.
 */
export function loadMessagePage(request: Request, fallbackKey: string, status: 403 | 404) {
  const locale = getRequestLocale(request);
  const given = new URL(request.url).searchParams.get('message');
  const message = given ? translateKnownMessage(given, locale) : getI18n(locale).t(fallbackKey);
  return data({ message }, { status });
}
