import { useTranslation } from 'react-i18next';
import { Link, useActionData } from 'react-router';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { localized } from '#app/i18n/localized.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { formValues } from '#app/modules/editing/menu-fields.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { AddStationInput, CategoryStationInput, DeleteStationInput, MoveStationInput, UpdateStationInput } from '#app/modules/kitchen/stations.schema.ts';
import { addStation, deleteStation, getStationsPage, moveStation, setCategoryStation, updateStation } from '#app/modules/kitchen/stations.service.server.ts';
import { useActionToast } from '#app/ui/editor/use-action-toast.ts';
import { StationsLocation } from '#app/ui/kitchen/stations-editor.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurant-admin.stations';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'stations.title', 'stations.description');

/** Issue 36 item 1: each location's stations and each category's, for owners and managers (decision 0036). */
export const loader = restaurantRoute('orders.settings', async ({ request }: Route.LoaderArgs, { scope }) => {
  return getStationsPage(scope, { locale: getRequestLocale(request) });
});

export const action = restaurantRoute('orders.settings', async ({ request }: Route.ActionArgs, { scope }) => {
  const values = formValues(await request.formData());
  // the toast names the station as the page does, in its language
  const nameOf = (input: { nameRo: string; nameEn?: string | null }) => localized(input.nameRo, input.nameEn, getRequestLocale(request));
  return runEditorAction(request, values, async (t) => {
    switch (values.intent) {
      case 'add': {
        const input = AddStationInput.parse(values);
        await addStation(scope, input);
        return { message: t('stations.added', { name: nameOf(input) }) };
      }
      case 'update': {
        const input = UpdateStationInput.parse(values);
        await updateStation(scope, input);
        return { message: t('stations.saved', { name: nameOf(input) }) };
      }
      case 'move':
        await moveStation(scope, MoveStationInput.parse(values));
        return { message: t('stations.moved') };
      case 'delete':
        await deleteStation(scope, DeleteStationInput.parse(values));
        return { message: t('stations.removed') };
      case 'category':
        await setCategoryStation(scope, CategoryStationInput.parse(values));
        return { message: t('stations.categorySaved') };
      default:
        throw new AppError('invalid-input');
    }
  });
});

export default function StationsRoute({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  useActionToast(result, 'idle');
  const failed = result && !result.ok ? result : undefined;
  return (
    <section aria-labelledby="stations-title" className="space-y-6">
      <div>
        <Link
          to={`/${params.restaurantSlug}/admin/ordering`}
          className="inline-flex min-h-11 items-center font-medium text-primary-800 underline underline-offset-2 dark:text-primary-100"
        >
          {t('stations.back')}
        </Link>
        <h2 id="stations-title" className="text-xl font-semibold">
          {t('stations.title')}
        </h2>
        <p className="mt-2 max-w-prose text-stone-700 dark:text-stone-300">{t('stations.intro')}</p>
      </div>
      {loaderData.locations.map((location) => (
        <StationsLocation key={location.id} location={location} failed={failed} />
      ))}
    </section>
  );
}
