import { I18nextProvider } from 'react-i18next';
import { data, redirect } from 'react-router';
import { getDb } from '#app/db/db.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { cancelReservationByGuest, getReservationGuestView, reservationLocaleOf } from '#app/modules/reservations/reservation-guest.service.server.ts';
import liveStatusScript from '#app/ui/live-status.js?url';
import { ReservationFrame, ReservationStatus } from '#app/ui/reservations/reservation-status.tsx';
import type { Route } from './+types/reservation-status';

/**
 * `same-origin`: the token in the address never leaves for another site (a link out, an image), and
 * the cancel form still carries the page's origin; `no-referrer` made Chromium send `Origin: null`,
 * which the same-origin guard refused (issue 33 item 9).
 */
export const meta: Route.MetaFunction = ({ loaderData: page }) => {
  const { t } = getI18n(page?.locale ?? 'ro');
  return [
    { title: `${t('reservations.guest.title')} · ${page?.view?.restaurantName ?? t('app.name')}` },
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'same-origin' },
  ];
};

/** The statuses the staff may still change: while in one, the page follows its live stream. */
const OPEN = new Set(['requested', 'accepted']);

/**
 * The guest's page: public, the unguessable token is the key (an unknown one is a 404 that says so).
 * While the staff may still answer, a small script follows `…/live` and redraws the status without a
 * reload; without JavaScript a waiting request refreshes itself every 30 s, and a reload always shows the status.
 */
export const loader = publicRoute(async ({ request, params }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const locale = reservationLocaleOf(url.searchParams.get('lang'), request);
  const view = await getReservationGuestView(getDb(), params.token, locale);
  const found = view && view.slug === params.slug ? view : null;
  const liveUrl = found && OPEN.has(found.status) ? `/${found.slug}/rezervare/${params.token}/live` : null;
  return data(
    { view: found, liveUrl, locale, htmlLang: locale, cancelled: url.searchParams.get('cancelled') === '1' },
    { status: found ? 200 : 404, headers: { 'Cache-Control': 'no-store' } },
  );
});

/** "Cancel my reservation" (the token is the key). */
export const action = publicRoute(async ({ request, params }: Route.ActionArgs) => {
  const url = new URL(request.url);
  const locale = reservationLocaleOf(url.searchParams.get('lang'), request);
  const form = await request.formData();
  const { t } = getI18n(locale);
  if (form.get('intent') !== 'cancel') return data({ error: t('appErrors.invalid-input') }, { status: 400 });
  try {
    await cancelReservationByGuest(getDb(), params.slug, params.token);
    return redirect(`/${params.slug}/rezervare/${params.token}?lang=${locale}&cancelled=1`, { status: 303 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ error: t(`appErrors.${error.code}`) }, { status: error.status });
  }
});

export default function ReservationStatusPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, locale, liveUrl } = loaderData;
  const i18n = getI18n(locale);
  return (
    <I18nextProvider i18n={i18n}>
      <ReservationFrame heading={view ? i18n.t('reservations.guest.heading', { restaurant: view.restaurantName }) : i18n.t('reservations.guest.title')}>
        {view ? (
          // what the live script redraws (app/ui/live-status.js)
          <div id="reservation-live" data-live-box="" data-status={view.status} data-live={liveUrl ?? undefined}>
            <ReservationStatus view={view} locale={locale} error={actionData?.error} cancelledNow={loaderData.cancelled && view.status === 'cancelled'} />
          </div>
        ) : (
          <p role="status" className="mt-6">
            {i18n.t('reservations.guest.notFound')}
          </p>
        )}
        {view?.status === 'requested' ? (
          <noscript>
            <meta httpEquiv="refresh" content="30" />
          </noscript>
        ) : null}
        {liveUrl ? <script src={liveStatusScript} defer /> : null}
      </ReservationFrame>
    </I18nextProvider>
  );
}
