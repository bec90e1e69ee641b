import { z } from 'zod';
import { OPENING_TIME, TIME_OF_DAY, timeInputValue } from '#app/modules/restaurant/opening-hours.ts';

/**
 * Zod pieces shared by the editor's forms and actions. Each error is an i18n key under
 * `editorErrors`; params (such as a maximum) travel in the issue's `params`.
 */
export const requiredText = (max: number) => z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'tooLong' })
    .optional()
    .transform((value) => (value ? value : null));

/** An HTML checkbox: present ('on', 'true', '1') is true, absent is false. */
export const checkbox = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true' || value === '1');

/** A number field (blank is null) read by a pattern, then held to a maximum; each refusal names its rule. */
const optionalNumber = (pattern: RegExp, message: 'number' | 'wholeNumber', max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      if (!pattern.test(value)) {
        // '-3' is a number, just not one a dish can have: say so rather than "write a number"
        ctx.addIssue({ code: 'custom', message: /^-\s*\d/.test(value) ? 'negative' : message });
        return z.NEVER;
      }
      const number = Number(value.replace(',', '.'));
      if (number > max) {
        ctx.addIssue({ code: 'custom', message: 'tooBig', params: { max } });
        return z.NEVER;
      }
      return number;
    });

/** A non-negative decimal typed the Romanian way ('12,5') or the English way ('12.5'); blank is null. */
export const optionalDecimal = (max: number) => optionalNumber(/^\d{1,7}(?:[.,]\d{1,3})?$/, 'number', max);

/** A whole number such as a weight in grams ('350'); blank is null. The column is an integer on both databases. */
export const optionalWholeNumber = (max: number) => optionalNumber(/^\d{1,7}$/, 'wholeNumber', max);

/**
 * A price such as '24,50' as integer minor units (2450; docs/style.md, Money and time). Each refusal names what
 * is wrong (blank, negative, more than two decimals, too big), and only text that is not a number
 * at all gets "write the price as a number" (issue 17, friction 5).
 */
export const priceMinor = z
  .string({ error: 'required' })
  .trim()
  .transform((value, ctx) => {
    const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(value);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: priceProblem(value), params: { max: '9999999' } });
      return z.NEVER;
    }
    return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  });

function priceProblem(value: string): 'required' | 'negative' | 'priceDecimals' | 'tooBig' | 'price' {
  if (!value) return 'required';
  const number = /^(-)?\s*(\d+)(?:[.,](\d+))?$/.exec(value);
  if (!number) return 'price';
  if (number[1]) return 'negative';
  if ((number[3] ?? '').length > 2) return 'priceDecimals';
  return 'tooBig';
}

/** 'HH:MM', 24-hour clock; blank is null. `end`: 24:00 (a script's midnight) is also taken, as 00:00, which a time input can show. */
function timeField(end: boolean) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      if (!(end ? TIME_OF_DAY : OPENING_TIME).test(value)) {
        ctx.addIssue({ code: 'custom', message: 'time' });
        return z.NEVER;
      }
      return timeInputValue(value);
    });
}
export const optionalTime = timeField(false);
export const optionalEndTime = timeField(true);

/** An id picked from a list the page showed (checked against the tenant by the service). */
export const idField = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(64, { error: 'required' });
export const optionalId = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((value) => (value ? value : null));

/** Form data as a plain object; fields named in `lists` keep every value (checkbox groups). */
/**
 * The version a form was loaded at (a hidden `version` field: the row's `updatedAt`). Undefined when
 * the post has none (a script, a tab from before versions): the services then refuse the edit like a
 * stale one, never write it blind (decision 0015).
 */
export const formVersion = z.string().trim().min(1).max(40).optional().catch(undefined);

/** The restaurant settings' version counter from the form; anything but a whole number is no version. */
export const formCounterVersion = formVersion.transform((value) => (value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined));

export function formValues(form: FormData, lists: readonly string[] = []): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).filter((v): v is string => typeof v === 'string');
    values[key] = lists.includes(key) ? all : all[0];
  }
  for (const key of lists) values[key] ??= [];
  return values;
}

/** A money amount in minor units as the editor shows it in a field ('24,50' in ro, '24.50' in en). */
export function minorToInput(minor: number, locale: string): string {
  const text = (minor / 100).toFixed(2);
  return locale === 'ro' ? text.replace('.', ',') : text;
}
