import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useRevalidator } from 'react-router';
import type { StaffReservation, StaffReservationsPage } from '#app/modules/reservations/reservations.types.ts';

/**
 * The staff's reservations (issue 25): a day's list with a date picker and the next days' counts,
 * a location filter, and accept, decline (with a reason), cancel, no-show. Live: every event of the
 * restaurant's `reservations` channel reloads the list, a burst of them once (decision 0031; the
 * browser resumes the stream by its last event id after a cut). The list is one day's, so its
 * read stays small; unlike the orders board it is read whole (its calendar strip counts change too).
 */

const smallButton = 'inline-flex min-h-11 items-center justify-center rounded-lg px-3 font-medium focus-visible:outline-2 focus-visible:outline-offset-2';
const field = 'mt-1 block min-h-11 rounded-lg border border-stone-400 bg-white px-3 text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';

function useLiveReload(slug: string, since: number) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/${slug}/admin/reservations/live?since=${since}`);
    // a burst of events (a resumed stream replays what it missed) is one read of the list
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void revalidate(), 100);
    };
    source.addEventListener('reservation.requested', reload);
    source.addEventListener('reservation.updated', reload);
    // a ceiling refused guests (issue 33): the notice comes with the list read again
    source.addEventListener('reservations.ceiling', reload);
    source.addEventListener('reset', reload);
    return () => {
      clearTimeout(timer);
      source.close();
    };
    // the stream starts once per page; a reconnect resumes by the browser's Last-Event-ID
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug]);
}

function dayLabel(date: string, language: string, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'ro-RO', { ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

// i18n-keys: reservations.statusLabel.*
function Row({ reservation, showLocation }: { reservation: StaffReservation; showLocation: boolean }) {
  const { t } = useTranslation();
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={reservation.id} />
      <input type="hidden" name="version" value={reservation.version} />
    </>
  );
  const open = reservation.status === 'requested' || reservation.status === 'accepted';
  return (
    <li
      className="rounded-xl border border-stone-300 p-4 dark:border-stone-700"
      data-testid="staff-reservation"
      data-status={reservation.status}
      aria-labelledby={`res-${reservation.id}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`res-${reservation.id}`} className="text-lg font-semibold">
          <span className="tabular-nums">{reservation.time}</span> · <span className="break-words">{reservation.name ?? '—'}</span> ·{' '}
          {t('reservations.staff.people', { count: reservation.partySize })}
        </h3>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${reservation.status === 'requested' ? 'bg-amber-200 text-amber-950' : reservation.status === 'accepted' ? 'bg-green-200 text-green-950' : 'bg-stone-200 text-stone-900'}`}
        >
          {t(`reservations.statusLabel.${reservation.status}`)}
        </span>
      </div>
      <p className="mt-1 flex flex-wrap gap-x-4 text-stone-700 dark:text-stone-300">
        {showLocation ? <span>{reservation.locationName}</span> : null}
        {reservation.phone ? (
          <a href={`tel:${reservation.phone.replace(/[^\d+]/g, '')}`} className="inline-flex min-h-11 items-center underline">
            {reservation.phone}
          </a>
        ) : null}
        <span className="inline-flex min-h-11 items-center break-all">{reservation.email ?? t('reservations.staff.noEmail')}</span>
      </p>
      {reservation.note ? <p className="mt-1 whitespace-pre-line break-words rounded-lg bg-stone-100 p-2 dark:bg-stone-800">{reservation.note}</p> : null}
      {reservation.declineReason ? <p className="mt-1">{t('reservations.guest.reason', { reason: reservation.declineReason })}</p> : null}
      {open ? (
        <div className="mt-3 flex flex-wrap items-start gap-2">
          {reservation.status === 'requested' ? (
            <Form method="post">
              {hidden('accept')}
              <button type="submit" className={`${smallButton} bg-primary-700 text-white hover:bg-primary-800`}>
                {t('reservations.staff.accept')}
              </button>
            </Form>
          ) : null}
          {reservation.status === 'requested' ? (
            <details className="rounded-lg border border-stone-300 dark:border-stone-700">
              <summary className={`${smallButton} cursor-pointer`}>{t('reservations.staff.decline')}</summary>
              <Form method="post" className="space-y-2 p-3">
                {hidden('decline')}
                <label htmlFor={`reason-${reservation.id}`} className="block text-sm font-medium">
                  {t('reservations.staff.reason')}
                </label>
                <input id={`reason-${reservation.id}`} name="reason" maxLength={300} className={`${field} w-full`} />
                <button type="submit" className={`${smallButton} border border-stone-400`}>
                  {t('reservations.staff.decline')}
                </button>
              </Form>
            </details>
          ) : null}
          {reservation.status === 'accepted' && reservation.begun ? (
            <Form method="post">
              {hidden('no-show')}
              <button type="submit" className={`${smallButton} border border-stone-400`}>
                {t('reservations.staff.noShow')}
              </button>
            </Form>
          ) : null}
          <Form method="post">
            {hidden('cancel')}
            <button type="submit" className={`${smallButton} border border-stone-400`}>
              {t('reservations.staff.cancel')}
            </button>
          </Form>
        </div>
      ) : null}
    </li>
  );
}

export function ReservationsBoard({ page, slug }: { page: StaffReservationsPage; slug: string }) {
  const { t, i18n } = useTranslation();
  useLiveReload(slug, page.since);
  const loc = page.locationId ? `&loc=${encodeURIComponent(page.locationId)}` : '';
  return (
    <section aria-labelledby="reservations-title" className="space-y-5">
      <div>
        <h2 id="reservations-title" className="text-xl font-semibold">
          {t('reservations.staff.heading')}
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('reservations.staff.live')}</p>
      </div>
      {page.ceilingHits.map((hit) => (
        <p
          key={hit.locationId}
          role="alert"
          className="rounded-lg bg-primary-50 p-3 font-medium text-primary-800 dark:bg-stone-800 dark:text-primary-100"
          data-testid="ceiling-notice"
        >
          {t('reservations.staff.ceilingHit', { location: hit.locationName, at: hit.at, hour: hit.hourCeiling, day: hit.dayCeiling })}
        </p>
      ))}
      <form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="staff-day" className="block font-medium">
            {t('reservations.staff.day')}
          </label>
          <input id="staff-day" type="date" name="date" defaultValue={page.date} className={field} />
        </div>
        {page.locations.length > 1 ? (
          <div>
            <label htmlFor="staff-loc" className="block font-medium">
              {t('reservations.location')}
            </label>
            <select id="staff-loc" name="loc" defaultValue={page.locationId ?? ''} className={field}>
              <option value="">{t('reservations.staff.allLocations')}</option>
              {page.locations.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="submit" className={`${smallButton} border border-stone-400`}>
          {t('reservations.staff.show')}
        </button>
        {page.date !== page.today ? (
          <Link to={`?date=${page.today}${loc}`} className={`${smallButton} underline`}>
            {t('reservations.staff.today')}
          </Link>
        ) : null}
      </form>
      <nav aria-label={t('reservations.staff.calendar')}>
        <ul className="flex gap-2 overflow-x-auto pb-2">
          {page.days.map((day) => (
            <li key={day.date} className="shrink-0">
              <Link
                to={`?date=${day.date}${loc}`}
                aria-current={day.date === page.date ? 'date' : undefined}
                className="flex min-h-11 w-24 flex-col rounded-lg border border-stone-300 px-2 py-1 text-sm aria-[current=date]:border-primary-700 aria-[current=date]:bg-primary-700 aria-[current=date]:text-white dark:border-stone-700"
              >
                <span className="font-semibold">{dayLabel(day.date, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' })}</span>
                <span>{day.open > 0 ? t('reservations.staff.dayCount', { count: day.open }) : '—'}</span>
                {day.requested > 0 ? <span className="font-semibold">{t('reservations.staff.dayRequested', { count: day.requested })}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h3 className="text-lg font-semibold">{dayLabel(page.date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}</h3>
      {page.reservations.length === 0 ? (
        <p data-testid="no-reservations">{t('reservations.staff.none')}</p>
      ) : (
        <ul className="space-y-3" aria-live="polite">
          {page.reservations.map((reservation) => (
            <Row key={reservation.id} reservation={reservation} showLocation={page.locations.length > 1 && !page.locationId} />
          ))}
        </ul>
      )}
    </section>
  );
}
