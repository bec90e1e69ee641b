import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReservationFormPage, ReservationLocale } from '#app/modules/reservations/reservations.types.ts';

/**
 * The guest's reservation form (issue 25): two plain forms that work without JavaScript. The first
 * (GET) chooses the location and the day and reloads the day's free times; the second (POST) sends
 * the request with the time, the party, the contact details and the idempotency key.
 */

export const fieldClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 text-base text-stone-900 aria-[invalid=true]:border-primary-600 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';
export const buttonClass =
  'inline-flex min-h-12 items-center justify-center rounded-lg bg-primary-700 px-5 font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2';
const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-stone-400 px-4 font-medium hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800';

export interface ReservationFormResult {
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
}

type OpenPage = Extract<ReservationFormPage, { status: 'open' }>;

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-primary-800 dark:text-primary-100">
      {error}
    </p>
  ) : null;
}

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (props: { id: string; name: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={`r-${id}`} className="block font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-700 dark:text-stone-300">
          {hint}
        </p>
      ) : null}
      {children({ id: `r-${id}`, name: id, 'aria-invalid': Boolean(error), 'aria-describedby': described })}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** "vineri, 27 noiembrie" for a local date, in the page's language. */
export function formatDay(date: string, locale: ReservationLocale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ro-RO', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

export function ReservationClosed({ message, menuHref }: { message: string; menuHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 space-y-4">
      <p role="status" className="rounded-lg border border-stone-300 p-4 dark:border-stone-700">
        {message}
      </p>
      <a href={menuHref} className="inline-flex min-h-11 items-center text-primary-700 underline dark:text-primary-100">
        {t('reservations.backToMenu')}
      </a>
    </div>
  );
}

export function ReservationForm({ page, locale, result }: { page: OpenPage; locale: ReservationLocale; result?: ReservationFormResult }) {
  const { t } = useTranslation();
  const errors = result?.fieldErrors ?? {};
  const typed = result?.values ?? {};
  const chosenTime = typed.time ?? '';
  const free = page.slots.filter((slot) => slot.free > 0);
  const postTo = `?lang=${locale}&loc=${encodeURIComponent(page.locationId)}&date=${page.date}`;
  return (
    <div className="mt-6 space-y-8">
      {result?.error ? (
        <p role="alert" className="rounded-lg border-2 border-primary-600 p-4 font-medium" data-testid="reservation-error">
          {result.error}
        </p>
      ) : null}
      <form method="get" className="flex flex-wrap items-end gap-3" aria-label={t('reservations.showTimes')}>
        <input type="hidden" name="lang" value={locale} />
        {page.locations.length > 1 ? (
          <div className="min-w-48 flex-1">
            <label htmlFor="r-loc" className="block font-medium">
              {t('reservations.location')}
            </label>
            <select id="r-loc" name="loc" defaultValue={page.locationId} className={fieldClass}>
              {page.locations.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name="loc" value={page.locationId} />
        )}
        <div className="min-w-40 flex-1">
          <label htmlFor="r-day" className="block font-medium">
            {t('reservations.date')}
          </label>
          <input id="r-day" type="date" name="date" defaultValue={page.date} min={page.today} max={page.lastDate} required className={fieldClass} />
        </div>
        <button type="submit" className={secondaryButton}>
          {t('reservations.showTimes')}
        </button>
      </form>

      <form method="post" action={postTo} className="space-y-5" noValidate>
        <input type="hidden" name="locationId" value={page.locationId} />
        <input type="hidden" name="date" value={page.date} />
        <input type="hidden" name="idempotencyKey" value={typed.idempotencyKey ?? page.idempotencyKey} />
        <fieldset aria-describedby={errors.time ? 'time-error' : undefined}>
          <legend className="font-medium">{t('reservations.timesOn', { date: formatDay(page.date, locale) })}</legend>
          {free.length === 0 ? (
            <p className="mt-2" data-testid="no-slots">
              {t('reservations.noSlots')}
            </p>
          ) : (
            <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
              {page.slots.map((slot) => (
                <li key={slot.time}>
                  <label className="flex min-h-11 cursor-pointer items-center justify-center gap-1 rounded-lg border border-stone-400 px-2 font-medium has-checked:border-primary-700 has-checked:bg-primary-700 has-checked:text-white has-disabled:cursor-not-allowed has-disabled:opacity-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 dark:border-stone-600">
                    <input type="radio" name="time" value={slot.time} defaultChecked={slot.time === chosenTime} disabled={slot.free === 0} className="sr-only" />
                    {slot.free === 0 ? t('reservations.slotFull', { time: slot.time }) : slot.time}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <FieldError id="time" error={errors.time} />
        </fieldset>
        <Field id="partySize" label={t('reservations.partySize')} hint={t('reservations.partyHint', { max: page.maxPartySize })} error={errors.partySize}>
          {(props) => (
            <select {...props} defaultValue={typed.partySize ?? '2'} className={fieldClass}>
              {Array.from({ length: page.maxPartySize }, (_, i) => String(i + 1)).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="name" label={t('reservations.name')} error={errors.name}>
          {(props) => <input {...props} defaultValue={typed.name} autoComplete="name" required maxLength={80} className={fieldClass} />}
        </Field>
        <Field id="phone" label={t('reservations.phone')} error={errors.phone}>
          {(props) => <input {...props} type="tel" defaultValue={typed.phone} autoComplete="tel" required maxLength={30} className={fieldClass} />}
        </Field>
        <Field id="email" label={t('reservations.email')} hint={t('reservations.emailHint')} error={errors.email}>
          {(props) => <input {...props} type="email" defaultValue={typed.email} autoComplete="email" maxLength={200} className={fieldClass} />}
        </Field>
        <Field id="note" label={t('reservations.note')} hint={t('reservations.noteHint')} error={errors.note}>
          {(props) => <textarea {...props} defaultValue={typed.note} rows={3} maxLength={500} className={`${fieldClass} py-2`} />}
        </Field>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('reservations.privacy')}</p>
        <button type="submit" className={`${buttonClass} w-full sm:w-auto`} disabled={free.length === 0}>
          {t('reservations.submit')}
        </button>
      </form>
    </div>
  );
}
