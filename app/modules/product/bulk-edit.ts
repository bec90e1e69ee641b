import { z } from 'zod';

/** The bulk edit's input (the service's schema); the plain rules the editor shares live in bulk-change.ts. */
export { applyPriceChange, AVAILABILITY_ACTIONS, bulkEditPermission, parseChangeValue, type PriceChange } from './bulk-change.ts';
import { AVAILABILITY_ACTIONS, parseChangeValue } from './bulk-change.ts';

const ids = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => [...new Set((Array.isArray(value) ? value : [value]).map((id) => id.trim()).filter(Boolean))])
  .pipe(z.array(z.string().max(64)).min(1, { error: 'bulkNothingSelected' }).max(500));

export const BulkEditInput = z.discriminatedUnion('action', [
  z.object({ action: z.enum(AVAILABILITY_ACTIONS), ids }),
  z.object({ action: z.literal('move'), ids, categoryId: z.string().trim().min(1, { error: 'required' }).max(64) }),
  z.object({
    action: z.literal('price'),
    ids,
    kind: z.enum(['percent', 'amount']),
    value: z.string().transform((text, ctx) => {
      const value = parseChangeValue(text);
      if (value === null || value === 0) {
        ctx.addIssue({ code: 'custom', message: 'bulkChange' });
        return z.NEVER;
      }
      return value;
    }),
  }),
]);
export type BulkEditInput = z.infer<typeof BulkEditInput>;
