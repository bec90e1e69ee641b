import { z } from 'zod';
import { idField } from '#app/modules/editing/menu-fields.ts';

/**
 * The kitchen display's forms and address (issue 36): a screen is `?station=` or, for a location
 * without stations, `?location=`; a bump names its line, or its order and the screen.
 */
const optionalKey = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((value) => value || null);

export const KitchenScreenInput = z.object({ station: optionalKey, location: optionalKey }).transform(({ station, location }) => ({ stationId: station, locationId: location }));
export type KitchenScreenInput = z.infer<typeof KitchenScreenInput>;

export const KitchenLineInput = z.object({ lineId: idField });
export const KitchenTicketInput = z.object({ orderId: idField });
