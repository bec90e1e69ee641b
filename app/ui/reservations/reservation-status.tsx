import { useTranslation } from 'react-i18next';
import type { ReservationGuestView, ReservationLocale } from '#app/modules/reservations/reservations.types.ts';
import { buttonClass, formatDay } from './reservation-form.tsx';

// i18n-keys: reservations.guest.requested reservations.guest.accepted reservations.guest.declined reservations.guest.cancelled reservations.guest.noShow reservations.statusLabel.*
/** The guest's page of one reservation: its state in words, the details, and "cancel my reservation". */
export function ReservationStatus({ view, locale, error, cancelledNow }: { view: ReservationGuestView; locale: ReservationLocale; error?: string; cancelledNow: boolean }) {
  const { t } = useTranslation();
  const tone = view.status === 'accepted' ? 'border-green-700' : view.status === 'requested' ? 'border-amber-600' : 'border-stone-400';
  return (
    <div className="mt-6 space-y-6">
      <div role="status" className={`rounded-lg border-l-4 bg-stone-100 p-4 dark:bg-stone-800 ${tone}`} data-testid="reservation-status" data-status={view.status}>
        <p className="text-sm font-semibold uppercase tracking-wide">{t(`reservations.statusLabel.${view.status}`)}</p>
        <p className="mt-1 text-lg">{cancelledNow ? t('reservations.guest.cancelledNow') : t(`reservations.guest.${view.status}`)}</p>
        {view.status === 'declined' && view.declineReason ? <p className="mt-1">{t('reservations.guest.reason', { reason: view.declineReason })}</p> : null}
      </div>
      {error ? (
        <p role="alert" className="rounded-lg border-2 border-primary-600 p-4 font-medium">
          {error}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-medium">{t('reservations.guest.where')}</dt>
        <dd>
          {view.restaurantName}, {view.locationName}
        </dd>
        <dt className="font-medium">{t('reservations.guest.when')}</dt>
        <dd>
          {formatDay(view.date, locale)}, {view.time}
        </dd>
        <dt className="font-medium">{t('reservations.guest.party')}</dt>
        <dd>{view.partySize}</dd>
        {view.name ? (
          <>
            <dt className="font-medium">{t('reservations.guest.forName')}</dt>
            <dd className="break-words">{view.name}</dd>
          </>
        ) : null}
      </dl>
      {view.cancellable ? (
        <form method="post" className="space-y-2">
          <p className="text-sm text-stone-700 dark:text-stone-300">{t('reservations.guest.cancelHint')}</p>
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className={buttonClass}>
            {t('reservations.guest.cancel')}
          </button>
        </form>
      ) : null}
      <p className="flex flex-wrap gap-x-6">
        <a href={`/${view.slug}?lang=${locale}`} className="inline-flex min-h-11 items-center text-primary-700 underline dark:text-primary-100">
          {t('reservations.backToMenu')}
        </a>
        <a href={`/${view.slug}/rezervare?lang=${locale}`} className="inline-flex min-h-11 items-center text-primary-700 underline dark:text-primary-100">
          {t('reservations.guest.newReservation')}
        </a>
      </p>
    </div>
  );
}

/** The guest pages' frame: the restaurant's name and the page's heading, in the page's language. */
export function ReservationFrame({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{heading}</h1>
      {children}
    </main>
  );
}
