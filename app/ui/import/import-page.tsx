import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IMPORT_FIELDS, type ColumnMapping, type ImportPreview, type ImportProblem, type RawRow, type ReviewRow } from '#app/modules/import/import.types.ts';
import { useToast } from '#app/ui/toast/toast-provider.tsx';

interface Location {
  id: string;
  nameRo: string;
  nameEn: string | null;
}

type Progress = { phase: 'upload'; percent: number } | { phase: 'check' } | { phase: 'ocr'; percent: number } | null;

type Answer = { preview?: ImportPreview; draftId?: string; result?: { products: number; categories: number; locations: number }; notice?: string; error?: string };

const PAGE = 500;
const GRID_FIELDS = ['category', 'nameRo', 'nameEn', 'price', 'quantity', 'allergens'] as const;
/** With a location column in the file, the grid shows it first. */
const GRID_FIELDS_WITH_LOCATION = ['location', ...GRID_FIELDS] as const;

const link =
  'inline-flex min-h-11 items-center rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-primary-800 hover:border-primary-600 hover:bg-primary-50 dark:border-stone-700 dark:bg-stone-900 dark:text-primary-100 dark:hover:bg-stone-800';
const button = 'inline-flex min-h-11 items-center rounded-lg bg-primary-700 px-4 py-2 font-semibold text-white hover:bg-primary-800 disabled:opacity-60';
const field = 'mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 dark:border-stone-700 dark:bg-stone-900';

/** Posts a multipart form with upload progress (fetch cannot report it); answers the JSON body. */
function post(url: string, form: FormData, onUpload: (percent: number) => void): Promise<{ status: number; body: Answer }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onUpload(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: (xhr.response ?? {}) as Answer });
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(form);
  });
}

// i18n-keys: import.problem.* import.field.*
function ProblemList({ problems }: { problems: ImportProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return <span className="text-olive-700 dark:text-olive-300">{t('import.noProblems')}</span>;
  return (
    <ul className="space-y-1 text-primary-800 dark:text-primary-200">
      {problems.map((problem, i) => (
        <li key={i}>
          {problem.code === 'duplicate' && problem.value === 'menu'
            ? t('import.problem.duplicate_menu')
            : t(`import.problem.${problem.code}`, { value: problem.value ?? '', field: t(`import.field.${problem.field}`) })}
        </li>
      ))}
    </ul>
  );
}

function PrintSection({ base, locations, localName }: { base: string; locations: Location[]; localName: (l: Location) => string }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [locationId, setLocationId] = useState(locations[0]?.id ?? '');
  const [lang, setLang] = useState(i18n.language === 'en' ? 'en' : 'ro');
  const query = `?location=${encodeURIComponent(locationId)}&lang=${lang}`;
  return (
    <section aria-labelledby={`${ids}-print`} className="space-y-4">
      <h2 id={`${ids}-print`} className="text-xl font-semibold">{t('print.heading')}</h2>
      <p className="max-w-prose text-stone-700 dark:text-stone-300">{t('print.intro')}</p>
      <div className="grid max-w-xl gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-location`} className="font-medium">{t('print.location')}</label>
          <select id={`${ids}-location`} className={field} value={locationId} onChange={(event) => setLocationId(event.target.value)}>
            {locations.map((location) => (
              <option key={location.id} value={location.id}>{localName(location)}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-lang`} className="font-medium">{t('print.language')}</label>
          <select id={`${ids}-lang`} className={field} value={lang} onChange={(event) => setLang(event.target.value)}>
            <option value="ro">{t('print.languageRo')}</option>
            <option value="en">{t('print.languageEn')}</option>
          </select>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <a className={link} href={`${base}/print/menu${query}`} download>{t('print.menuPdf')}</a>
        <a className={link} href={`${base}/print/allergens${query}`} download>{t('print.matrixPdf')}</a>
      </div>
    </section>
  );
}

export function ImportPage({ slug, locations, maxMb }: { slug: string; locations: Location[]; maxMb: number }) {
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
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [showMapping, setShowMapping] = useState(false);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const [skipProblems, setSkipProblems] = useState(false);
  const busy = progress !== null;
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const localName = (l: Location) => (i18n.language === 'en' && l.nameEn ? l.nameEn : l.nameRo);

  const okRows = useMemo(() => preview?.rows.filter((row) => row.problems.length === 0) ?? [], [preview]);
  const badCount = (preview?.rows.length ?? 0) - okRows.length;
  const gridFields = useMemo(() => (preview?.rows.some((row) => (row.cells.location ?? '').trim() !== '') ? GRID_FIELDS_WITH_LOCATION : GRID_FIELDS), [preview]);
  const visibleRows: ReviewRow[] = useMemo(() => (preview ? (onlyProblems ? preview.rows.filter((row) => row.problems.length > 0) : preview.rows) : []), [preview, onlyProblems]);

  async function send(form: FormData): Promise<Answer | null> {
    setError(null);
    setProgress({ phase: 'upload', percent: 0 });
    try {
      const { status, body } = await post(`${base}/import/file`, form, (percent) => setProgress(percent >= 100 ? { phase: 'check' } : { phase: 'upload', percent }));
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
        const response = await fetch(`${base}/import/file?draft=${encodeURIComponent(draftId)}&location=${encodeURIComponent(locationId)}`, { headers: { Accept: 'application/json' } });
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
    setMapping(next.mapping);
    setShowMapping(next.needsMapping);
    setShown(PAGE);
    setSkipProblems(false);
    requestAnimationFrame(() => reviewHeading.current?.focus());
  }

  async function commit() {
    const form = new FormData();
    form.set('intent', 'commit');
    form.set('locationId', locationId);
    form.set('rows', new Blob([JSON.stringify(okRows.map((row) => row.cells satisfies RawRow))], { type: 'application/json' }), 'rows.json');
    const answer = await send(form);
    if (!answer?.result) return;
    toast({ message: answer.notice ?? '' });
    await navigate(base);
  }

  if (locations.length === 0) return <p className="rounded-lg bg-stone-100 p-4 dark:bg-stone-800">{t('import.noLocation')}</p>;

  const canCommit = okRows.length > 0 && (badCount === 0 || skipProblems) && !busy && !(preview?.needsMapping && showMapping);

  return (
    <div className="space-y-10">
      <section aria-labelledby={`${ids}-import`} className="space-y-4">
        <h2 id={`${ids}-import`} className="text-xl font-semibold">{t('import.heading')}</h2>
        <p className="max-w-prose text-stone-700 dark:text-stone-300">{t('import.intro')}</p>
        <p className="text-stone-700 dark:text-stone-300">{t('import.templatesHint')}</p>
        <div className="flex flex-wrap gap-2">
          <a className={link} href={`${base}/import/template/csv`} download>{t('import.templateCsv')}</a>
          <a className={link} href={`${base}/import/template/xlsx`} download>{t('import.templateXlsx')}</a>
        </div>
        <form
          className="grid max-w-xl gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void read(undefined);
          }}
        >
          <div>
            <label htmlFor={`${ids}-location`} className="font-medium">{t('import.location')}</label>
            <select id={`${ids}-location`} className={field} value={locationId} onChange={(event) => setLocationId(event.target.value)} disabled={busy} aria-describedby={`${ids}-location-hint`}>
              {locations.map((location) => (
                <option key={location.id} value={location.id}>{localName(location)}</option>
              ))}
            </select>
            <span id={`${ids}-location-hint`} className="mt-1 block text-sm text-stone-700 dark:text-stone-300">{t('import.locationHint')}</span>
          </div>
          <label className="block">
            <span className="font-medium">{t('import.file')}</span>
            <input
              className={field}
              type="file"
              name="file"
              required
              accept=".csv,.txt,.xlsx,.pdf,image/jpeg,image/png,image/webp,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/pdf"
              aria-describedby={`${ids}-file-hint`}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              disabled={busy}
            />
            <span id={`${ids}-file-hint`} className="mt-1 block text-sm text-stone-700 dark:text-stone-300">{t('import.fileHint', { maxMb })}</span>
          </label>
          <div>
            <button type="submit" className={button} disabled={busy || !file}>{t('import.read')}</button>
          </div>
        </form>
        <div aria-live="polite" className="max-w-xl">
          {progress && (
            <div className="space-y-1">
              <p>{progress.phase === 'upload' ? t('import.uploading', { percent: progress.percent }) : progress.phase === 'ocr' ? t('import.recognizing', { percent: progress.percent }) : t('import.checking')}</p>
              <progress className="h-3 w-full accent-primary-700" aria-label={t('import.progressLabel')} max={100} value={progress.phase === 'check' ? undefined : progress.percent} />
            </div>
          )}
        </div>
        {error && <p role="alert" className="max-w-xl rounded-lg border border-primary-300 bg-primary-50 p-3 text-primary-900 dark:bg-primary-950 dark:text-primary-100">{error}</p>}
      </section>

      {preview && showMapping && (
        <section aria-labelledby={`${ids}-mapping`} className="space-y-4">
          <h2 id={`${ids}-mapping`} className="text-xl font-semibold">{t('import.mappingHeading')}</h2>
          <p className="max-w-prose text-stone-700 dark:text-stone-300">{t('import.mappingIntro')}</p>
          <form
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
            onSubmit={(event) => {
              event.preventDefault();
              void read(mapping);
            }}
          >
            {IMPORT_FIELDS.map((name) => (
              <div key={name}>
                <label htmlFor={`${ids}-map-${name}`} className="font-medium">{t(`import.field.${name}`)}</label>
                <select
                  id={`${ids}-map-${name}`}
                  className={field}
                  value={mapping[name] ?? ''}
                  onChange={(event) => setMapping({ ...mapping, [name]: event.target.value === '' ? null : Number(event.target.value) })}
                >
                  <option value="">{t('import.mappingNone')}</option>
                  {preview.headers.map((header, index) => (
                    <option key={index} value={index}>{header || `#${index + 1}`}</option>
                  ))}
                </select>
              </div>
            ))}
            <div className="sm:col-span-2 lg:col-span-3">
              <button type="submit" className={button} disabled={busy}>{t('import.mappingApply')}</button>
            </div>
          </form>
        </section>
      )}

      {preview && (
        <section aria-labelledby={`${ids}-review`} className="space-y-4">
          <h2 id={`${ids}-review`} ref={reviewHeading} tabIndex={-1} className="text-xl font-semibold">{t('import.reviewHeading')}</h2>
          {(preview.source === 'pdf' || preview.source === 'ocr') && <p className="rounded-lg bg-amber-100 p-3 text-stone-900 dark:bg-amber-900/40 dark:text-stone-100">{t('import.reviewFromPhoto')}</p>}
          <p>{t('import.reviewSummary', { total: preview.rows.length, ok: okRows.length, bad: badCount })}</p>
          <div className="flex flex-wrap items-center gap-4">
            <label className="inline-flex min-h-11 items-center gap-2">
              <input type="checkbox" className="size-5" checked={onlyProblems} onChange={(event) => setOnlyProblems(event.target.checked)} />
              {t('import.onlyProblems')}
            </label>
            {preview.source !== 'ocr' && preview.source !== 'pdf' && !showMapping && (
              <button type="button" className="min-h-11 underline underline-offset-4" onClick={() => setShowMapping(true)}>{t('import.mappingChange')}</button>
            )}
          </div>
          {/* scrolls sideways on a phone: focusable, so a keyboard can scroll it too */}
          <div tabIndex={0} role="region" aria-labelledby={`${ids}-review`} className="overflow-x-auto rounded-lg border border-stone-200 focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-stone-800">
            <table className="min-w-full text-left text-sm">
              <thead className="bg-stone-100 dark:bg-stone-800">
                <tr>
                  <th scope="col" className="px-3 py-2">{t('import.colLine')}</th>
                  {gridFields.map((name) => (
                    <th key={name} scope="col" className="px-3 py-2">{t(`import.field.${name}`)}</th>
                  ))}
                  <th scope="col" className="px-3 py-2">{t('import.colProblems')}</th>
                </tr>
              </thead>
              <tbody>
                {visibleRows.slice(0, shown).map((row) => (
                  <tr key={row.line} data-problems={row.problems.length} className={`border-t border-stone-200 align-top dark:border-stone-800 ${row.problems.length > 0 ? 'bg-primary-50 dark:bg-primary-950/40' : ''}`}>
                    <th scope="row" className="px-3 py-2 font-normal tabular-nums">{row.line}</th>
                    {gridFields.map((name) => (
                      <td key={name} className="max-w-64 px-3 py-2 break-words">{row.cells[name] ?? ''}</td>
                    ))}
                    <td className="px-3 py-2"><ProblemList problems={row.problems} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {visibleRows.length > shown && (
            <button type="button" className={link} onClick={() => setShown(shown + PAGE)}>{t('import.showMore', { count: Math.min(PAGE, visibleRows.length - shown) })}</button>
          )}
          {okRows.length === 0 ? (
            <p role="status">{t('import.nothingToImport')}</p>
          ) : (
            <div className="space-y-3">
              {badCount > 0 && (
                <label className="flex min-h-11 max-w-prose items-start gap-2">
                  <input type="checkbox" className="mt-1 size-5" checked={skipProblems} onChange={(event) => setSkipProblems(event.target.checked)} />
                  <span>{t('import.skipProblems', { ok: okRows.length, bad: badCount })}</span>
                </label>
              )}
              <button type="button" className={button} disabled={!canCommit} onClick={() => void commit()}>
                {busy ? t('import.committing') : t('import.commit', { count: okRows.length })}
              </button>
            </div>
          )}
        </section>
      )}

      <PrintSection base={base} locations={locations} localName={localName} />

      <section aria-labelledby={`${ids}-export`} className="space-y-4">
        <h2 id={`${ids}-export`} className="text-xl font-semibold">{t('import.exportHeading')}</h2>
        <p className="max-w-prose text-stone-700 dark:text-stone-300">{t('import.exportIntro')}</p>
        <div className="flex flex-wrap gap-2">
          <a className={link} href={`${base}/export/csv`} download>{t('import.exportCsv')}</a>
          <a className={link} href={`${base}/export/xlsx`} download>{t('import.exportXlsx')}</a>
          <a className={link} href={`${base}/export/json`} download>{t('import.exportJson')}</a>
        </div>
      </section>
    </div>
  );
}
