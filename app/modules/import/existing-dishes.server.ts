import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { findLocation } from '#app/modules/location/location.repo.server.ts';
import { dishKey } from './import-rows.ts';
import { listDishNamesForImport } from './import.repo.server.ts';

/**
 * The dishes already in the menu, as duplicate keys (location, category, name), and the name of the
 * chosen location, which rows without a location of their own belong to. A location of another
 * restaurant is not found.
 */
export async function existingDishKeys(scope: RestaurantScope, locationId: string | undefined): Promise<{ existing: Set<string>; defaultLocation: string }> {
  authorize(scope, 'menu.import');
  if (!locationId) return { existing: new Set(), defaultLocation: '' };
  const location = await findLocation(scope.db, scope.restaurantId, locationId);
  if (!location) throw new AppError('not-found');
  const dishes = await listDishNamesForImport(scope.db, scope.restaurantId);
  return { existing: new Set(dishes.map((dish) => dishKey(dish.location, dish.category, dish.name))), defaultLocation: location.nameRo };
}
