import { catalogues, type Locale } from './i18n.ts';
import { isServerOnlyKey, namespacesOfPath, type PageCatalogue } from './page-catalogue.ts';

// every namespace file of both languages (`editor.ro.ts` → editor), for the keys each one adds
const files = import.meta.glob<Record<string, Record<string, unknown>>>(['./*.ro.ts', './*.en.ts', '!./guest-labels.*'], { eager: true });

/** namespace → the top-level keys its file spreads into the catalogue */
const namespaceKeys = new Map<string, Set<string>>();
for (const [path, module] of Object.entries(files)) {
  const name = /\.\/(.+)\.(ro|en)\.ts$/.exec(path)?.[1];
  if (!name) continue;
  const keys = namespaceKeys.get(name) ?? new Set<string>();
  for (const part of Object.values(module)) if (part && typeof part === 'object') for (const key of Object.keys(part)) keys.add(key);
  namespaceKeys.set(name, keys);
}
const namespaceOfKey = new Map<string, string>();
for (const [name, keys] of namespaceKeys) for (const key of keys) namespaceOfKey.set(key, name);

const cache = new Map<string, string>();

function escapeForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The JSON a hydrated page at `pathname` carries for its browser's i18next: one language, the base
 * keys, its area's namespaces (page-catalogue.ts); cached per language and set of namespaces.
 */
export function pageCatalogueJson(locale: Locale, pathname: string): string {
  const wanted = namespacesOfPath(pathname);
  const namespaces = [...namespaceKeys.keys()].filter(wanted).sort();
  const cacheKey = `${locale}:${namespaces.join(',')}`;
  let json = cache.get(cacheKey);
  if (json === undefined) {
    const resources: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(catalogues[locale])) {
      if (isServerOnlyKey(key)) continue;
      const namespace = namespaceOfKey.get(key);
      if (namespace === undefined || namespaces.includes(namespace)) resources[key] = value;
    }
    const catalogue: PageCatalogue = { locale, namespaces, resources };
    json = escapeForScript(JSON.stringify(catalogue));
    cache.set(cacheKey, json);
  }
  return json;
}
