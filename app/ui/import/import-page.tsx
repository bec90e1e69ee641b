import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ColumnMapping, ImportPreview, RawRow } from '#app/modules/import/import.types.ts';
import { useToast } from '#app/ui/toast/toast-provider.tsx';
import { ColumnMappingSection } from './column-mapping.tsx';
import { buttonClass, fieldClass, linkClass, type ImportLocation } from './import-styles.ts';
import { ExportSection, PrintSection } from './print-export.tsx';
import { ReviewSection } from './review-grid.tsx';
import { postWithProgress, type ImportAnswer } from './upload.ts';

/** The "Opțiuni" column's grammar, a line each (docs/import-options.md is the reference). */
// i18n-keys: import.optionsHint.*
const OPTIONS_HINTS = ['layout', 'rule', 'size', 'price', 'allergens', 'english', 'library'] as const;

type Progress = { phase: 'upload'; percent: number } | { phase: 'check' } | { phase: 'ocr'; percent: number } | null;

/**
 * The import page, a wizard in one page: choose a location and a file, match its columns when the
 * headers were not known, review every row, import; then printing and export. A photo is read by a
 * job on the server, whose progress the page follows.
 */
export function ImportPage({ slug, locations, maxMb }: { slug: string; locations: ImportLocation[]; maxMb: number }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const ids = useId();
  const base = `/${slug}/admin`;
  const [locationId, setLocationId] = useState(locations[0]?.id ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<Progress>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  /** a new number for each file read: the review grid starts afresh */
  const [reads, setReads] = useState(0);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [showMapping, setShowMapping] = useState(false);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const busy = progress !== null;
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const localName = (l: ImportLocation) => (i18n.language === 'en' && l.nameEn ? l.nameEn : l.nameRo);

  async function send(form: FormData): Promise<ImportAnswer | null> {
    setError(null);
    setProgress({ phase: 'upload', percent: 0 });
    try {
      const { status, body } = await postWithProgress(`${base}/import/file`, form, (percent) => setProgress(percent >= 100 ? { phase: 'check' } : { phase: 'upload', percent }));
      if (status >= 400 || body.error) {
        setError(body.error ?? t('import.failed'));
        return null;
      }
      return body;
    } catch {
      setError(t('import.failed'));
      return null;
    } finally {
      setProgress(null);
    }
  }

  /** A photo is read by a job on the server: its progress is asked for every second until its rows come. */
  async function followDraft(draftId: string): Promise<ImportPreview | null> {
    setProgress({ phase: 'ocr', percent: 0 });
    try {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const response = await fetch(`${base}/import/file?draft=${encodeURIComponent(draftId)}&location=${encodeURIComponent(locationId)}`, {
          headers: { Accept: 'application/json' },
        });
        const body = (await response.json()) as { status?: string; progress?: number; preview?: ImportPreview; error?: string };
        if (!response.ok || body.error) {
          setError(body.error ?? t('import.failed'));
          return null;
        }
        if (body.preview) return body.preview;
        setProgress({ phase: 'ocr', percent: body.progress ?? 0 });
      }
    } catch {
      setError(t('import.failed'));
      return null;
    } finally {
      setProgress(null);
    }
  }

  async function read(chosen: ColumnMapping | undefined) {
    if (!file) return;
    const form = new FormData();
    form.set('intent', 'preview');
    form.set('file', file);
    form.set('locationId', locationId);
    if (chosen) form.set('mapping', JSON.stringify(chosen));
    const answer = await send(form);
    const next = answer?.draftId ? await followDraft(answer.draftId) : answer?.preview;
    if (!next) return;
    setPreview(next);
    setReads((count) => count + 1);
    setMapping(next.mapping);
    setShowMapping(next.needsMapping);
    requestAnimationFrame(() => reviewHeading.current?.focus());
  }

  async function commit(rows: RawRow[]) {
    const form = new FormData();
    form.set('intent', 'commit');
    form.set('locationId', locationId);
    form.set('rows', new Blob([JSON.stringify(rows)], { type: 'application/json' }), 'rows.json');
    const answer = await send(form);
    if (!answer?.result) return;
    toast({ message: answer.notice ?? '' });
    await navigate(base);
  }

  if (locations.length === 0) return <p className="rounded-lg bg-stone-100 p-4 dark:bg-stone-800">{t('import.noLocation')}</p>;

  return (
    <div className="space-y-10">
      <section aria-labelledby={`${ids}-import`} className="space-y-4">
        <h2 id={`${ids}-import`} className="text-xl font-semibold">
          {t('import.heading')}
        </h2>
        <p className="max-w-prose text-stone-700 dark:text-stone-300">{t('import.intro')}</p>
        <p className="text-stone-700 dark:text-stone-300">{t('import.templatesHint')}</p>
        <details className="max-w-prose">
          <summary className="min-h-11 cursor-pointer py-2 font-medium">{t('import.optionsHelp')}</summary>
          <ul className="list-disc space-y-1 ps-5 text-stone-700 dark:text-stone-300">
            {OPTIONS_HINTS.map((hint) => (
              <li key={hint}>{t(`import.optionsHint.${hint}`)}</li>
            ))}
          </ul>
        </details>
        <div className="flex flex-wrap gap-2">
          <a className={linkClass} href={`${base}/import/template/csv`} download>
            {t('import.templateCsv')}
          </a>
          <a className={linkClass} href={`${base}/import/template/xlsx`} download>
            {t('import.templateXlsx')}
          </a>
        </div>
        <form
          className="grid max-w-xl gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void read(undefined);
          }}
        >
          <div>
            <label htmlFor={`${ids}-location`} className="font-medium">
              {t('import.location')}
            </label>
            <select
              id={`${ids}-location`}
              className={fieldClass}
              value={locationId}
              onChange={(event) => setLocationId(event.target.value)}
              disabled={busy}
              aria-describedby={`${ids}-location-hint`}
            >
              {locations.map((location) => (
                <option key={location.id} value={location.id}>
                  {localName(location)}
                </option>
              ))}
            </select>
            <span id={`${ids}-location-hint`} className="mt-1 block text-sm text-stone-700 dark:text-stone-300">
              {t('import.locationHint')}
            </span>
          </div>
          <label className="block">
            <span className="font-medium">{t('import.file')}</span>
            <input
              className={fieldClass}
              type="file"
              name="file"
              required
              accept=".csv,.txt,.xlsx,.pdf,image/jpeg,image/png,image/webp,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/pdf"
              aria-describedby={`${ids}-file-hint`}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              disabled={busy}
            />
            <span id={`${ids}-file-hint`} className="mt-1 block text-sm text-stone-700 dark:text-stone-300">
              {t('import.fileHint', { maxMb })}
            </span>
          </label>
          <div>
            <button type="submit" className={buttonClass} disabled={busy || !file}>
              {t('import.read')}
            </button>
          </div>
        </form>
        <div aria-live="polite" className="max-w-xl">
          {progress && (
            <div className="space-y-1">
              <p>
                {progress.phase === 'upload'
                  ? t('import.uploading', { percent: progress.percent })
                  : progress.phase === 'ocr'
                    ? t('import.recognizing', { percent: progress.percent })
                    : t('import.checking')}
              </p>
              <progress
                className="h-3 w-full accent-primary-700"
                aria-label={t('import.progressLabel')}
                max={100}
                value={progress.phase === 'check' ? undefined : progress.percent}
              />
            </div>
          )}
        </div>
        {error && (
          <p role="alert" className="max-w-xl rounded-lg border border-primary-300 bg-primary-50 p-3 text-primary-900 dark:bg-primary-950 dark:text-primary-100">
            {error}
          </p>
        )}
      </section>

      {preview && showMapping && <ColumnMappingSection headers={preview.headers} mapping={mapping} onChange={setMapping} onApply={() => void read(mapping)} busy={busy} />}

      {preview && (
        <ReviewSection
          key={reads}
          preview={preview}
          headingRef={reviewHeading}
          onlyProblems={onlyProblems}
          onOnlyProblems={setOnlyProblems}
          canChangeMapping={preview.source !== 'ocr' && preview.source !== 'pdf' && !showMapping}
          onChangeMapping={() => setShowMapping(true)}
          blocked={busy || (preview.needsMapping && showMapping)}
          busy={busy}
          onCommit={(rows) => void commit(rows)}
        />
      )}

      <PrintSection base={base} locations={locations} localName={localName} />
      <ExportSection base={base} />
    </div>
  );
}
