import i18next, { type i18n } from 'i18next';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales.ts';
import { CATALOGUE_SCRIPT_ID, namespacesOfPath, type PageCatalogue } from './page-catalogue.ts';

// each namespace file is its own chunk, fetched when a page of another area first needs it
const namespaceFiles = import.meta.glob<Record<string, Record<string, unknown>>>(['./*.ro.ts', './*.en.ts', '!./guest-labels.*']);
// the whole catalogue of a language: only when a key is missing (a page outside its area's list) or the language changes
const wholeCatalogues = import.meta.glob<Record<string, Record<string, unknown>>>(['./ro.ts', './en.ts']);

const instances = new Map<Locale, i18n>();
const loaded = new Map<Locale, Set<string>>();
const wholeLoads = new Map<Locale, Promise<void>>();

function createInstance(locale: Locale, resources: Record<string, unknown>): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    supportedLngs: [locale],
    resources: { [locale]: { translation: resources } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // a key the page's catalogue lacks: fetch the whole language, then every useTranslation re-renders
    saveMissing: true,
    missingKeyHandler: () => void loadWhole(locale),
    react: { bindI18nStore: 'added' },
  });
  instances.set(locale, instance);
  return instance;
}

function addParts(locale: Locale, parts: Record<string, Record<string, unknown>>): void {
  const instance = instances.get(locale);
  for (const part of Object.values(parts)) if (part && typeof part === 'object') instance?.addResourceBundle(locale, 'translation', part, true, true);
}

function loadWhole(locale: Locale): Promise<void> {
  let pending = wholeLoads.get(locale);
  if (!pending) {
    const file = wholeCatalogues[`./${locale}.ts`];
    pending = file ? file().then((module) => addParts(locale, { catalogue: (module[locale] ?? {}) as Record<string, unknown> })) : Promise.resolve();
    wholeLoads.set(locale, pending);
  }
  return pending;
}

/** Reads the page's catalogue from its document (before hydration) and builds the instance. */
export function startPageI18n(): { locale: Locale; json: string } {
  const json = document.getElementById(CATALOGUE_SCRIPT_ID)?.textContent ?? '';
  const catalogue = (json ? JSON.parse(json) : { locale: DEFAULT_LOCALE, namespaces: [], resources: {} }) as PageCatalogue;
  const locale = isLocale(catalogue.locale) ? catalogue.locale : DEFAULT_LOCALE;
  createInstance(locale, catalogue.resources);
  loaded.set(locale, new Set(catalogue.namespaces));
  if (!json) void loadWhole(locale);
  return { locale, json };
}

/** The instance for a language; another language than the page's starts empty and fills at once. */
export function clientI18n(locale: Locale): i18n {
  const instance = instances.get(locale);
  if (instance) return instance;
  const created = createInstance(locale, {});
  loaded.set(locale, new Set());
  void loadWhole(locale);
  return created;
}

/** Before a client navigation renders: the namespace files the next page's area uses. */
export async function loadNamespacesFor(pathname: string, locale: Locale): Promise<void> {
  clientI18n(locale);
  const have = loaded.get(locale) ?? new Set<string>();
  const wanted = namespacesOfPath(pathname);
  const missing = Object.entries(namespaceFiles).flatMap(([path, load]) => {
    const [, name, language] = /\.\/(.+)\.(ro|en)\.ts$/.exec(path) ?? [];
    return name && language === locale && wanted(name) && !have.has(name) ? [{ name, load }] : [];
  });
  await Promise.all(
    missing.map(async ({ name, load }) => {
      addParts(locale, await load());
      have.add(name);
    }),
  );
  loaded.set(locale, have);
}
