import { useId, useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportPreview, ImportProblem, RawRow, ReviewRow } from '#app/modules/import/import.types.ts';
import { buttonClass, linkClass } from './import-styles.ts';

const PAGE = 500;
const GRID_FIELDS = ['category', 'nameRo', 'nameEn', 'price', 'quantity', 'allergens'] as const;
type GridField = 'location' | (typeof GRID_FIELDS)[number] | 'options';

/** With a location column in the file, the grid shows it first; with an options column, last. */
function gridFieldsOf(rows: readonly ReviewRow[]): GridField[] {
  const has = (field: 'location' | 'options') => rows.some((row) => (row.cells[field] ?? '').trim() !== '');
  return [...(has('location') ? ['location' as const] : []), ...GRID_FIELDS, ...(has('options') ? ['options' as const] : [])];
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

/** What of a long PDF was not read, said above the grid. */
function CutNotice({ cut }: { cut: NonNullable<ImportPreview['cut']> }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="rounded-lg bg-amber-100 p-3 text-stone-900 dark:bg-amber-900/40 dark:text-stone-100">
      {cut.reason === 'pages' ? t('import.cutPages', { read: cut.read, total: cut.total }) : t('import.cutLines', { read: cut.read })}
    </p>
  );
}

/**
 * The review step: every row with its problems, 500 at a time; only rows without problems are
 * imported, and with problems left only after the owner agrees to leave those rows out. The page
 * gives it a new key for each file read, which starts its paging and agreement afresh.
 */
export function ReviewSection(props: {
  preview: ImportPreview;
  headingRef: Ref<HTMLHeadingElement>;
  onlyProblems: boolean;
  onOnlyProblems: (value: boolean) => void;
  /** the mapping step is closed: the owner may open it again (spreadsheets only) */
  canChangeMapping: boolean;
  onChangeMapping: () => void;
  /** a file is being sent, or the mapping step waits for an answer */
  blocked: boolean;
  busy: boolean;
  onCommit: (rows: RawRow[]) => void;
}) {
  const { preview, onlyProblems } = props;
  const { t } = useTranslation();
  const ids = useId();
  const [shown, setShown] = useState(PAGE);
  const [skipProblems, setSkipProblems] = useState(false);
  const okRows = useMemo(() => preview.rows.filter((row) => row.problems.length === 0), [preview]);
  const badCount = preview.rows.length - okRows.length;
  const gridFields = useMemo(() => gridFieldsOf(preview.rows), [preview]);
  const visibleRows: ReviewRow[] = useMemo(() => (onlyProblems ? preview.rows.filter((row) => row.problems.length > 0) : preview.rows), [preview, onlyProblems]);
  const canCommit = okRows.length > 0 && (badCount === 0 || skipProblems) && !props.blocked;

  return (
    <section aria-labelledby={`${ids}-review`} className="space-y-4">
      <h2 id={`${ids}-review`} ref={props.headingRef} tabIndex={-1} className="text-xl font-semibold">
        {t('import.reviewHeading')}
      </h2>
      {(preview.source === 'pdf' || preview.source === 'ocr') && (
        <p className="rounded-lg bg-amber-100 p-3 text-stone-900 dark:bg-amber-900/40 dark:text-stone-100">
          {t('import.reviewFromPhoto')} {t('import.optionsNotRead')}
        </p>
      )}
      {preview.cut && <CutNotice cut={preview.cut} />}
      <p>{t('import.reviewSummary', { total: preview.rows.length, ok: okRows.length, bad: badCount })}</p>
      <div className="flex flex-wrap items-center gap-4">
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-5" checked={onlyProblems} onChange={(event) => props.onOnlyProblems(event.target.checked)} />
          {t('import.onlyProblems')}
        </label>
        {props.canChangeMapping && (
          <button type="button" className="min-h-11 underline underline-offset-4" onClick={props.onChangeMapping}>
            {t('import.mappingChange')}
          </button>
        )}
      </div>
      {/* scrolls sideways on a phone: focusable, so a keyboard can scroll it too */}
      <div
        tabIndex={0}
        role="region"
        aria-labelledby={`${ids}-review`}
        className="overflow-x-auto rounded-lg border border-stone-200 focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-stone-800"
      >
        <table className="min-w-full text-left text-sm">
          <thead className="bg-stone-100 dark:bg-stone-800">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('import.colLine')}
              </th>
              {gridFields.map((name) => (
                <th key={name} scope="col" className="px-3 py-2">
                  {t(`import.field.${name}`)}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                {t('import.colProblems')}
              </th>
            </tr>
          </thead>
          <tbody>
            {visibleRows.slice(0, shown).map((row) => (
              <tr
                key={row.line}
                data-problems={row.problems.length}
                className={`border-t border-stone-200 align-top dark:border-stone-800 ${row.problems.length > 0 ? 'bg-primary-50 dark:bg-primary-950/40' : ''}`}
              >
                <th scope="row" className="px-3 py-2 font-normal tabular-nums">
                  {row.line}
                </th>
                {gridFields.map((name) => (
                  <td key={name} className="max-w-64 px-3 py-2 break-words">
                    {row.cells[name] ?? ''}
                  </td>
                ))}
                <td className="px-3 py-2">
                  <ProblemList problems={row.problems} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {visibleRows.length > shown && (
        <button type="button" className={linkClass} onClick={() => setShown(shown + PAGE)}>
          {t('import.showMore', { count: Math.min(PAGE, visibleRows.length - shown) })}
        </button>
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
          <button type="button" className={buttonClass} disabled={!canCommit} onClick={() => props.onCommit(okRows.map((row) => row.cells))}>
            {props.busy ? t('import.committing') : t('import.commit', { count: okRows.length })}
          </button>
        </div>
      )}
    </section>
  );
}
