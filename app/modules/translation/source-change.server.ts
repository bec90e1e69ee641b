import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { parseLanguageList, parseTermList, type ExtraLanguage, type TargetLanguage, type TranslatableField } from './content-language.ts';
import { findContentSettingsRow } from './content-settings.repo.server.ts';
import { CONTENT_FIELDS, findContentTexts, updateContentTexts, updateTranslationMeta, type ContentRowTexts, type ContentTable } from './content.repo.server.ts';
import { applyToRow, isMachineText, missingTasks, parseMarks, sourceHash, taskKey, type TranslationTask } from './fill-missing.server.ts';
import type { TranslationProvider } from './provider.server.ts';
import { translateTexts } from './translation-cache.server.ts';

/** A content row as its update service read it before the save: `nameRo`, `nameEn`, … (other columns ignored). */
export type RowBeforeSave = Partial<Record<`${TranslatableField}${'Ro' | 'En'}`, string | null>>;

const filled = (text: string | null | undefined): text is string => Boolean(text && text.trim() !== '');
const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim() === (b ?? '').trim();

function currentText(row: ContentRowTexts, field: TranslatableField, target: TargetLanguage): string | undefined {
  if (target === 'en') return row.en[field] ?? undefined;
  const translations = JSON.parse(row.translations || '{}') as Record<string, Record<string, string> | undefined>;
  return translations[target]?.[field];
}

/**
 * What one save of the ordinary form means for the row's translations (issue 16): where the
 * Romanian changed, a machine-made translation (English included) is stale and wanted again
 * (`refresh`), an owner-written one is flagged `outdated` (kept as written, with the Romanian it
 * answered noted); English the owner typed in the same save stands beside the new Romanian.
 * Returns the new marks (undefined when unchanged) and whether machine text needs refreshing.
 */
export function marksAfterSave(before: RowBeforeSave, after: ContentRowTexts, languages: readonly ExtraLanguage[]): { translationMeta: string | undefined; refresh: boolean } {
  const marks = parseMarks(after.translationMeta);
  let changed = false;
  let refresh = false;
  for (const field of CONTENT_FIELDS[after.table] as readonly TranslatableField[]) {
    const oldSource = before[`${field}Ro`] ?? '';
    const newSource = after.ro[field] ?? '';
    const sourceChanged = sourceHash(oldSource) !== sourceHash(newSource);
    const englishTyped = !same(before[`${field}En`], after.en[field]);
    for (const target of ['en', ...languages] as TargetLanguage[]) {
      const key = `${target}.${field}`;
      const text = currentText(after, field, target);
      const mark = marks[key];
      if (target === 'en' && englishTyped) {
        // typed in this very save, beside the Romanian it was saved with: the owner's, up to date
        if (filled(text) && !isMachineText(mark, text)) {
          marks[key] = { by: 'owner', src: sourceHash(newSource) };
          changed = true;
        }
        continue;
      }
      if (!sourceChanged || !filled(text) || !filled(newSource)) continue;
      if (isMachineText(mark, text)) {
        refresh = true;
        continue;
      }
      // the owner's: the Romanian it answered is the one it was marked with, else the one before this save
      const src = mark?.src ?? sourceHash(oldSource);
      const next = { by: 'owner' as const, src, ...(src === sourceHash(newSource) ? {} : { outdated: true }) };
      if (mark?.by !== 'owner' || mark.src !== next.src || Boolean(mark.outdated) !== Boolean(next.outdated)) {
        marks[key] = next;
        changed = true;
      }
    }
  }
  return { translationMeta: changed ? JSON.stringify(marks) : undefined, refresh };
}

/**
 * Called by the update services of products, categories, locations and the restaurant inside
 * their changeMenu transaction, after the row is written: flags owner translations whose Romanian
 * changed and enqueues `translation.refresh` for machine ones (a job: the save never waits for a
 * provider). `change` is the transaction's scope; `written` the columns the save wrote. A save that
 * changed no Romanian or English text costs no query.
 */
export async function noteContentSave(change: RestaurantScope, table: ContentTable, id: string, before: RowBeforeSave, written: RowBeforeSave): Promise<void> {
  // the save calling it checked its permission (menu.edit, settings.edit); a scope nobody made goes no further
  authorize(change, 'restaurant.view');
  const touched = (CONTENT_FIELDS[table] as readonly TranslatableField[]).some((field) =>
    (['Ro', 'En'] as const).some((suffix) => `${field}${suffix}` in written && !same(before[`${field}${suffix}`], written[`${field}${suffix}`])),
  );
  if (!touched) return;
  const after = await findContentTexts(change.db, change.restaurantId, table, id);
  if (!after) return;
  const languages = parseLanguageList((await findContentSettingsRow(change.db, change.restaurantId)).contentLanguages);
  const { translationMeta, refresh } = marksAfterSave(before, after, languages);
  if (translationMeta !== undefined) await updateTranslationMeta(change.db, change.restaurantId, table, id, translationMeta);
  if (refresh) {
    const sources = (CONTENT_FIELDS[table] as readonly TranslatableField[]).map((field) => sourceHash(after.ro[field] ?? '')).join('.');
    await enqueueJob(change.db, {
      type: 'translation.refresh',
      payload: { restaurantId: change.restaurantId, table, id },
      dedupeKey: `translation.refresh:${table}:${id}:${sources}`,
    });
  }
}

/**
 * The `translation.refresh` job: machine-made translations of one row whose Romanian changed are
 * translated again through the cache and saved with changeMenu. Empty fields are left to "translate
 * everything missing"; text the owner typed meanwhile is never replaced. With no provider the
 * machine text stays, shown as possibly outdated.
 */
export async function runRefresh(
  scope: RestaurantScope,
  storage: FileStorage,
  provider: TranslationProvider | null,
  table: ContentTable,
  id: string,
  now = new Date(),
): Promise<number> {
  authorize(scope, 'menu.translate');
  if (!provider) return 0;
  const row = await findContentTexts(scope.db, scope.restaurantId, table, id);
  if (!row) return 0;
  const settings = await findContentSettingsRow(scope.db, scope.restaurantId);
  const languages = parseLanguageList(settings.contentLanguages);
  const terms = [...parseTermList(settings.doNotTranslate), settings.name];
  const stale = missingTasks([row], languages).filter((task) => filled(currentText(row, task.field, task.target)));
  if (stale.length === 0) return 0;
  const results: (TranslationTask & { text: string })[] = [];
  for (const [target, group] of Map.groupBy(stale, (task) => task.target)) {
    const texts = await translateTexts(scope, provider, { texts: group.map((task) => task.source), source: 'ro', target, terms, now });
    group.forEach((task, index) => results.push({ ...task, text: texts[index] ?? '' }));
  }
  return changeMenu(scope, storage, async (change) => {
    const fresh = await findContentTexts(change.scope.db, scope.restaurantId, table, id);
    if (!fresh) throw new AppError('not-found');
    const wanted = new Set(
      missingTasks([fresh], languages)
        .filter((task) => filled(currentText(fresh, task.field, task.target)))
        .map(taskKey),
    );
    const next = applyToRow(fresh, results, wanted);
    if (next.applied > 0)
      await updateContentTexts(change.scope.db, scope.restaurantId, table, id, {
        en: next.en,
        translations: next.translations,
        translationMeta: next.translationMeta,
        updatedAt: new Date().toISOString(),
      });
    return next.applied;
  });
}
