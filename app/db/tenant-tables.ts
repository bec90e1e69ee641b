import type { Database } from './schema.ts';

/**
 * The tenant tables (decision 0030): every table whose rows belong to one restaurant, and the column
 * that names it. Every table with a `restaurantId` column is here (the type below refuses a missing
 * one, and tests/architecture/tenant-sql.int.test.ts checks the migrated database's columns), plus
 * `restaurant` itself, whose own `id` is the tenant.
 *
 * `auditEvent.restaurantId` is null for platform events (an admin's change of the app config, a
 * user's account): the table is still a tenant table, so a restaurant's view of the log is filtered
 * like any other; the back office's log spans restaurants by a named exemption.
 */
export const TENANT_COLUMN = {
  restaurant: 'id',
  auditEvent: 'restaurantId',
  billingNotice: 'restaurantId',
  category: 'restaurantId',
  diningTable: 'restaurantId',
  guestOrder: 'restaurantId',
  guestOrderLine: 'restaurantId',
  guestOrderLineOption: 'restaurantId',
  importDraft: 'restaurantId',
  insightCount: 'restaurantId',
  insightSearchPending: 'restaurantId',
  insightSearchTerm: 'restaurantId',
  invitation: 'restaurantId',
  liveEvent: 'restaurantId',
  location: 'restaurantId',
  membership: 'restaurantId',
  optionGroup: 'restaurantId',
  optionItem: 'restaurantId',
  printer: 'restaurantId',
  printJob: 'restaurantId',
  orderingSettings: 'restaurantId',
  product: 'restaurantId',
  productOptionGroup: 'restaurantId',
  reservation: 'restaurantId',
  station: 'restaurantId',
  restaurantSlugHistory: 'restaurantId',
  storedImage: 'restaurantId',
  subscription: 'restaurantId',
  tableBlock: 'restaurantId',
  tableCall: 'restaurantId',
  translationRun: 'restaurantId',
} as const satisfies Partial<Record<keyof Database, string>>;

/** Every tenant table, `restaurant` included. */
export type TenantTable = keyof typeof TENANT_COLUMN;

/** The tenant tables whose rows carry a `restaurantId` (all but `restaurant`). */
export type TenantRowTable = Exclude<TenantTable, 'restaurant'>;

type TablesWithRestaurantId = { [T in keyof Database]: 'restaurantId' extends keyof Database[T] ? T : never }[keyof Database];

/** A compile error names a table with a `restaurantId` column that is missing above. */
const everyTableWithRestaurantId: Record<Exclude<TablesWithRestaurantId, TenantRowTable>, never> = {};
/** A compile error names a table listed above that has no `restaurantId` column. */
const onlyTablesWithRestaurantId: Record<Exclude<TenantRowTable, TablesWithRestaurantId>, never> = {};
void everyTableWithRestaurantId;
void onlyTablesWithRestaurantId;

export const TENANT_TABLES = Object.keys(TENANT_COLUMN) as TenantTable[];

export function isTenantTable(table: string): table is TenantTable {
  return Object.hasOwn(TENANT_COLUMN, table);
}
