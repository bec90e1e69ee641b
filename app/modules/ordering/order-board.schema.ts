import { z } from 'zod';
import { checkbox, idField } from '#app/modules/editing/menu-fields.ts';
import { ORDER_STATUSES } from './ordering.types.ts';
import { ETA_MINUTES, MAX_BOARD_ROWS_READ, MAX_DECLINE_REASON } from './order-board.types.ts';

/**
 * The board's forms (issue 25): each names the order and the state the board showed it in, so a
 * colleague's change in between is noticed (a 409) rather than overwritten. Errors are keys under
 * `editorErrors`.
 */
const orderStatus = z.enum(ORDER_STATUSES, { error: 'required' });
const target = { orderId: idField, status: orderStatus };

export const AcceptOrderInput = z.object({
  ...target,
  minutes: z.unknown().transform((raw, ctx) => {
    const value = typeof raw === 'string' ? raw.trim() : '';
    const minutes = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
    if (!(minutes >= ETA_MINUTES.min && minutes <= ETA_MINUTES.max)) {
      ctx.addIssue({ code: 'custom', message: 'orderMinutes', params: ETA_MINUTES });
      return z.NEVER;
    }
    return minutes;
  }),
});
export type AcceptOrderInput = z.infer<typeof AcceptOrderInput>;

export const DeclineOrderInput = z.object({
  ...target,
  reason: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(MAX_DECLINE_REASON, { error: 'tooLong' }),
  blockTable: checkbox,
});
export type DeclineOrderInput = z.infer<typeof DeclineOrderInput>;

/** Ready and served: nothing but the order and the state the board showed. */
export const MoveOrderInput = z.object(target);
export type MoveOrderInput = z.infer<typeof MoveOrderInput>;

/** The pause switch of one location, from the board ('pause' or 'resume' is the form's intent). */
export const PauseOrdersInput = z.object({ locationId: idField });

/** The rows a board reads after live events: `?id=` repeated (1 to MAX_BOARD_ROWS_READ), and the board's location filter `?loc=`. */
export const BoardRowsInput = z.object({
  ids: z.array(idField).min(1).max(MAX_BOARD_ROWS_READ),
  loc: z
    .string()
    .trim()
    .max(64)
    .nullable()
    .transform((value) => value || null),
});
export type BoardRowsInput = z.infer<typeof BoardRowsInput>;
