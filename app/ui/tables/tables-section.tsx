import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import type { TablesPage } from '#app/modules/tables/tables.types.ts';

const button = 'inline-flex min-h-11 items-center rounded-lg border border-stone-400 px-4 font-medium hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800';

/** Per location: add tables ("Terasă 1–12"), the list with each table's own link, and the PDF of cards. */
export function TablesSection({ page, slug, error }: { page: TablesPage; slug: string; error?: string | undefined }) {
  const { t } = useTranslation();
  const errorId = useId();
  if (page.locations.length === 0) return <p className="mt-6 rounded-lg bg-stone-100 p-4 dark:bg-stone-800">{t('tables.noLocations')}</p>;
  return (
    <div className="mt-6 space-y-10">
      {page.total > 0 ? (
        <a href={`/${slug}/admin/tables/cards.pdf`} download className={`${button} border-primary-600 font-semibold text-primary-800 dark:text-primary-100`}>
          {t('tables.downloadAll', { count: page.total })}
        </a>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="font-medium text-primary-800 dark:text-primary-100">
          {error}
        </p>
      ) : null}
      {page.locations.map((location) => (
        <section key={location.id} aria-labelledby={`tables-${location.id}`} className="space-y-3">
          <h3 id={`tables-${location.id}`} className="text-lg font-semibold">
            {location.name}
          </h3>
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="locationId" value={location.id} />
            <label className="block font-medium">
              {t('tables.newLabel', { location: location.name })}
              <input
                name="label"
                required
                maxLength={60}
                placeholder={t('tables.placeholder')}
                aria-describedby={error ? errorId : undefined}
                className="mt-1 block min-h-11 w-64 max-w-full rounded-lg border border-stone-400 bg-white px-3 dark:border-stone-600 dark:bg-stone-900"
              />
            </label>
            <button type="submit" name="intent" value="add-tables" className={button}>
              {t('tables.add')}
            </button>
          </Form>
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('tables.hint')}</p>
          {location.tables.length === 0 ? (
            <p className="text-stone-700 dark:text-stone-300">{t('tables.none')}</p>
          ) : (
            <>
              <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
                {location.tables.map((table) => (
                  <li key={table.id} className="flex flex-wrap items-center gap-3 px-3 py-2" data-testid="dining-table">
                    <span className="min-w-24 font-medium">{table.label}</span>
                    <a href={table.url} target="_blank" rel="noopener" className="break-all font-mono text-sm underline decoration-stone-400 underline-offset-4">
                      {table.url}
                    </a>
                    <Form method="post" className="ml-auto">
                      <input type="hidden" name="id" value={table.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="delete-table"
                        className="min-h-11 rounded-lg px-3 text-primary-800 hover:bg-primary-50 dark:text-primary-100 dark:hover:bg-stone-800"
                      >
                        {t('tables.delete', { label: table.label })}
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
              <a href={`/${slug}/admin/tables/cards.pdf?loc=${location.id}`} download className={button}>
                {t('tables.downloadLocation', { location: location.name, count: location.tables.length })}
              </a>
            </>
          )}
        </section>
      ))}
    </div>
  );
}
