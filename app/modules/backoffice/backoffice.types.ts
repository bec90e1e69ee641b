/** The back office's choices and view models: plain types, safe for ui/ and the routes' components. */

export const OVERVIEW_RANGES = [30, 90, 365] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

export const PLAN_STATE_FILTERS = ['trial', 'trial-ending', 'pro-card', 'pro-manual', 'inactive', 'deactivated'] as const;
export type PlanStateFilter = (typeof PLAN_STATE_FILTERS)[number];

export const RESTAURANT_SORTS = ['newest', 'oldest', 'name', 'products', 'updated'] as const;
export type RestaurantSort = (typeof RESTAURANT_SORTS)[number];

export const USER_SORTS = ['newest', 'oldest', 'email'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** How long an admin may grant manual PRO for, in months (docs/product-spec.md section 9: one year by default). */
export const GRANT_MONTHS = [1, 3, 6, 12, 24] as const;
export const DEFAULT_GRANT_MONTHS = 12;
/** How many days a trial may be extended by at once. */
export const TRIAL_EXTENSION_DAYS = [7, 14, 30] as const;

export const PAGE_SIZE = 50;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
}

export interface Overview {
  range: OverviewRange;
  from: string;
  to: string;
  signupsPerDay: { day: string; count: number }[];
  /** guest menu views per local day of the range (insights' counts) */
  viewsPerDay: { day: string; views: number }[];
  signups: number;
  restaurants: number;
  activeTrials: number;
  trialsEndingSoon: number;
  proCard: number;
  proManual: number;
  /** trials that ended in the range, and how many of them became PRO */
  trialsEnded: number;
  trialsConverted: number;
  /** converted / ended, 0..1; null when no trial ended */
  conversionRate: number | null;
  /** monthly recurring revenue from card subscriptions, minor units, now and at the range's start */
  mrrMinor: number;
  mrrAtStartMinor: number;
  currency: string;
  cancellations: number;
  /** guest menu views in the range; null until the insights module counts them */
  /** guest menu views counted by insights over the range's local days (decision 0018) */
  menuViews: number;
}

export type PlanLabel = 'pro-card' | 'pro-manual' | 'trial' | 'inactive';

export interface RestaurantListItem {
  id: string;
  name: string;
  slug: string;
  active: boolean;
  productsCount: number;
  createdAt: string;
  /** the first owner's address (by membership date) */
  ownerEmail: string | null;
  /** every member, of any role, the first owner included */
  membersCount: number;
  plan: PlanLabel;
  /** until when the plan label holds (PRO's end, or the trial's); null when open-ended or none */
  until: string | null;
}
