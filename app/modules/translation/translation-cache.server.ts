import { createHash } from 'node:crypto';
import { type AnyScope, assertSystem, type SystemScope } from '#app/modules/access/scope.server.ts';
import type { TargetLanguage } from './content-language.ts';
import { maskTerms, unmaskTerms } from './protect-terms.ts';
import type { TranslationProvider } from './provider.server.ts';
import { checkTranslated, splitIntoBatches } from './provider.server.ts';
import { deleteCachedTranslationsBefore, findCachedTranslations, saveCachedTranslations } from './translation-cache.repo.server.ts';

/** docs/product-spec.md section 9: a cached translation older than 30 days counts as missing (and is swept). */
export const CACHE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The cache key: source>target: + the masked text lowercased and whitespace-collapsed, hashed when long. */
export function cacheKey(masked: string, source: 'ro', target: TargetLanguage): string {
  const normalised = masked.toLocaleLowerCase('ro').replace(/\s+/g, ' ').trim();
  return `${source}>${target}:${normalised.length > 400 ? `#${createHash('sha256').update(normalised).digest('hex')}` : normalised}`;
}

export interface TranslateRequest {
  texts: readonly string[];
  source: 'ro';
  target: TargetLanguage;
  /** the restaurant's do-not-translate list */
  terms: readonly string[];
  now?: Date;
}

/**
 * Translates texts through the cache of docs/product-spec.md section 3, for every restaurant alike: a text translated before
 * (same source, target and normalised text, under 30 days old) never reaches the provider; the
 * rest go in batches under the provider's limits, each batch cached as soon as it returns. A failed
 * batch throws the provider's translated error and caches nothing of its own. Empty texts stay empty.
 * The cache is shared platform data, so any scope may use it (the caller's scope decides what is translated).
 */
export async function translateTexts(scope: AnyScope, provider: TranslationProvider, request: TranslateRequest): Promise<string[]> {
  const now = request.now ?? new Date();
  const items = request.texts.map((text) => {
    const { masked, terms } = maskTerms(text, request.terms);
    return { masked, terms, key: cacheKey(masked, request.source, request.target) };
  });
  const wanted = [...new Set(items.filter((item) => item.masked !== '').map((item) => item.key))];
  const cached = await findCachedTranslations(scope.db, wanted, new Date(now.getTime() - CACHE_DAYS * DAY_MS).toISOString());
  const result = new Map<string, string>();
  for (const [key, stored] of cached) {
    const text = readStored(stored, request.target);
    if (text !== undefined) result.set(key, text);
  }
  // one request per distinct missing text, even when the menu repeats it
  const missing = [...new Map(items.filter((item) => item.masked !== '' && !result.has(item.key)).map((item) => [item.key, item])).values()];
  for (const batch of splitIntoBatches(missing, (item) => item.masked.length + 32, provider.limits)) {
    const translated = await provider.translateBatch(
      batch.map((item) => item.masked),
      request.source,
      request.target,
    );
    // checked whole before any of it is cached: one bad text refuses the batch
    const rows = batch.map((item, index) => ({ key: item.key, text: checkTranslated(item.masked, translated[index] ?? '') }));
    await saveCachedTranslations(
      scope.db,
      rows.map((row) => ({ key: row.key, translations: JSON.stringify({ [request.target]: row.text }) })),
      now.toISOString(),
    );
    for (const row of rows) result.set(row.key, row.text);
  }
  return items.map((item) => (item.masked === '' ? '' : unmaskTerms(result.get(item.key) ?? '', item.terms)));
}

function readStored(stored: string, target: TargetLanguage): string | undefined {
  try {
    const parsed = JSON.parse(stored) as Record<string, unknown>;
    const text = parsed[target];
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The `translation.sweep` job: deletes cache rows past the 30 days. */
export async function sweepTranslationCache(scope: SystemScope, now: Date): Promise<number> {
  assertSystem(scope);
  return deleteCachedTranslationsBefore(scope.db, new Date(now.getTime() - CACHE_DAYS * DAY_MS).toISOString());
}
