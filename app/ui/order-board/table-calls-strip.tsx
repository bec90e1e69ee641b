import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import type { TableCallView } from '#app/modules/ordering/table-calls.types.ts';

/**
 * The open calls from the tables (issue 36 item 5) at the top of the board and the kitchen display:
 * the table, what it asks for and since when, and a "Rezolvat" button (a plain form post with the
 * intent 'clear-call', so it works before the page's script loads). Nothing shows when none is open.
 */
// i18n-keys: tableCalls.kind.*
export function TableCallsStrip({ calls }: { calls: readonly TableCallView[] }) {
  const { t } = useTranslation();
  if (calls.length === 0) return null;
  return (
    <section aria-labelledby="table-calls-title" className="rounded-xl border-2 border-amber-600 bg-amber-50 p-3 dark:bg-stone-900" data-testid="table-calls">
      <h2 id="table-calls-title" className="text-lg font-semibold">
        {t('tableCalls.strip')}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {calls.map((call) => {
          const kind = t(`tableCalls.kind.${call.kind}`);
          return (
            <li key={call.id} className="flex items-center gap-3 rounded-lg bg-white px-3 py-1 dark:bg-stone-800" data-testid="table-call">
              <span>
                <b className="text-lg">{call.tableLabel}</b> {kind} · <time dateTime={call.createdAt}>{call.calledAt}</time>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="clear-call" />
                <input type="hidden" name="callId" value={call.id} />
                <button
                  type="submit"
                  aria-label={t('tableCalls.clearLabel', { table: call.tableLabel, kind })}
                  className="min-h-11 rounded-lg bg-stone-900 px-3 font-semibold text-white hover:bg-stone-700 dark:bg-stone-100 dark:text-stone-900"
                >
                  {t('tableCalls.clear')}
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
