import { useTranslation } from 'react-i18next';
import { useActionData } from 'react-router';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { formValues } from '#app/modules/editing/menu-fields.ts';
import { qrLinkOrigin } from '#app/modules/qr/qr.service.server.ts';
import { AddTablesInput } from '#app/modules/tables/tables.schema.ts';
import { addDiningTables, getTablesPage, removeDiningTable } from '#app/modules/tables/tables.service.server.ts';
import { useActionToast } from '#app/ui/editor/use-action-toast.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import { TablesSection } from '#app/ui/tables/tables-section.tsx';
import type { Route } from './+types/restaurant-admin.tables';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'tables.title', 'tables.description');

/** The owner's tables and areas per location, each with its own permanent QR code (issue 17). */
export const loader = restaurantRoute('qr.manage', async ({ request }: Route.LoaderArgs, { scope: owner }) => {
  return getTablesPage(owner, { origin: qrLinkOrigin(), locale: getRequestLocale(request) });
});

export const action = restaurantRoute('qr.manage', async ({ request }: Route.ActionArgs, { scope: owner }) => {
  const values = formValues(await request.formData());
  return runEditorAction(request, values, async (t) => {
    if (values.intent === 'delete-table') {
      await removeDiningTable(owner, String(values.id ?? ''));
      return { message: t('tables.deleted') };
    }
    const added = await addDiningTables(owner, AddTablesInput.parse(values));
    return { message: t('tables.added', { count: added }) };
  });
});

export default function TablesPageRoute({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  useActionToast(result, 'idle');
  const failed = result && !result.ok ? result : undefined;
  return (
    <section aria-labelledby="tables-title">
      <h2 id="tables-title" className="text-xl font-semibold">
        {t('tables.heading')}
      </h2>
      <p className="mt-2 max-w-prose text-stone-700 dark:text-stone-300">{t('tables.intro')}</p>
      <TablesSection page={loaderData} slug={params.restaurantSlug} error={failed?.fieldErrors?.label ?? failed?.error} />
    </section>
  );
}
