import { I18nextProvider } from 'react-i18next';
import { data, redirect } from 'react-router';
import { resolveAuthSecret } from '#app/auth/auth-secret.server.ts';
import { requestInfoContext } from '#app/context.ts';
import { getDb } from '#app/db/db.server.ts';
import { getEnv } from '#app/env.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { ro } from '#app/i18n/ro.ts';
import { redirectToNotFound } from '#app/modules/access/redirects.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { getReservationForm, requestReservation, reservationClientKey, reservationLocaleOf } from '#app/modules/reservations/reservation-guest.service.server.ts';
import { ReservationRequestInput } from '#app/modules/reservations/reservation.schema.ts';
import { ReservationClosed, ReservationForm, type ReservationFormResult } from '#app/ui/reservations/reservation-form.tsx';
import { ReservationFrame } from '#app/ui/reservations/reservation-status.tsx';
import type { Route } from './+types/reservation';

export const meta: Route.MetaFunction = ({ loaderData: page }) => {
  const { t } = getI18n(page?.locale ?? 'ro');
  return [
    { title: `${t('reservations.title')} · ${page?.page.restaurantName ?? t('app.name')}` },
    { name: 'description', content: t('reservations.description') },
    { name: 'robots', content: 'noindex' },
  ];
};

/** The form (public: the restaurant is the address's slug; reservations on and the menu published, or a closed notice). */
export const loader = publicRoute(async ({ request, params }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const locale = reservationLocaleOf(url.searchParams.get('lang'), request);
  const page = await getReservationForm(getDb(), params.slug, { locationId: url.searchParams.get('loc'), date: url.searchParams.get('date') }, locale);
  if (!page) throw redirectToNotFound(ro.errors.restaurantNotFound);
  return data({ page, locale, htmlLang: locale }, { headers: { 'Cache-Control': 'no-store' } });
});

const TEXT_FIELDS = ['locationId', 'date', 'time', 'partySize', 'name', 'phone', 'email', 'note', 'idempotencyKey'] as const;

// i18n-keys: reservations.errors.* appErrors.*
/** The request: checked, rate limited per client, saved once per idempotency key; then the guest's page. */
export const action = publicRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const url = new URL(request.url);
  const locale = reservationLocaleOf(url.searchParams.get('lang'), request);
  const { t } = getI18n(locale);
  const form = await request.formData();
  const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, typeof form.get(name) === 'string' ? String(form.get(name)) : ''])) as Record<string, string>;
  const fail = (result: ReservationFormResult, status: number) => data({ result: { ...result, values } }, { status });
  const parsed = ReservationRequestInput.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= t(`reservations.errors.${issue.message}`);
    return fail({ error: fieldErrors.idempotencyKey ?? t('reservations.fixErrors'), fieldErrors }, 400);
  }
  try {
    const secret = resolveAuthSecret(getEnv());
    const clientKey = reservationClientKey(context.get(requestInfoContext).clientIp, secret);
    const { token } = await requestReservation(getDb(), params.slug, parsed.data, { locale, clientKey, secret });
    return redirect(`/${params.slug}/rezervare/${token}?lang=${locale}`, { status: 303 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const message = t(`appErrors.${error.code}`, error.params);
    return fail({ error: message, fieldErrors: error.field ? { [error.field]: message } : {} }, error.status);
  }
});

export default function ReservationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, locale } = loaderData;
  const i18n = getI18n(locale);
  const menuHref = `/${page.slug}?lang=${locale}`;
  return (
    <I18nextProvider i18n={i18n}>
      <ReservationFrame heading={i18n.t('reservations.heading', { restaurant: page.restaurantName })}>
        <a
          href={page.status === 'open' ? `${menuHref}&loc=${page.locationId}` : menuHref}
          className="mt-1 inline-flex min-h-11 items-center text-primary-700 underline dark:text-primary-100"
        >
          {i18n.t('reservations.backToMenu')}
        </a>
        {page.status === 'open' ? (
          <ReservationForm page={page} locale={locale} result={actionData?.result} />
        ) : (
          // i18n-keys: reservations.closed.*
          <ReservationClosed message={i18n.t(`reservations.closed.${page.reason}`)} menuHref={menuHref} />
        )}
      </ReservationFrame>
    </I18nextProvider>
  );
}
