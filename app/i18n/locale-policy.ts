import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './i18n.ts';

/**
 * The app config of docs/product-spec.md section 3 (settings/app_config: defaultLocale, availableLocales) as this process last
 * read it. The back office stores it in the database; `app/modules/platform/platform-settings.server.ts`
 * refreshes this snapshot with a short TTL on every request (root middleware, the menu cache's key),
 * so every app process follows a change within seconds without a database read per request here.
 */
export interface LocalePolicy {
  defaultLocale: Locale;
  availableLocales: readonly Locale[];
}

const BUILT_IN: LocalePolicy = { defaultLocale: DEFAULT_LOCALE, availableLocales: LOCALES };

let current: LocalePolicy = BUILT_IN;

export function getLocalePolicy(): LocalePolicy {
  return current;
}

/** Replaces the snapshot (a stored value that is not a valid policy is ignored: the built-in one stays). */
export function setLocalePolicy(policy: { defaultLocale: string; availableLocales: readonly string[] }): void {
  const available = policy.availableLocales.filter(isLocale);
  if (available.length === 0 || !isLocale(policy.defaultLocale) || !available.includes(policy.defaultLocale)) {
    current = BUILT_IN;
    return;
  }
  current = { defaultLocale: policy.defaultLocale, availableLocales: LOCALES.filter((l) => available.includes(l)) };
}

/** A language the visitor asked for (cookie), honoured only when the site offers it; otherwise the default. */
export function resolveLocale(asked: string | null | undefined, policy: LocalePolicy = current): Locale {
  return isLocale(asked) && policy.availableLocales.includes(asked) ? asked : policy.defaultLocale;
}
