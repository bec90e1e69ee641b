import { z } from 'zod';
import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { EXTRA_LANGUAGES, normaliseTerms, parseLanguageList, parseTermList, type ExtraLanguage } from './content-language.ts';
import { findContentSettingsRow, updateContentSettingsRow } from './content-settings.repo.server.ts';
import { contentVersion } from './content-version.server.ts';

/** The languages form: checkboxes `languages` (de, fr, …) and one do-not-translate term per line. */
export const ContentSettingsInput = z.object({
  languages: z
    .array(z.enum(EXTRA_LANGUAGES, { error: 'language' }))
    .max(EXTRA_LANGUAGES.length)
    .default([]),
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

/** The languages form's version: what it was loaded with, as stored (decision 0015). */
const versionOf = (row: { contentLanguages: string; doNotTranslate: string }) => contentVersion([row.contentLanguages, row.doNotTranslate]);

export async function getContentSettings(scope: RestaurantScope): Promise<ContentSettings> {
  authorize(scope, 'restaurant.view');
  const row = await findContentSettingsRow(scope.db, scope.restaurantId);
  return { languages: parseLanguageList(row.contentLanguages), doNotTranslate: parseTermList(row.doNotTranslate) };
}

/** The languages form's values and the version its save must send back. */
export async function getContentSettingsForm(scope: RestaurantScope): Promise<ContentSettings & { version: string }> {
  authorize(scope, 'settings.edit');
  const row = await findContentSettingsRow(scope.db, scope.restaurantId);
  return { languages: parseLanguageList(row.contentLanguages), doNotTranslate: parseTermList(row.doNotTranslate), version: versionOf(row) };
}

/**
 * Which extra languages the guest menu offers, and the terms machine translation keeps as written.
 * Goes through changeMenu: the language switch is what guests see, so the menu version moves.
 * `expectedVersion` is the form's version: refused ('stale-edit') when absent or when either changed since.
 */
export async function updateContentSettings(
  scope: RestaurantScope,
  storage: FileStorage,
  input: ContentSettingsInput,
  expectedVersion: string | undefined,
): Promise<ContentSettings> {
  authorize(scope, 'settings.edit');
  return changeMenu(scope, storage, async (change) => {
    if (expectedVersion !== versionOf(await findContentSettingsRow(change.scope.db, change.scope.restaurantId))) throw new AppError('stale-edit', { context: 'restaurant' });
    const before = await getContentSettings(change.scope);
    const after: ContentSettings = { languages: EXTRA_LANGUAGES.filter((language) => input.languages.includes(language)), doNotTranslate: input.doNotTranslate };
    await updateContentSettingsRow(
      change.scope.db,
      change.scope.restaurantId,
      {
        contentLanguages: JSON.stringify(after.languages),
        doNotTranslate: JSON.stringify(after.doNotTranslate),
      },
      new Date().toISOString(),
    );
    await recordAudit(change.scope, { action: 'restaurant.languages', target: { type: 'restaurant', id: change.scope.restaurantId }, before, after });
    return after;
  });
}
