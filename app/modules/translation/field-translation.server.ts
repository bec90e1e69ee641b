import { z } from 'zod';
import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import {
  EXTRA_LANGUAGES,
  parseLanguageList,
  parseTermList,
  parseTranslations,
  TRANSLATABLE_FIELDS,
  type ExtraLanguage,
  type TargetLanguage,
  type TranslatableField,
} from './content-language.ts';
import { bumpSettingsVersion, findContentSettingsRow } from './content-settings.repo.server.ts';
import { contentVersion } from './content-version.server.ts';
import { CONTENT_FIELDS, findContentTexts, updateContentTexts, type ContentRowTexts, type ContentTable } from './content.repo.server.ts';
import { isMachineText, parseMarks, sourceHash } from './fill-missing.server.ts';
import type { TranslationProvider } from './provider.server.ts';
import { translateTexts } from './translation-cache.server.ts';
import { TRANSLATED_TEXT_MAX, translatedMaxLength, type FieldTranslationView } from './translation.types.ts';

/** The languages a panel edits: English (its own columns) and the extra ones (the `translations` JSON). */
const PANEL_LANGUAGES = ['en', ...EXTRA_LANGUAGES] as const;

/** One field in English or an extra language, as the editor's translations panel posts it for a row of `table`. */
export const fieldTranslationInput = (table: ContentTable) =>
  z
    .object({
      field: z.enum(TRANSLATABLE_FIELDS),
      language: z.enum(PANEL_LANGUAGES),
      text: z.string().trim().max(TRANSLATED_TEXT_MAX, { error: 'tooLong' }).default(''),
    })
    .superRefine((input, ctx) => {
      // a name stays as short as the editor's name field of that table allows
      const maximum = translatedMaxLength(table, input.field);
      if (input.text.length > maximum) ctx.addIssue({ code: 'too_big', origin: 'string', maximum, inclusive: true, path: ['text'], message: 'tooLong' });
    });
export type FieldTranslationInput = z.infer<ReturnType<typeof fieldTranslationInput>>;

async function loadRow(scope: RestaurantScope, table: ContentTable, id: string) {
  const row = await findContentTexts(scope.db, scope.restaurantId, table, id);
  if (!row) throw new AppError('not-found');
  return row;
}

function textOf(row: ContentRowTexts, translations: ReturnType<typeof parseTranslations>, language: TargetLanguage, field: TranslatableField): string {
  return (language === 'en' ? row.en[field] : translations[language]?.[field]) ?? '';
}

/** One panel field's version: the text it shows and the Romanian it translates (decision 0015). */
const fieldVersion = (source: string, text: string) => contentVersion([source, text]);

/** The row's texts in English and the restaurant's extra languages, with their marks (tradus automat / possibly outdated). */
export async function getFieldTranslations(scope: RestaurantScope, table: ContentTable, id: string): Promise<FieldTranslationView[]> {
  authorize(scope, 'menu.translate');
  const row = await loadRow(scope, table, id);
  const languages: TargetLanguage[] = ['en', ...parseLanguageList((await findContentSettingsRow(scope.db, scope.restaurantId)).contentLanguages)];
  const translations = parseTranslations(row.translations);
  const marks = parseMarks(row.translationMeta);
  const views: FieldTranslationView[] = [];
  for (const field of CONTENT_FIELDS[table] as readonly TranslatableField[]) {
    const source = row.ro[field] ?? '';
    for (const language of languages) {
      const text = textOf(row, translations, language, field);
      const mark = marks[`${language}.${field}`];
      const machine = isMachineText(mark, text);
      views.push({
        field,
        language,
        text,
        source,
        version: fieldVersion(source, text),
        maxLength: translatedMaxLength(table, field),
        state:
          text === '' ? 'missing' : machine ? (mark?.src === sourceHash(source) ? 'machine' : 'outdated') : mark?.src && mark.src !== sourceHash(source) ? 'outdated' : 'owner',
      });
    }
  }
  return views;
}

/** English is always there; an extra language only when the restaurant offers it. */
function assertEnabled(languages: readonly ExtraLanguage[], language: TargetLanguage) {
  if (language !== 'en' && !languages.includes(language)) throw new AppError('invalid-input');
}

/** The row's texts with one field in one language set (null/empty: cleared), ready for updateContentTexts. */
function withText(row: ContentRowTexts, language: TargetLanguage, field: TranslatableField, text: string) {
  const translations = JSON.parse(row.translations || '{}') as Record<string, Record<string, string>>;
  const en: Partial<Record<TranslatableField, string | null>> = {};
  if (language === 'en') en[field] = text === '' ? null : text;
  else if (text === '') delete translations[language]?.[field];
  else (translations[language] ??= {})[field] = text;
  return { en, translations: JSON.stringify(translations) };
}

/**
 * The owner writes (or approves, by saving it as is) one translation: theirs from now on. Empty clears it.
 * `expectedVersion` is the field's version the panel showed: refused ('stale-edit') when absent or when the
 * text or its Romanian changed since, after the ownership checks. The restaurant's description moves the
 * settings version too: the settings form carries its English text.
 */
export async function saveFieldTranslation(
  scope: RestaurantScope,
  storage: FileStorage,
  table: ContentTable,
  id: string,
  input: FieldTranslationInput,
  expectedVersion: string | undefined,
): Promise<void> {
  authorize(scope, 'menu.translate');
  await changeMenu(scope, storage, async (change) => {
    const row = await loadRow(change.scope, table, id);
    assertEnabled(parseLanguageList((await findContentSettingsRow(change.scope.db, change.scope.restaurantId)).contentLanguages), input.language);
    if (!(CONTENT_FIELDS[table] as readonly string[]).includes(input.field)) throw new AppError('invalid-input');
    const current = textOf(row, parseTranslations(row.translations), input.language, input.field);
    if (expectedVersion !== fieldVersion(row.ro[input.field] ?? '', current)) throw new AppError('stale-edit', { context: table });
    const marks = parseMarks(row.translationMeta);
    const key = `${input.language}.${input.field}`;
    if (input.text === '') delete marks[key];
    else marks[key] = { by: 'owner', src: sourceHash(row.ro[input.field] ?? '') };
    await updateContentTexts(change.scope.db, change.scope.restaurantId, table, id, {
      ...withText(row, input.language, input.field, input.text),
      translationMeta: JSON.stringify(marks),
      updatedAt: new Date().toISOString(),
    });
    if (table === 'restaurant') await bumpSettingsVersion(change.scope.db, change.scope.restaurantId);
    await recordAudit(change.scope, { action: `${table}.translate`, target: { type: table, id }, after: { [key]: input.text } });
  });
}

/**
 * "Tradu automat" for one field: translates the Romanian through the cache into an empty or
 * machine-made field. Owner text is never replaced (refused with 'invalid-input').
 */
export async function translateFieldNow(
  scope: RestaurantScope,
  storage: FileStorage,
  provider: TranslationProvider | null,
  table: ContentTable,
  id: string,
  input: Pick<FieldTranslationInput, 'field' | 'language'>,
): Promise<string> {
  authorize(scope, 'menu.translate');
  if (!provider) throw new AppError('translation-not-configured');
  const row = await loadRow(scope, table, id);
  const settings = await findContentSettingsRow(scope.db, scope.restaurantId);
  assertEnabled(parseLanguageList(settings.contentLanguages), input.language);
  const source = row.ro[input.field];
  if (!source || !(CONTENT_FIELDS[table] as readonly string[]).includes(input.field)) throw new AppError('invalid-input');
  const [text = ''] = await translateTexts(scope, provider, {
    texts: [source],
    source: 'ro',
    target: input.language,
    terms: [...parseTermList(settings.doNotTranslate), settings.name],
  });
  // the machine's text obeys the field's limit as the owner's does: a German option name past 60 characters is refused
  const maximum = translatedMaxLength(table, input.field);
  if (text.length > maximum) throw new AppError('translation-too-long', { max: maximum });
  await changeMenu(scope, storage, async (change) => {
    const fresh = await loadRow(change.scope, table, id);
    const marks = parseMarks(fresh.translationMeta);
    const key = `${input.language}.${input.field}`;
    const current = textOf(fresh, parseTranslations(fresh.translations), input.language, input.field);
    // never over the owner's text (typed in the panel or in the ordinary English field)
    if (current.trim() !== '' && !isMachineText(marks[key], current)) throw new AppError('invalid-input');
    if (fresh.ro[input.field] !== source) throw new AppError('stale-edit', { context: table });
    marks[key] = { by: 'machine', src: sourceHash(source), out: sourceHash(text) };
    await updateContentTexts(change.scope.db, change.scope.restaurantId, table, id, {
      ...withText(fresh, input.language, input.field, text),
      translationMeta: JSON.stringify(marks),
      updatedAt: new Date().toISOString(),
    });
    if (table === 'restaurant') await bumpSettingsVersion(change.scope.db, change.scope.restaurantId);
    await recordAudit(change.scope, { action: `${table}.translate`, target: { type: table, id }, after: { [key]: text, by: 'machine' } });
  });
  return text;
}
