import type { LocationOrdering } from './ordering.types.ts';

/** The owner's ordering settings page (plain types, safe for ui/). */
export interface OrderingSettingsPage {
  locations: {
    locationId: string;
    name: string;
    settings: LocationOrdering;
    /** the location's tables (their QR codes carry dine-in orders), by label */
    tables: string[];
  }[];
  /** contact details of orders and reservations are erased after this many days */
  retentionDays: number;
}
