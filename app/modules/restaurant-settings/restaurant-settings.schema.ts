import { z } from 'zod';
import { optionalId, optionalText, requiredText } from '#app/modules/editing/menu-fields.ts';
import { CURRENCIES } from '#app/modules/restaurant/currencies.ts';
import { OPENING_TIME, storedClosingTime, TIME_OF_DAY, WEEK_DAYS, type OpeningHours } from '#app/modules/restaurant/opening-hours.ts';
import { readExceptionFields } from '#app/modules/restaurant/opening-exceptions.ts';
import { SLUG_PATTERN } from '#app/modules/restaurant/slug.ts';

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The opening-hours fields of the form: for each day `open-<day>` (checkbox), `from-<day>` and
 * `to-<day>`; a closing time before the opening time means after midnight, and midnight itself
 * (00:00 from the time input, 24:00 from a script) is stored as 24:00, the day's end.
 */
export function openingHoursFrom(values: Record<string, unknown>, ctx: z.RefinementCtx): OpeningHours {
  const hours: OpeningHours = {};
  for (const day of WEEK_DAYS) {
    const open = values[`open-${day}`];
    if (!(open === 'on' || open === 'true' || open === '1')) {
      hours[day] = [];
      continue;
    }
    const from = String(values[`from-${day}`] ?? '').trim();
    const to = String(values[`to-${day}`] ?? '').trim();
    if (!OPENING_TIME.test(from)) ctx.addIssue({ code: 'custom', path: [`from-${day}`], message: 'time' });
    if (!TIME_OF_DAY.test(to)) ctx.addIssue({ code: 'custom', path: [`to-${day}`], message: 'time' });
    hours[day] = [[from, storedClosingTime(to)]];
  }
  return hours;
}

/** The restaurant's own settings; logo and cover are uploads of this restaurant (checked by the service). */
export const RestaurantSettingsInput = z
  .looseObject({
    name: requiredText(100),
    slug: z.string({ error: 'slug' }).trim().toLowerCase().regex(SLUG_PATTERN, { error: 'slug' }),
    currency: z.enum(CURRENCIES, { error: 'currency' }),
    timeZone: z.string({ error: 'timeZone' }).trim().refine(isTimeZone, { error: 'timeZone' }),
    descriptionRo: optionalText(1000),
    descriptionEn: optionalText(1000),
    phone: optionalText(40).refine((v) => v === null || /^[+()\d\s.-]{6,40}$/.test(v), { error: 'phone' }),
    email: optionalText(200).refine((v) => v === null || z.email().safeParse(v).success, { error: 'email' }),
    address: optionalText(200),
    accentColor: optionalText(7).refine((v) => v === null || /^#[0-9a-fA-F]{6}$/.test(v), { error: 'color' }),
    logoId: optionalId,
    coverId: optionalId,
  })
  // the hours, closed days and special hours (decision 0022): checked even when another field failed, so every error shows at once
  .superRefine(
    (values, ctx) => {
      openingHoursFrom(values, ctx);
      for (const issue of readExceptionFields(values).issues) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message, params: issue.params });
    },
    { when: () => true },
  )
  // reached only when nothing above failed: openingHoursFrom finds nothing more to report here
  .transform((values, ctx) => {
    const { name, slug, currency, timeZone, descriptionRo, descriptionEn, phone, email, address, accentColor, logoId, coverId } = values;
    const openingHours = openingHoursFrom(values, ctx);
    const openingExceptions = readExceptionFields(values).exceptions;
    return { name, slug, currency, timeZone, descriptionRo, descriptionEn, phone, email, address, accentColor, logoId, coverId, openingHours, openingExceptions };
  });
export type RestaurantSettingsInput = z.infer<typeof RestaurantSettingsInput>;
