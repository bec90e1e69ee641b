import type { Locale } from '#app/i18n/i18n.ts';
import { localized } from '#app/i18n/localized.ts';
import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { listDiningTables } from '#app/modules/tables/tables.repo.server.ts';
import { getOrderingSettings } from './ordering-settings.service.server.ts';
import type { OrderingSettingsPage } from './ordering-page.types.ts';
import { CONTACT_RETENTION_DAYS } from './ordering.types.ts';

/**
 * The owner's "Comenzi și rezervări" page (issue 25 item 1): every location with its settings and
 * the tables whose QR codes carry a dine-in order (a location without one cannot take dine-in
 * orders: no code, no order, decision 0032).
 */
export async function getOrderingSettingsPage(scope: RestaurantScope, { locale }: { locale: Locale }): Promise<OrderingSettingsPage> {
  authorize(scope, 'orders.settings');
  const [locations, tables] = await Promise.all([getOrderingSettings(scope), listDiningTables(scope.db, scope.restaurantId)]);
  const byLocation = Map.groupBy(tables, (table) => table.locationId);
  return {
    locations: locations.map((location) => ({
      locationId: location.locationId,
      name: localized(location.nameRo, location.nameEn, locale),
      settings: location.settings,
      tables: (byLocation.get(location.locationId) ?? []).map((table) => table.label),
    })),
    retentionDays: CONTACT_RETENTION_DAYS,
  };
}
