import { timeInputValue, WEEK_DAYS, type OpeningHours } from '#app/modules/restaurant/opening-hours.ts';
import { exceptionRowsOf, submittedExceptionRows, type ExceptionRow } from '#app/modules/restaurant/opening-exceptions.ts';
import type { getRestaurantSettings } from './restaurant-settings.service.server.ts';

export interface SettingsFormValues {
  name: string;
  slug: string;
  currency: string;
  timeZone: string;
  descriptionRo: string;
  descriptionEn: string;
  phone: string;
  email: string;
  address: string;
  accentColor: string;
  openingHours: OpeningHours;
  /** closed days and special hours, as rows of the form */
  openingExceptions: ExceptionRow[];
}

/** Saved settings as the form shows them. */
export function settingsFormValues(settings: Awaited<ReturnType<typeof getRestaurantSettings>>): SettingsFormValues {
  return {
    name: settings.name,
    slug: settings.slug,
    currency: settings.currency,
    timeZone: settings.timeZone,
    descriptionRo: settings.descriptionRo ?? '',
    descriptionEn: settings.descriptionEn ?? '',
    phone: settings.phone ?? '',
    email: settings.email ?? '',
    address: settings.address ?? '',
    accentColor: settings.accentColor ?? '',
    openingHours: asTimeInputs(settings.openingHours),
    openingExceptions: exceptionRowsOf(settings.openingExceptions),
  };
}

/** Hours as the form's time inputs can hold them (24:00, the day's end, shows as 00:00). */
function asTimeInputs(hours: OpeningHours): OpeningHours {
  const shown: OpeningHours = {};
  for (const day of WEEK_DAYS) if (hours[day]) shown[day] = hours[day].map(([from, to]) => [timeInputValue(from), timeInputValue(to)]);
  return shown;
}

/** What the owner submitted, back into the form after a refused save. */
export function submittedSettingsValues(values: Record<string, unknown>): SettingsFormValues {
  const str = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : '');
  const openingHours: OpeningHours = {};
  for (const day of WEEK_DAYS) openingHours[day] = values[`open-${day}`] === 'on' ? [[str(`from-${day}`), timeInputValue(str(`to-${day}`))]] : [];
  return {
    name: str('name'),
    slug: str('slug'),
    currency: str('currency'),
    timeZone: str('timeZone'),
    descriptionRo: str('descriptionRo'),
    descriptionEn: str('descriptionEn'),
    phone: str('phone'),
    email: str('email'),
    address: str('address'),
    accentColor: str('accentColor'),
    openingHours,
    openingExceptions: submittedExceptionRows(values),
  };
}
