/** The insights page's shapes and limits, shared by the server and the page's components. */

export const RANGES = [7, 30, 90] as const;
export type Range = (typeof RANGES)[number];
/** the privacy threshold k for search terms */
export const SEARCH_PRIVACY_K = 3;

export interface Figure {
  value: number;
  previous: number;
  /** percent change against the previous range, null when the previous range had none */
  change: number | null;
}

export interface Hint {
  key: 'busiestHour' | 'missedSearch' | 'photoOpens' | 'neverOpened' | 'qrShare';
  params: Record<string, string | number>;
}

/** Orders and reservations of the range (issue 25 item 9): counted from the rows, not from the menu's views. */
export interface OrderInsights {
  /** anything to show: an order or a reservation in the range */
  any: boolean;
  totals: { orders: number; reservations: number; noShows: number };
  ordersPerDay: { day: string; orders: number }[];
  /** orders by the local hour they were placed, 0..23 */
  ordersByHour: number[];
  /** the dishes ordered most, by quantity (declined orders left out) */
  topOrdered: { name: string; quantity: number }[];
  /** the options chosen most (issue 35), by portions; only those at least SEARCH_PRIVACY_K orders chose */
  topOptions: { group: string; name: string; count: number }[];
  /** reservations by the local date they were for (declined and cancelled left out), and the no-shows among them */
  reservationsPerDay: { day: string; reservations: number; noShows: number }[];
}

export interface Insights {
  range: Range;
  from: string;
  to: string;
  locationId: string | null;
  locations: { id: string; name: string }[];
  hasData: boolean;
  figures: { views: Figure; dishOpens: Figure; searches: Figure; allergenFilters: Figure };
  viewsPerDay: { day: string; views: number }[];
  byHour: number[];
  byWeekday: number[];
  languages: { key: string; count: number }[];
  sources: { key: string; count: number }[];
  viaCodes: { code: string; label: string; count: number }[];
  topDishes: { id: string; name: string; count: number }[];
  neverOpened: { id: string; name: string }[];
  searches: { term: string; count: number; matched: boolean }[];
  allergens: { key: string; count: number }[];
  hints: Hint[];
  orders: OrderInsights;
}
