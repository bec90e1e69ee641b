import { useTranslation } from 'react-i18next';
import type { TableCallKindName } from '#app/modules/ordering/table-calls.types.ts';

/**
 * A guest's calls from the table (issue 36 item 5), sent as HTML without React in the browser: three
 * plain form buttons that post the table's code with the kind of call. Without a table (the menu was
 * not opened from a table's QR code) the page says how to call.
 */
export interface TableCallViewData {
  locale: 'ro' | 'en';
  restaurantName: string;
  /** null: no table of this menu is known */
  tableLabel: string | null;
  via: string | null;
  action: string;
  menuHref: string;
  /** the call just made */
  sent: TableCallKindName | null;
  error: string | null;
}

const KINDS: { kind: TableCallKindName; label: 'tableCalls.waiter' | 'tableCalls.billCash' | 'tableCalls.billCard' }[] = [
  { kind: 'waiter', label: 'tableCalls.waiter' },
  { kind: 'bill-cash', label: 'tableCalls.billCash' },
  { kind: 'bill-card', label: 'tableCalls.billCard' },
];

// i18n-keys: tableCalls.sent.*
export function TableCallView({ data }: { data: TableCallViewData }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-md px-4 pt-6 pb-16">
      <a href={data.menuHref} className="inline-flex min-h-11 items-center font-medium text-primary-700 underline dark:text-primary-100">
        {t('order.backToMenu')}
      </a>
      <h1 className="mt-1 text-3xl font-bold">{t('tableCalls.title')}</h1>
      <p className="mt-1 text-lg">{data.tableLabel ? t('tableCalls.atTable', { table: data.tableLabel, restaurant: data.restaurantName }) : data.restaurantName}</p>
      {data.sent ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-green-700 bg-green-50 p-3 font-medium text-green-900 dark:bg-stone-900 dark:text-green-200"
          data-testid="call-sent"
        >
          {t(`tableCalls.sent.${data.sent}`)}
        </p>
      ) : null}
      {data.error ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-primary-700 bg-primary-50 p-3 font-medium text-primary-900 dark:bg-stone-900 dark:text-primary-100"
          data-testid="call-error"
        >
          {data.error}
        </p>
      ) : null}
      {data.tableLabel && data.via ? (
        <form method="post" action={data.action} className="mt-6 grid gap-3">
          <input type="hidden" name="via" value={data.via} />
          {KINDS.map(({ kind, label }) => (
            <button
              key={kind}
              type="submit"
              name="kind"
              value={kind}
              className="min-h-14 rounded-xl bg-primary-700 px-4 text-lg font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
            >
              {t(label)}
            </button>
          ))}
          <p className="text-sm text-stone-700 dark:text-stone-300">{t('tableCalls.once')}</p>
        </form>
      ) : (
        <p className="mt-6 rounded-lg border border-stone-400 bg-stone-100 p-3 dark:border-stone-600 dark:bg-stone-900" data-testid="call-no-table">
          {t('tableCalls.noTable')}
        </p>
      )}
    </main>
  );
}
