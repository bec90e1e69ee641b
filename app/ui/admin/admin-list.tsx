import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { fieldClass, Pager, ScrollTable, smallButton, th } from './admin-ui.tsx';

/** The back office's list pages (restaurants, users, contact inbox): search form, table, pages. */

const COLUMNS = ['sm:grid-cols-[2fr_auto]', 'sm:grid-cols-[2fr_1fr_auto]', 'sm:grid-cols-[2fr_1fr_1fr_auto]', 'sm:grid-cols-[2fr_1fr_1fr_1fr_auto]'];

/**
 * A GET form (role search): the text field `q`, then `selects` (filters, sort), then the search
 * button; one column on a phone, one row from `sm` up.
 */
export function ListSearch({ label, q, selects = [] }: { label: string; q: string; selects?: ReactNode[] }) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search" className={`mt-4 grid grid-cols-1 items-end gap-3 ${COLUMNS[Math.min(selects.length, COLUMNS.length - 1)]}`}>
      <label className="flex flex-col gap-1">
        <span>{label}</span>
        <input type="search" name="q" defaultValue={q} className={fieldClass} />
      </label>
      {selects}
      <button type="submit" className={smallButton}>
        {t('backoffice.common.searchButton')}
      </button>
    </Form>
  );
}

/** A labelled select of a list's search form; `all` adds a first, empty choice. */
export function ListSelect({
  label,
  name,
  value,
  options,
  all,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  all?: string;
}) {
  return (
    <label className="flex flex-col gap-1">
      <span>{label}</span>
      <select name={name} defaultValue={value} className={fieldClass}>
        {all === undefined ? null : <option value="">{all}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A page of rows: "none" when empty, else a table (scrolling sideways on a phone) with these
 * column headers; then the pager.
 */
export function ListTable({
  label,
  headers,
  minWidth,
  rows,
  page,
}: {
  label: string;
  headers: readonly string[];
  minWidth: string;
  rows: ReactNode[];
  page: { page: number; pageCount: number; total: number };
}) {
  const { t } = useTranslation();
  return (
    <>
      {rows.length === 0 ? (
        <p className="mt-6">{t('backoffice.common.none')}</p>
      ) : (
        <ScrollTable label={label}>
          <table className={`w-full ${minWidth}`}>
            <thead>
              <tr className="border-b border-stone-300 dark:border-stone-700">
                {headers.map((header) => (
                  <th key={header} scope="col" className={th}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{rows}</tbody>
          </table>
        </ScrollTable>
      )}
      <Pager page={page.page} pageCount={page.pageCount} total={page.total} />
    </>
  );
}

/** A row of a ListTable. */
export const listRow = 'border-b border-stone-200 dark:border-stone-800';
