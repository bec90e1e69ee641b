import { z } from 'zod';
import type { RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { EXTRA_LANGUAGES, normaliseTerms, parseLanguageList, parseTermList, type ExtraLanguage } from './content-language.ts';
import { findContentSettingsRow, updateContentSettingsRow } from './content-settings.repo.server.ts';

/** The languages form: checkboxes `languages` (de, fr, …) and one do-not-translate term per line. */
export const ContentSettingsInput = z.object({
  languages: z.array(z.enum(EXTRA_LANGUAGES, { error: 'language' })).max(EXTRA_LANGUAGES.length).default([]),
  doNotTranslate: z
    .string()
    .max(4000, { error: 'tooLong' })
    .default('')
    .transform((text) => normaliseTerms(text.split(/[\n,]/)))
    .refine((terms) => terms.length <= 200 && terms.every((term) => term.length <= 80), { error: 'terms' }),
});
export type ContentSettingsInput = z.infer<typeof ContentSettingsInput>;

export interface ContentSettings {
  languages: ExtraLanguage[];
  doNotTranslate: string[];
}

export async function getContentSettings(scope: RestaurantScope): Promise<ContentSettings> {
  const row = await findContentSettingsRow(scope.db, scope.restaurantId);
  return { languages: parseLanguageList(row.contentLanguages), doNotTranslate: parseTermList(row.doNotTranslate) };
}

/**
 * Which extra languages the guest menu offers, and the terms machine translation keeps as written.
 * Goes through changeMenu: the language switch is what guests see, so the menu version moves.
 */
export async function updateContentSettings(scope: RestaurantScope, storage: FileStorage, input: ContentSettingsInput): Promise<ContentSettings> {
  return changeMenu(scope, storage, async (change) => {
    const before = await getContentSettings(change.scope);
    const after: ContentSettings = { languages: EXTRA_LANGUAGES.filter((language) => input.languages.includes(language)), doNotTranslate: input.doNotTranslate };
    await updateContentSettingsRow(change.scope.db, change.scope.restaurantId, {
      contentLanguages: JSON.stringify(after.languages),
      doNotTranslate: JSON.stringify(after.doNotTranslate),
    }, new Date().toISOString());
    await recordAudit(change.scope, { action: 'restaurant.languages', target: { type: 'restaurant', id: change.scope.restaurantId }, before, after });
    return after;
  });
}
