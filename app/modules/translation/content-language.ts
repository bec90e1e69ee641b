import { parseStoredJson } from '#app/modules/text/stored-json.ts';
/**
 * The languages a menu's content may be written in (docs/decisions/0019-content-languages.md).
 * Romanian is the source of every translation, English the first fallback; both live in their own
 * columns. The others live in each row's `translations` JSON. A plain module: safe for the browser.
 */
export const CONTENT_LANGUAGES = ['ro', 'en', 'de', 'fr', 'it', 'es', 'hu', 'pl'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** The languages an owner may enable besides ro and en (the fixed list of issue 16). */
export const EXTRA_LANGUAGES = ['de', 'fr', 'it', 'es', 'hu', 'pl'] as const;
export type ExtraLanguage = (typeof EXTRA_LANGUAGES)[number];

/** Every language a translation can target: English and the extra ones. */
export type TargetLanguage = Exclude<ContentLanguage, 'ro'>;

/** Each language's own name, as the guest menu's switch shows it. */
export const LANGUAGE_NAMES: Record<ContentLanguage, string> = {
  ro: 'Română',
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
  hu: 'Magyar',
  pl: 'Polski',
};

/** The translatable fields of content rows; which of them a row has depends on its table. */
export const TRANSLATABLE_FIELDS = ['name', 'description', 'ingredients'] as const;
export type TranslatableField = (typeof TRANSLATABLE_FIELDS)[number];

/** `{ de: { name: 'Kuttelsuppe' } }`: a row's texts in the extra languages. */
export type ContentTranslations = Partial<Record<ExtraLanguage, Partial<Record<TranslatableField, string>>>>;

export function isContentLanguage(value: unknown): value is ContentLanguage {
  return typeof value === 'string' && (CONTENT_LANGUAGES as readonly string[]).includes(value);
}

export function isExtraLanguage(value: unknown): value is ExtraLanguage {
  return typeof value === 'string' && (EXTRA_LANGUAGES as readonly string[]).includes(value);
}

/** A row's `translations` column, keeping only known languages and fields with text. */
export function parseTranslations(stored: string | null | undefined): ContentTranslations {
  const parsed = parseStoredJson(stored);
  const out: ContentTranslations = {};
  if (!parsed || typeof parsed !== 'object') return out;
  for (const [language, fields] of Object.entries(parsed)) {
    if (!isExtraLanguage(language) || !fields || typeof fields !== 'object') continue;
    const texts: Partial<Record<TranslatableField, string>> = {};
    for (const field of TRANSLATABLE_FIELDS) {
      const text: unknown = (fields as Record<string, unknown>)[field];
      if (typeof text === 'string' && text.trim() !== '') texts[field] = text;
    }
    if (Object.keys(texts).length > 0) out[language] = texts;
  }
  return out;
}

/** The restaurant's enabled extra languages, in the fixed list's order. */
export function parseLanguageList(stored: string | null | undefined): ExtraLanguage[] {
  const parsed = parseStoredJson(stored);
  const list = Array.isArray(parsed) ? parsed : [];
  return EXTRA_LANGUAGES.filter((language) => list.includes(language));
}

/** The do-not-translate list: trimmed, non-empty, distinct (case-insensitively). */
export function parseTermList(stored: string | null | undefined): string[] {
  const parsed = parseStoredJson(stored);
  return normaliseTerms(Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : []);
}

export function normaliseTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of terms) {
    const term = raw.replace(/\s+/g, ' ').trim();
    if (term === '' || seen.has(term.toLocaleLowerCase('ro'))) continue;
    seen.add(term.toLocaleLowerCase('ro'));
    out.push(term);
  }
  return out;
}

/** The languages a guest menu offers: ro, en, then the enabled extra ones. */
export function offeredLanguages(enabled: readonly ExtraLanguage[]): ContentLanguage[] {
  return ['ro', 'en', ...EXTRA_LANGUAGES.filter((language) => enabled.includes(language))];
}

/** One field as a guest reads it: the language's text, else English, else Romanian (per field). */
export function textIn(
  row: { ro: string | null; en: string | null | undefined; translations?: ContentTranslations },
  field: TranslatableField,
  language: ContentLanguage,
): string | null {
  const filled = (text: string | null | undefined) => (text && text.trim() !== '' ? text : undefined);
  if (language !== 'ro' && language !== 'en') {
    const own = filled(row.translations?.[language]?.[field]);
    if (own) return own;
  }
  if (language !== 'ro') {
    const english = filled(row.en);
    if (english) return english;
  }
  return row.ro;
}

/**
 * The guest's language from `Accept-Language` among the offered ones (first visit, no choice made
 * yet): highest q first, a region ('de-AT') matching its language; Romanian when nothing matches.
 */
export function negotiateLanguage(header: string | null | undefined, offered: readonly ContentLanguage[]): ContentLanguage {
  if (!header) return 'ro';
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.q > 0 && Number.isFinite(range.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    if (isContentLanguage(range.language) && offered.includes(range.language)) return range.language;
  }
  return 'ro';
}

/** A row as the guest menu reads it: `nameRo`, `nameEn`, …, and its extra languages. */
type ContentRow = { translations?: ContentTranslations } & Partial<Record<`${TranslatableField}${'Ro' | 'En'}`, string | null>>;

/** `textIn` over a row's own columns: `fieldIn(product, 'name', 'de')`. */
export function fieldIn(row: ContentRow, field: 'name', language: ContentLanguage): string;
export function fieldIn(row: ContentRow, field: TranslatableField, language: ContentLanguage): string | null;
export function fieldIn(row: ContentRow, field: TranslatableField, language: ContentLanguage): string | null {
  return textIn({ ro: row[`${field}Ro`] ?? null, en: row[`${field}En`], translations: row.translations }, field, language);
}

/** The query parameter naming the guest menu's language (the switch's links). */
export const MENU_LANGUAGE_PARAM = 'lang';

/**
 * The language a guest menu request asks for, before the restaurant's offer is known (the render
 * cache keys by it): `?lang=` when it names a content language (the switch's links and every link
 * inside the menu carry it: guests get no cookie, decision 0019); else the site's `lang` cookie
 * (ro/en: a choice made on the site); else the best of `Accept-Language` among every content
 * language; else Romanian. The page then shows it if offered, else English (or Romanian when that was
 * asked): `servedLanguage`.
 */
export function requestedMenuLanguage(query: string | null, cookie: string | null | undefined, acceptLanguage: string | null | undefined): ContentLanguage {
  const asked = query ? new URLSearchParams(query).get(MENU_LANGUAGE_PARAM) : null;
  if (isContentLanguage(asked)) return asked;
  const site = /(?:^|;\s*)lang=(ro|en)(?:;|$)/.exec(cookie ?? '')?.[1];
  if (site === 'ro' || site === 'en') return site;
  return negotiateLanguage(acceptLanguage, CONTENT_LANGUAGES);
}

/** What the menu shows for a requested language: it when offered, else English, Romanian for Romanian. */
export function servedLanguage(requested: ContentLanguage, offered: readonly ContentLanguage[]): ContentLanguage {
  if (offered.includes(requested)) return requested;
  return requested === 'ro' ? 'ro' : 'en';
}
