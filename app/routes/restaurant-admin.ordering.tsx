import { useTranslation } from 'react-i18next';
import { Link, useActionData, useRouteLoaderData } from 'react-router';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { formCounterVersion, formValues } from '#app/modules/editing/menu-fields.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { getOrderingSettingsPage } from '#app/modules/ordering/ordering-page.service.server.ts';
import { OrderingSettingsInput } from '#app/modules/ordering/ordering-settings.schema.ts';
import { setOrdersPaused, updateOrderingSettings } from '#app/modules/ordering/ordering-settings.service.server.ts';
import { addPrinter, getPrinters, removePrinter, renewPrinterToken } from '#app/modules/printing/printer.service.server.ts';
import { PrinterInput } from '#app/modules/printing/printing.schema.ts';
import type { PlanStatus } from '#app/modules/subscription/plan-status.ts';
import { subscriptionPath } from '#app/ui/editor/editor-paths.ts';
import { useActionToast } from '#app/ui/editor/use-action-toast.ts';
import { OrderingLocationSettings } from '#app/ui/ordering/ordering-settings-section.tsx';
import { PrintersSection, type PrinterOutcome } from '#app/ui/printing/printers-section.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurant-admin.ordering';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'orderingSettings.title', 'orderingSettings.description');

/** Issue 25 item 1: what each location offers guests (ordering, reservations), for owners and managers (decision 0032). */
export const loader = restaurantRoute('orders.settings', async ({ request }: Route.LoaderArgs, { scope }) => {
  const locale = getRequestLocale(request);
  const [page, printing] = await Promise.all([getOrderingSettingsPage(scope, { locale }), getPrinters(scope, { locale })]);
  return { ...page, printing };
});

export const action = restaurantRoute('orders.settings', async ({ request }: Route.ActionArgs, { scope }) => {
  const values = formValues(await request.formData());
  return runEditorAction(request, values, async (t) => {
    const page = await getOrderingSettingsPage(scope, { locale: getRequestLocale(request) });
    const location = page.locations.find((one) => one.locationId === values.locationId);
    // another restaurant's location, or one deleted meanwhile
    if (!location) throw new AppError('not-found');
    if (values.intent === 'pause' || values.intent === 'resume') {
      await setOrdersPaused(scope, getStorage(), location.locationId, values.intent === 'pause');
      return { message: t(values.intent === 'pause' ? 'orderingSettings.paused' : 'orderingSettings.resumed', { location: location.name }) };
    }
    // the location's printers (issue 36): the new address is shown once, in the answer
    if (values.intent === 'printer-add') {
      const created = await addPrinter(scope, PrinterInput.parse(values));
      return { message: t('printers.added', { location: location.name }), id: created.printerId, secret: created.address };
    }
    if (values.intent === 'printer-token') {
      const printerId = String(values.printerId ?? '');
      const renewed = await renewPrinterToken(scope, printerId);
      return { message: t('printers.renewed'), id: printerId, secret: renewed.address };
    }
    if (values.intent === 'printer-delete') {
      const removed = await removePrinter(scope, String(values.printerId ?? ''));
      return { message: t('printers.removed', { name: removed.name }) };
    }
    // a post without the version its form was loaded at is written blind by nobody (decision 0015)
    if (formCounterVersion.parse(values.version) === undefined) throw new AppError('stale-edit');
    await updateOrderingSettings(scope, getStorage(), OrderingSettingsInput.parse(values));
    return { message: t('orderingSettings.saved', { location: location.name }) };
  });
});

/** The last printer action's answer for one location: the address shown once, or the refusal. */
function printerOutcome(result: ActionResult | undefined, locationId: string): PrinterOutcome | undefined {
  if (!result) return undefined;
  if (result.ok) return result.secret ? { printerId: result.id, address: result.secret } : undefined;
  const intent = result.values?.intent;
  if (typeof intent !== 'string' || !intent.startsWith('printer-') || result.values?.locationId !== locationId) return undefined;
  return { error: result.error, fieldErrors: result.fieldErrors };
}

export default function OrderingSettingsRoute({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  useActionToast(result, 'idle');
  const failed = result && !result.ok ? result : undefined;
  const printerFailure = typeof failed?.values?.intent === 'string' && failed.values.intent.startsWith('printer-');
  const failedLocation = failed && typeof failed.values?.locationId === 'string' && failed.values.intent === 'save' ? failed.values.locationId : undefined;
  // the frame's plan: a lapsed plan unpublishes the menu, so nothing can be ordered or reserved (decision 0032)
  const plan = useRouteLoaderData<{ subscription: PlanStatus }>('routes/restaurant-admin')?.subscription;
  const slug = params.restaurantSlug;
  return (
    <section aria-labelledby="ordering-title" className="space-y-6">
      <div>
        <h2 id="ordering-title" className="text-xl font-semibold">
          {t('orderingSettings.title')}
        </h2>
        <p className="mt-2 max-w-prose text-stone-700 dark:text-stone-300">{t('orderingSettings.intro')}</p>
        <Link
          to={`/${slug}/admin/ordering/stations`}
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-primary-800 underline underline-offset-2 dark:text-primary-100"
          data-testid="stations-link"
        >
          {t('stations.link')}
        </Link>
      </div>
      {plan?.phase === 'trial-ended' ? (
        <div role="status" className="rounded-lg border border-amber-600 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50" data-testid="ordering-lapsed">
          <p>{t('orderingSettings.lapsed')}</p>
          <Link to={subscriptionPath(slug)} className="mt-1 inline-flex min-h-11 items-center font-semibold underline underline-offset-2">
            {t('orderingSettings.lapsedLink')}
          </Link>
        </div>
      ) : null}
      {failed && !failedLocation && !printerFailure ? (
        <p role="alert" className="font-medium text-primary-800 dark:text-primary-100">
          {failed.error}
        </p>
      ) : null}
      {loaderData.locations.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">{t('orderingSettings.noLocations')}</p>
      ) : (
        loaderData.locations.map((location) => (
          <div key={location.locationId} className="space-y-4">
            <OrderingLocationSettings
              location={location}
              slug={slug}
              refused={
                failed && failedLocation === location.locationId
                  ? { error: failed.error, stale: failed.code === 'stale-edit', fieldErrors: failed.fieldErrors ?? {}, values: failed.values ?? {} }
                  : undefined
              }
            />
            <PrintersSection
              locationId={location.locationId}
              printers={loaderData.printing.printers.filter((printer) => printer.locationId === location.locationId)}
              stations={loaderData.printing.stations.filter((station) => station.locationId === location.locationId)}
              outcome={printerOutcome(result, location.locationId)}
            />
          </div>
        ))
      )}
      <p className="max-w-prose text-sm text-stone-600 dark:text-stone-400" data-testid="ordering-retention">
        {t('orderingSettings.retention', { days: loaderData.retentionDays })}
      </p>
    </section>
  );
}
