import { createHash, randomUUID } from 'node:crypto';
import { authorize, withDb, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { AppError, isAppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { parseLanguageList, parseTermList, type ExtraLanguage, type TargetLanguage, type TranslatableField } from './content-language.ts';
import { findContentSettingsRow } from './content-settings.repo.server.ts';
import {
  CONTENT_FIELDS,
  findLatestTranslationRun,
  findTranslationRun,
  insertTranslationRun,
  listContentTexts,
  updateContentTexts,
  updateTranslationRun,
  type ContentRowTexts,
  type ContentTable,
} from './content.repo.server.ts';
import type { TranslationProvider } from './provider.server.ts';
import { translateTexts } from './translation-cache.server.ts';
import { translatedMaxLength } from './translation.types.ts';

/**
 * A translated field's mark (decision 0019), in a row's `translationMeta` under "<lang>.<field>":
 * made by the machine or written by the owner, and the hash of the Romanian text it was made from.
 * No mark means the owner wrote it (every English text from before machine translation).
 */
export interface TranslationMark {
  by: 'machine' | 'owner';
  src?: string;
  /** hash of the text the machine wrote: a different text now means the owner edited it (theirs from then on) */
  out?: string;
  outdated?: boolean;
}

/** Whether the field's text is still the machine's own (not typed over by the owner since). */
export function isMachineText(mark: TranslationMark | undefined, text: string | null | undefined): boolean {
  return mark?.by === 'machine' && Boolean(text) && mark.out === sourceHash(text ?? '');
}
export type TranslationMarks = Record<string, TranslationMark>;

export function parseMarks(stored: string): TranslationMarks {
  try {
    const parsed = JSON.parse(stored) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as TranslationMarks) : {};
  } catch {
    return {};
  }
}

/** Which Romanian text a translation was made from (short hash; whitespace and case do not count). */
export function sourceHash(text: string): string {
  return createHash('sha256').update(text.replace(/\s+/g, ' ').trim().toLocaleLowerCase('ro')).digest('base64url').slice(0, 16);
}

export interface TranslationTask {
  table: ContentTable;
  id: string;
  field: TranslatableField;
  target: TargetLanguage;
  source: string;
}

function currentText(row: ContentRowTexts, field: TranslatableField, target: TargetLanguage): string | null | undefined {
  if (target === 'en') return row.en[field];
  const translations = JSON.parse(row.translations || '{}') as Record<string, Record<string, string> | undefined>;
  return translations[target]?.[field];
}

/**
 * What "translate everything missing" does for these rows: every field with Romanian text whose
 * translation is empty, or machine-made from an older Romanian text. Owner text is never a task.
 */
export function missingTasks(rows: readonly ContentRowTexts[], languages: readonly ExtraLanguage[]): TranslationTask[] {
  const tasks: TranslationTask[] = [];
  const targets: TargetLanguage[] = ['en', ...languages];
  for (const row of rows) {
    const marks = parseMarks(row.translationMeta);
    for (const field of CONTENT_FIELDS[row.table] as readonly TranslatableField[]) {
      const source = row.ro[field];
      if (!source || source.trim() === '') continue;
      for (const target of targets) {
        const text = currentText(row, field, target);
        const mark = marks[`${target}.${field}`];
        const empty = !text || text.trim() === '';
        const staleMachine = !empty && isMachineText(mark, text) && mark?.src !== sourceHash(source);
        if (empty || staleMachine) tasks.push({ table: row.table, id: row.id, field, target, source });
      }
    }
  }
  return tasks;
}

/**
 * Owner-written translations against the Romanian text: the first time a run sees one it notes the
 * Romanian it stood beside; when that Romanian changes later, the owner's text is flagged
 * `outdated` (never rewritten). Returns the new marks, or undefined when nothing changed.
 */
export function refreshOwnerMarks(row: ContentRowTexts, languages: readonly ExtraLanguage[]): string | undefined {
  const marks = parseMarks(row.translationMeta);
  let changed = false;
  for (const field of CONTENT_FIELDS[row.table] as readonly TranslatableField[]) {
    const source = row.ro[field];
    if (!source || source.trim() === '') continue;
    for (const target of ['en', ...languages] as TargetLanguage[]) {
      const text = currentText(row, field, target);
      const key = `${target}.${field}`;
      const mark = marks[key];
      if (!text || text.trim() === '' || isMachineText(mark, text)) continue;
      if (!mark || mark.by !== 'owner' || !mark.src) {
        // machine text the owner typed over answers the Romanian the machine translated
        const src = mark?.by === 'machine' && mark.src ? mark.src : sourceHash(source);
        marks[key] = { by: 'owner', src, ...(src === sourceHash(source) ? {} : { outdated: true }) };
        changed = true;
      } else if (!mark.outdated && mark.src !== sourceHash(source)) {
        marks[key] = { ...mark, outdated: true };
        changed = true;
      }
    }
  }
  return changed ? JSON.stringify(marks) : undefined;
}

export const taskKey = (task: Pick<TranslationTask, 'table' | 'id' | 'field' | 'target'>) => `${task.table}:${task.id}:${task.target}.${task.field}`;

/**
 * Writes machine translations into a row where they are still wanted (rechecked: the owner may have typed meanwhile).
 * A text longer than the field takes (translatedMaxLength: a name as long as its editor allows) is left out: the field
 * stays missing, for the owner to write, rather than past the limit every other way of writing it keeps.
 */
export function applyToRow(row: ContentRowTexts, results: readonly (TranslationTask & { text: string })[], wanted: Set<string>) {
  const translations = JSON.parse(row.translations || '{}') as Record<string, Record<string, string>>;
  const marks = parseMarks(row.translationMeta);
  const en: Partial<Record<TranslatableField, string>> = {};
  let applied = 0;
  for (const result of results) {
    if (!wanted.has(taskKey(result)) || result.text.trim() === '' || row.ro[result.field] !== result.source) continue;
    if (result.text.length > translatedMaxLength(result.table, result.field)) continue;
    if (result.target === 'en') en[result.field] = result.text;
    else (translations[result.target] ??= {})[result.field] = result.text;
    marks[`${result.target}.${result.field}`] = { by: 'machine', src: sourceHash(result.source), out: sourceHash(result.text) };
    applied += 1;
  }
  return { en, translations: JSON.stringify(translations), translationMeta: JSON.stringify(marks), applied };
}

async function restaurantTranslationSettings(scope: RestaurantScope) {
  const row = await findContentSettingsRow(scope.db, scope.restaurantId);
  return { languages: parseLanguageList(row.contentLanguages), terms: [...parseTermList(row.doNotTranslate), row.name] };
}

export interface TranslationProgress {
  id: string;
  status: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  error: string | null;
}

/** The latest run of this restaurant, for the progress bar (the owner may leave and come back). */
export async function getTranslationProgress(scope: RestaurantScope): Promise<TranslationProgress | null> {
  authorize(scope, 'menu.translate');
  const run = await findLatestTranslationRun(scope.db, scope.restaurantId);
  return run ? { id: run.id, status: run.status, total: run.total, done: run.done, error: run.error } : null;
}

/**
 * "Translate everything missing": counts the work and enqueues one `translation.fill-missing` job
 * (a run already going is returned instead of starting a second). Refused with no provider.
 */
export async function startFillMissing(scope: RestaurantScope, provider: TranslationProvider | null, now = new Date()): Promise<TranslationProgress> {
  authorize(scope, 'menu.translate');
  if (!provider) throw new AppError('translation-not-configured');
  return scope.db.transaction().execute(async (trx) => {
    const inTrx = withDb(scope, trx);
    const latest = await findLatestTranslationRun(trx, scope.restaurantId);
    if (latest?.status === 'running') return { id: latest.id, status: latest.status, total: latest.total, done: latest.done, error: latest.error };
    const { languages } = await restaurantTranslationSettings(inTrx);
    const total = missingTasks(await listContentTexts(trx, scope.restaurantId), languages).length;
    const id = randomUUID();
    const createdAt = now.toISOString();
    await insertTranslationRun(trx, { id, restaurantId: scope.restaurantId, total, createdAt });
    if (total === 0) await updateTranslationRun(trx, scope.restaurantId, id, { status: 'done', updatedAt: createdAt });
    else await enqueueJob(trx, { type: 'translation.fill-missing', payload: { restaurantId: scope.restaurantId, runId: id }, dedupeKey: `translation.fill-missing:${id}` });
    await recordAudit(inTrx, { action: 'translation.fill-missing', target: { type: 'restaurant', id: scope.restaurantId }, after: { total, languages } });
    return { id, status: total === 0 ? 'done' : 'running', total, done: 0, error: null };
  });
}

/** How many texts one step translates and saves (one provider round per language, one transaction). */
export const FILL_STEP = 120;

/**
 * The job: translates the missing texts step by step through the cache and saves each step with
 * changeMenu (the menu version moves, guests see it at once). A provider error stops the run as
 * 'failed' with its code; what earlier steps saved stays, and the next press continues from there
 * (the work is recomputed from the rows, so nothing is done twice).
 */
export async function runFillMissing(scope: RestaurantScope, storage: FileStorage, provider: TranslationProvider | null, runId: string, now = new Date()): Promise<void> {
  authorize(scope, 'menu.translate');
  const run = await findTranslationRun(scope.db, scope.restaurantId, runId);
  if (!run || run.status !== 'running') return;
  const stamp = () => new Date().toISOString();
  if (!provider) {
    await updateTranslationRun(scope.db, scope.restaurantId, runId, { status: 'failed', error: 'translation-not-configured', updatedAt: stamp() });
    return;
  }
  const attempted = new Set<string>();
  for (;;) {
    const { languages, terms } = await restaurantTranslationSettings(scope);
    const tasks = missingTasks(await listContentTexts(scope.db, scope.restaurantId), languages).filter((task) => !attempted.has(taskKey(task)));
    if (tasks.length === 0) break;
    const step = tasks.slice(0, FILL_STEP);
    for (const task of step) attempted.add(taskKey(task));
    const results: (TranslationTask & { text: string })[] = [];
    try {
      for (const [target, group] of Map.groupBy(step, (task) => task.target)) {
        const texts = await translateTexts(scope, provider, { texts: group.map((task) => task.source), source: 'ro', target, terms, now });
        group.forEach((task, index) => results.push({ ...task, text: texts[index] ?? '' }));
      }
    } catch (error) {
      if (!isAppError(error)) throw error;
      await updateTranslationRun(scope.db, scope.restaurantId, runId, { status: 'failed', error: error.code, updatedAt: stamp() });
      return;
    }
    const applied = await changeMenu(scope, storage, async (change) => {
      const fresh = await listContentTexts(change.scope.db, scope.restaurantId);
      const stillWanted = new Set(missingTasks(fresh, languages).map(taskKey));
      const byRow = Map.groupBy(results, (result) => `${result.table}:${result.id}`);
      let count = 0;
      for (const row of fresh) {
        const rowResults = byRow.get(`${row.table}:${row.id}`);
        const next = rowResults ? applyToRow(row, rowResults, stillWanted) : undefined;
        const applied = next?.applied ?? 0;
        const ownerMarks = refreshOwnerMarks(next && applied > 0 ? { ...row, translationMeta: next.translationMeta } : row, languages);
        if (applied === 0 && ownerMarks === undefined) continue;
        const en = applied > 0 && next ? next.en : {};
        const translations = applied > 0 && next ? next.translations : row.translations;
        const translationMeta = ownerMarks ?? (next && applied > 0 ? next.translationMeta : row.translationMeta);
        await updateContentTexts(change.scope.db, scope.restaurantId, row.table, row.id, { en, translations, translationMeta, updatedAt: stamp() });
        count += applied;
      }
      await updateTranslationRun(change.scope.db, scope.restaurantId, runId, { addDone: count, updatedAt: stamp() });
      return count;
    });
    if (applied === 0 && step.length === tasks.length) break;
  }
  await updateTranslationRun(scope.db, scope.restaurantId, runId, { status: 'done', error: null, updatedAt: stamp() });
}
