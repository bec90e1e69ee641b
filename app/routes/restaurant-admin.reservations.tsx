import { data, useActionData, useNavigation } from 'react-router';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { changeReservation, getStaffReservations } from '#app/modules/reservations/reservation-staff.service.server.ts';
import { StaffReservationActionInput } from '#app/modules/reservations/reservation.schema.ts';
import { useActionToast } from '#app/ui/editor/use-action-toast.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import { ReservationsBoard } from '#app/ui/reservations/reservations-board.tsx';
import type { Route } from './+types/restaurant-admin.reservations';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'reservations.staff.title', 'reservations.staff.description');

/** The day's reservations with the next days' counts, for the staff (reservations.manage). */
export const loader = restaurantRoute('reservations.manage', async ({ request }: Route.LoaderArgs, { scope }) => {
  const url = new URL(request.url);
  return getStaffReservations(scope, { date: url.searchParams.get('date'), locationId: url.searchParams.get('loc') });
});

// i18n-keys: reservations.staff.done.* appErrors.*
/** Accept, decline (with a reason), cancel, no-show: one reservation at the version the list showed. */
export const action = restaurantRoute('reservations.manage', async ({ request }: Route.ActionArgs, { scope }) => {
  const { t } = getI18n(getRequestLocale(request));
  const parsed = StaffReservationActionInput.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const tooLong = parsed.error.issues.some((issue) => issue.path[0] === 'reason');
    return data<ActionResult>(
      { ok: false, error: tooLong ? t('reservations.errors.reason') : t('appErrors.invalid-input'), code: 'invalid-input', fieldErrors: {} },
      { status: 400 },
    );
  }
  try {
    const status = await changeReservation(scope, parsed.data);
    return data<ActionResult>({ ok: true, message: t(`reservations.staff.done.${status}`), id: parsed.data.id });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<ActionResult>({ ok: false, error: t(`appErrors.${error.code}`, error.params), code: error.code, fieldErrors: {} }, { status: error.status });
  }
});

export default function ReservationsPage({ loaderData, params }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  useActionToast(result, navigation.state);
  return <ReservationsBoard page={loaderData} slug={params.restaurantSlug} />;
}
