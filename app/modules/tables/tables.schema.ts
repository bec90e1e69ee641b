import { z } from 'zod';
import { idField, requiredText } from '#app/modules/editing/menu-fields.ts';

/** At most this many tables in one go ("Terasă 1–100"), and per restaurant. */
export const MAX_TABLES_PER_ADD = 100;
export const MAX_TABLES_PER_RESTAURANT = 500;

/**
 * What the owner types: one table or area ("Bar", "Masa 5"), or a numbered run of them
 * ("Terasă 1–12", with an en dash, a hyphen or "..": twelve tables "Terasă 1" … "Terasă 12").
 */
export function expandTableLabels(text: string): string[] | 'too-many' | 'bad-range' {
  const run = /^(.*?)\s*(\d{1,4})\s*(?:–|—|-|\.\.)\s*(\d{1,4})$/.exec(text.trim());
  if (!run) return [text.trim()];
  const [, stem = '', fromText = '', toText = ''] = run;
  const from = Number(fromText);
  const to = Number(toText);
  if (to < from) return 'bad-range';
  if (to - from + 1 > MAX_TABLES_PER_ADD) return 'too-many';
  return Array.from({ length: to - from + 1 }, (_, index) => `${stem} ${from + index}`.trim());
}

export const AddTablesInput = z.object({
  locationId: idField,
  label: requiredText(60).transform((label, ctx) => {
    const labels = expandTableLabels(label);
    if (typeof labels === 'string') {
      ctx.addIssue({ code: 'custom', message: labels === 'too-many' ? 'tablesTooMany' : 'tablesBadRange', params: { max: MAX_TABLES_PER_ADD } });
      return z.NEVER;
    }
    return labels;
  }),
});
export type AddTablesInput = z.infer<typeof AddTablesInput>;
