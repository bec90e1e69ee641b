import { z } from 'zod';
import type { RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { EXTRA_LANGUAGES, parseLanguageList, parseTermList, parseTranslations, TRANSLATABLE_FIELDS, type ExtraLanguage, type TranslatableField } from './content-language.ts';
import { findContentSettingsRow } from './content-settings.repo.server.ts';
import { CONTENT_FIELDS, findContentTexts, updateContentTexts, type ContentTable } from './content.repo.server.ts';
import { isMachineText, parseMarks, sourceHash } from './fill-missing.server.ts';
import type { TranslationProvider } from './provider.server.ts';
import { translateTexts } from './translation-cache.server.ts';
import type { FieldTranslationView } from './translation.types.ts';

/** One field in one extra language, as the editor's translations panel posts it. */
export const FieldTranslationInput = z.object({
  field: z.enum(TRANSLATABLE_FIELDS),
  language: z.enum(EXTRA_LANGUAGES),
  text: z.string().trim().max(2000, { error: 'tooLong' }).default(''),
});
export type FieldTranslationInput = z.infer<typeof FieldTranslationInput>;

async function loadRow(scope: RestaurantScope, table: ContentTable, id: string) {
  const row = await findContentTexts(scope.db, scope.restaurantId, table, id);
  if (!row) throw new AppError('not-found');
  return row;
}

/** The row's texts in the restaurant's extra languages, with their marks (tradus automat / possibly outdated). */
export async function getFieldTranslations(scope: RestaurantScope, table: ContentTable, id: string): Promise<FieldTranslationView[]> {
  const row = await loadRow(scope, table, id);
  const languages = parseLanguageList((await findContentSettingsRow(scope.db, scope.restaurantId)).contentLanguages);
  const translations = parseTranslations(row.translations);
  const marks = parseMarks(row.translationMeta);
  const views: FieldTranslationView[] = [];
  for (const field of CONTENT_FIELDS[table] as readonly TranslatableField[]) {
    const source = row.ro[field] ?? '';
    for (const language of languages) {
      const text = translations[language]?.[field] ?? '';
      const mark = marks[`${language}.${field}`];
      const machine = isMachineText(mark, text);
      views.push({
        field, language, text, source,
        state: text === '' ? 'missing' : machine ? (mark?.src === sourceHash(source) ? 'machine' : 'outdated') : mark?.src && mark.src !== sourceHash(source) ? 'outdated' : 'owner',
      });
    }
  }
  return views;
}

function assertEnabled(languages: readonly ExtraLanguage[], language: ExtraLanguage) {
  if (!languages.includes(language)) throw new AppError('invalid-input');
}

/** The owner writes (or approves, by saving it as is) one translation: theirs from now on. Empty clears it. */
export async function saveFieldTranslation(scope: RestaurantScope, storage: FileStorage, table: ContentTable, id: string, input: FieldTranslationInput): Promise<void> {
  await changeMenu(scope, storage, async (change) => {
    const row = await loadRow(change.scope, table, id);
    assertEnabled(parseLanguageList((await findContentSettingsRow(change.scope.db, change.scope.restaurantId)).contentLanguages), input.language);
    if (!(CONTENT_FIELDS[table] as readonly string[]).includes(input.field)) throw new AppError('invalid-input');
    const translations = JSON.parse(row.translations || '{}') as Record<string, Record<string, string>>;
    const marks = parseMarks(row.translationMeta);
    const key = `${input.language}.${input.field}`;
    if (input.text === '') {
      delete translations[input.language]?.[input.field];
      delete marks[key];
    } else {
      (translations[input.language] ??= {})[input.field] = input.text;
      marks[key] = { by: 'owner', src: sourceHash(row.ro[input.field] ?? '') };
    }
    await updateContentTexts(change.scope.db, change.scope.restaurantId, table, id, { en: {}, translations: JSON.stringify(translations), translationMeta: JSON.stringify(marks), updatedAt: new Date().toISOString() });
    await recordAudit(change.scope, { action: `${table}.translate`, target: { type: table, id }, after: { [key]: input.text } });
  });
}

/**
 * "Tradu automat" for one field: translates the Romanian through the cache into an empty or
 * machine-made field. Owner text is never replaced (refused with 'invalid-input').
 */
export async function translateFieldNow(scope: RestaurantScope, storage: FileStorage, provider: TranslationProvider | null, table: ContentTable, id: string, input: Pick<FieldTranslationInput, 'field' | 'language'>): Promise<string> {
  if (!provider) throw new AppError('translation-not-configured');
  const row = await loadRow(scope, table, id);
  const settings = await findContentSettingsRow(scope.db, scope.restaurantId);
  assertEnabled(parseLanguageList(settings.contentLanguages), input.language);
  const source = row.ro[input.field];
  if (!source || !(CONTENT_FIELDS[table] as readonly string[]).includes(input.field)) throw new AppError('invalid-input');
  const [text = ''] = await translateTexts(scope, provider, { texts: [source], source: 'ro', target: input.language, terms: [...parseTermList(settings.doNotTranslate), settings.name] });
  await changeMenu(scope, storage, async (change) => {
    const fresh = await loadRow(change.scope, table, id);
    const translations = JSON.parse(fresh.translations || '{}') as Record<string, Record<string, string>>;
    const marks = parseMarks(fresh.translationMeta);
    const key = `${input.language}.${input.field}`;
    const current = translations[input.language]?.[input.field];
    if (current && !isMachineText(marks[key], current)) throw new AppError('invalid-input');
    (translations[input.language] ??= {})[input.field] = text;
    marks[key] = { by: 'machine', src: sourceHash(source), out: sourceHash(text) };
    await updateContentTexts(change.scope.db, change.scope.restaurantId, table, id, { en: {}, translations: JSON.stringify(translations), translationMeta: JSON.stringify(marks), updatedAt: new Date().toISOString() });
    await recordAudit(change.scope, { action: `${table}.translate`, target: { type: table, id }, after: { [key]: text, by: 'machine' } });
  });
  return text;
}
