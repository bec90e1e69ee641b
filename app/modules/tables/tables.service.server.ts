import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import type { Locale } from '#app/i18n/i18n.ts';
import { localized } from '#app/i18n/localized.ts';
import { authorize, withDb, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { listAllLocations } from '#app/modules/location/location.repo.server.ts';
import { findQrRestaurant } from '#app/modules/qr/qr.repo.server.ts';
import { menuShortLink } from '#app/modules/qr/qr.server.ts';
import { renderTableCardSheetPdf } from '#app/modules/qr/table-card.server.ts';
import { loadCardLogo } from '#app/modules/qr/qr.service.server.ts';
import { newId, newShortCode } from '#app/modules/restaurant/ids.ts';
import { MAX_TABLES_PER_RESTAURANT, type AddTablesInput } from './tables.schema.ts';
import type { TablesPage } from './tables.types.ts';
import {
  countDiningTables,
  deleteDiningTable,
  findShortLinkTarget,
  insertDiningTables,
  isOwnLocation,
  isShortCodeTaken,
  listDiningTables,
  nextTableSortOrder,
} from './tables.repo.server.ts';

/**
 * Where a QR code's permanent address leads (docs/decisions/0021): the restaurant's current slug for a
 * restaurant's code, and the table's location as well for a table's; undefined for an unknown code.
 * Guests ask, so no scope: the code is the only key.
 */
export function resolveShortLink(db: Kysely<Database>, code: string): Promise<{ slug: string; locationId: string | null } | undefined> {
  return findShortLinkTarget(db, code);
}

/** The tables page: every location with its tables, each with its own permanent short link. */
export async function getTablesPage(scope: RestaurantScope, { origin, locale }: { origin: string; locale: Locale }): Promise<TablesPage> {
  authorize(scope, 'qr.manage');
  const [locations, tables] = await Promise.all([listAllLocations(scope.db, scope.restaurantId), listDiningTables(scope.db, scope.restaurantId)]);
  const byLocation = Map.groupBy(tables, (table) => table.locationId);
  return {
    locations: [...locations]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((location) => ({
        id: location.id,
        name: localized(location.nameRo, location.nameEn, locale),
        tables: (byLocation.get(location.id) ?? []).map((table) => ({ id: table.id, label: table.label, code: table.code, url: menuShortLink(origin, table.code) })),
      })),
    total: tables.length,
  };
}

/** A short code no restaurant or table has (they share /m/<code>). */
async function freshCode(scope: RestaurantScope, taken: Set<string>): Promise<string> {
  for (;;) {
    const code = newShortCode();
    if (!taken.has(code) && !(await isShortCodeTaken(scope.db, code))) {
      taken.add(code);
      return code;
    }
  }
}

/**
 * Adds one table or a numbered run of them to one of the restaurant's locations, each with its own
 * permanent short code. Tables change nothing a guest sees on the menu, so this is not a menu
 * change (no version bump); it is audited.
 */
export async function addDiningTables(scope: RestaurantScope, input: AddTablesInput): Promise<number> {
  authorize(scope, 'qr.manage');
  return scope.db.transaction().execute(async (trx) => {
    const { restaurantId } = scope;
    if (!(await isOwnLocation(trx, restaurantId, input.locationId))) throw new AppError('not-found');
    const existing = await countDiningTables(trx, restaurantId);
    if (existing + input.label.length > MAX_TABLES_PER_RESTAURANT) throw new AppError('table-limit-reached', { limit: MAX_TABLES_PER_RESTAURANT });
    let sortOrder = await nextTableSortOrder(trx, restaurantId, input.locationId);
    const taken = new Set<string>();
    const now = new Date().toISOString();
    const rows = [];
    for (const label of input.label) {
      rows.push({ id: newId(), restaurantId, locationId: input.locationId, label, code: await freshCode(withDb(scope, trx), taken), sortOrder: sortOrder++, createdAt: now });
    }
    await insertDiningTables(trx, rows);
    await recordAudit(withDb(scope, trx), { action: 'table.create', target: { type: 'location', id: input.locationId }, after: { tables: input.label } });
    return rows.length;
  });
}

/** Removes one table: its code stops working (a card printed for it then leads nowhere). */
export async function removeDiningTable(scope: RestaurantScope, tableId: string): Promise<void> {
  authorize(scope, 'qr.manage');
  await scope.db.transaction().execute(async (trx) => {
    const removed = await deleteDiningTable(trx, scope.restaurantId, tableId);
    if (!removed) throw new AppError('not-found');
    await recordAudit(withDb(scope, trx), { action: 'table.delete', target: { type: 'table', id: tableId }, before: { label: removed.label, code: removed.code } });
  });
}

/**
 * The sheet of table cards (four A6 per A4 page), for one location or all, in the owner's
 * language. Refused with 'not-found' when there is no table to print.
 */
export async function renderTableCards(
  scope: RestaurantScope,
  storage: FileStorage,
  { origin, locale, locationId }: { origin: string; locale: Locale; locationId?: string | null },
): Promise<{ body: Buffer; filename: string }> {
  authorize(scope, 'qr.manage');
  const restaurant = await findQrRestaurant(scope.db, scope.restaurantId);
  if (!restaurant) throw new AppError('not-found');
  const page = await getTablesPage(scope, { origin, locale });
  const cards = page.locations
    .filter((location) => !locationId || location.id === locationId)
    .flatMap((location) => location.tables.map((table) => ({ label: table.label, url: table.url })));
  if (cards.length === 0) throw new AppError('not-found');
  const logo = await loadCardLogo(storage, restaurant.logoKey);
  const body = await renderTableCardSheetPdf({ restaurantName: restaurant.name, locale, cards, ...(logo ? { logo } : {}) });
  return { body, filename: `${restaurant.slug}-mese.pdf` };
}
