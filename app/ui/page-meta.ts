import type { TFunction } from 'i18next';
import type { MetaDescriptor } from 'react-router';
import { DEFAULT_LOCALE, isLocale } from '#app/i18n/locales.ts';
import { pageI18n } from '#app/i18n/page-i18n.ts';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The locale the root loader chose, read from route matches inside a `meta` function. */
export function localeFromMatches(matches: readonly (MatchLike | undefined)[]) {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { locale?: unknown } | undefined;
  return isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE;
}

/**
 * Title and description of a page, translated, as `meta` descriptors. `values` fills the
 * description's placeholders; a function receives the page's `t` (for counted words such as
 * "60 de zile", whose form depends on the number).
 */
export function pageMeta(
  matches: readonly (MatchLike | undefined)[],
  titleKey: string,
  descriptionKey: string,
  values?: (t: TFunction) => Record<string, string | number>,
): MetaDescriptor[] {
  const { t } = pageI18n(localeFromMatches(matches));
  return [{ title: `${t(titleKey)} · ${t('app.name')}` }, { name: 'description', content: t(descriptionKey, values?.(t) ?? {}) }];
}
