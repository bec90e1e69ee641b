import { z } from 'zod';
import { PRINTER_LIMITS } from './printing.types.ts';

/** The "Adaugă o imprimantă" form: a name, the station (empty: the bill printer), the paper. */
export const PrinterInput = z.object({
  locationId: z.string().min(1),
  name: z.string().trim().min(1).max(PRINTER_LIMITS.maxName),
  stationId: z
    .string()
    .optional()
    .transform((value) => (value ? value : null)),
  paperWidth: z.coerce.number().refine((value) => (PRINTER_LIMITS.paperWidths as readonly number[]).includes(value)),
});
export type PrinterInput = z.infer<typeof PrinterInput>;
