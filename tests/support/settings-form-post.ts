import type { SettingsFormValues } from '#app/modules/restaurant-settings/settings-form.ts';
import { exceptionField } from '#app/modules/restaurant/opening-exceptions.ts';
import { WEEK_DAYS } from '#app/modules/restaurant/opening-hours.ts';

/** What a browser keeps of a time input's value (HTML: a valid time string, hours 00–23; else empty). */
export const timeInputKeeps = (value: string) => (/^(?:[01]\d|2[0-3]):[0-5]\d$/.test(value) ? value : '');

/**
 * The fields the settings page (ui/editor/settings-form.tsx) posts when the owner changes nothing:
 * its inputs filled from the loader's values, time inputs as the browser keeps them.
 */
export function untouchedSettingsPost(values: SettingsFormValues, version?: string | number): Record<string, string> {
  const { openingHours, openingExceptions, ...text } = values;
  const fields: Record<string, string> = { ...text };
  if (version !== undefined) fields.version = String(version);
  for (const day of WEEK_DAYS) {
    const range = openingHours[day]?.[0];
    if (range) fields[`open-${day}`] = 'on';
    fields[`from-${day}`] = timeInputKeeps(range?.[0] ?? '09:00');
    fields[`to-${day}`] = timeInputKeeps(range?.[1] ?? '22:00');
  }
  openingExceptions.forEach((row, index) => {
    fields[exceptionField(index, 'from')] = row.from;
    fields[exceptionField(index, 'to')] = row.to;
    fields[exceptionField(index, 'note')] = row.note;
    fields[exceptionField(index, 'opens')] = timeInputKeeps(row.opens);
    fields[exceptionField(index, 'closes')] = timeInputKeeps(row.closes);
  });
  return fields;
}
