import * as insights from '#app/modules/insights/insights.repo.server.ts';
import * as contentSettings from '#app/modules/translation/content-settings.repo.server.ts';
import * as content from '#app/modules/translation/content.repo.server.ts';
import * as translationCache from '#app/modules/translation/translation-cache.repo.server.ts';
import { newId } from '#tests/factories/builders.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** Content in more languages, and the insights' counts (whose flush and sweep take rows of several restaurants at once). */

export const contentCases: Record<string, RepositoryCases> = {
  'app/modules/translation/content-settings.repo.server.ts': repository(contentSettings, {
    findContentSettingsRow: (f) => [f.db, f.r],
    updateContentSettingsRow: (f) => [f.db, f.r, { contentLanguages: '["de"]', doNotTranslate: '[]' }, f.now],
    bumpSettingsVersion: (f) => [f.db, f.r],
  }),
  'app/modules/translation/content.repo.server.ts': repository(content, {
    listContentTexts: (f) => [f.db, f.r],
    findContentTexts: (f) => [f.db, f.r, 'category', f.category],
    updateContentTexts: (f) => [f.db, f.r, 'product', f.product, { en: { name: 'Soup' }, translations: '{}', translationMeta: '{}', updatedAt: f.now }],
    updateTranslationMeta: (f) => [f.db, f.r, 'restaurant', f.r, '{}'],
    insertTranslationRun: (f) => [f.db, { id: newId(), restaurantId: f.r, total: 3, createdAt: f.now }],
    findLatestTranslationRun: (f) => [f.db, f.r],
    findTranslationRun: (f) => [f.db, f.r, f.run],
    updateTranslationRun: (f) => [f.db, f.r, f.run, { status: 'done', addDone: 1, error: null, updatedAt: f.now }],
  }),
  'app/modules/translation/translation-cache.repo.server.ts': repository(translationCache, {
    findCachedTranslations: (f) => [f.db, ['ro>en:supă'], f.past],
    saveCachedTranslations: (f) => [f.db, [{ key: 'ro>en:supă', translations: '{"en":"soup"}' }], f.now],
    deleteCachedTranslationsBefore: (f) => [f.db, f.past],
  }),
  'app/modules/insights/insights.repo.server.ts': repository(insights, {
    addInsightCounts: (f) => [f.db, [f.r, f.other].map((restaurantId) => ({ restaurantId, day: '2026-01-01', locationId: '', metric: 'view', dimension: '', count: 1 }))],
    bumpSearchTerms: (f) => [f.db, [f.r, f.other].map((restaurantId) => ({ restaurantId, termKey: f.termKey, count: 1 })), f.now],
    addPendingSearches: (f) => [f.db, [f.r, f.other].map((restaurantId) => ({ restaurantId, termKey: f.termKey, day: '2026-01-01', locationId: '', metric: 'search-hit', count: 1 }))],
    takePendingSearches: (f) => [f.db, [f.r, f.other].map((restaurantId) => ({ restaurantId, termKey: f.termKey }))],
    findStaleSearchTerms: (f) => [f.db, f.now, 5],
    deleteStaleSearchTerm: (f) => [f.db, { restaurantId: f.r, termKey: f.termKey }, f.now, 5],
    findPendingSearchCounts: (f) => [f.db, f.r, '2026-01-01', '2026-01-31', f.location],
    findRestaurantsBySlugs: (f) => [f.db, [f.slug]],
    findLocationIds: (f) => [f.db, [f.r, f.other]],
    findProductIds: (f) => [f.db, [f.r, f.other], [f.product]],
    findInsightCounts: (f) => [f.db, f.r, '2026-01-01', '2026-01-31', f.location],
    hasAnyInsight: (f) => [f.db, f.r],
    findInsightCatalogue: (f) => [f.db, f.r],
    sumViewsPerDay: (f) => [f.db, '2026-01-01', '2026-01-31'],
  }),
};
