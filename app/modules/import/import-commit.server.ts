import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { attachOptionGroups } from '#app/modules/options/option-library.server.ts';
import { OPTION_LIMITS } from '#app/modules/options/options.types.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import type { RestaurantQuotas } from '#app/env.types.ts';
import { findRestaurantCurrency, lockPlanState, setProductsCount } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { FREE_PRODUCT_LIMIT, isBefore, remainingProducts } from '#app/modules/subscription/subscription.ts';
import { getRestaurantQuotas } from '#app/env.server.ts';
import { existingDishKeys } from './existing-dishes.server.ts';
import { headerKey } from './import-columns.ts';
import { MAX_IMPORT_ROWS } from './import-read.server.ts';
import { cleanRow, normaliseRow, reviewRows, type ImportedDish } from './import-rows.ts';
import { insertCategoriesBatch, insertLocationsBatch, insertProductsBatch, listCategoriesForImport, listDishNamesForImport, listLocationChoices } from './import.repo.server.ts';
import type { ImportResult } from './import.types.ts';

/**
 * Saves the reviewed rows, all or nothing, in one menu change (one version bump, one audit row).
 * A row naming a location goes to the restaurant's location of that name (compared loosely, like
 * categories), which is created when the restaurant has none (within the locations quota); a row
 * without one goes to the chosen location. Rows are checked again here (a browser is never
 * trusted): a row with a problem, a duplicate or a plan without room for every dish refuses the
 * whole import and saves nothing. Categories are matched by name within their location and created
 * when missing, in file order. A row's option groups (the "Opțiuni" column) join the library, a
 * group already there with the same options being attached instead of copied.
 */
export async function commitImport(
  scope: RestaurantScope,
  storage: FileStorage,
  input: { locationId: string; rows: unknown },
  quotas: RestaurantQuotas = getRestaurantQuotas(),
): Promise<ImportResult> {
  authorize(scope, 'menu.import');
  const raw = Array.isArray(input.rows) ? input.rows : [];
  if (raw.length === 0) throw new AppError('import-empty');
  if (raw.length > MAX_IMPORT_ROWS) throw new AppError('import-too-many-rows', { max: MAX_IMPORT_ROWS });
  const rows = raw.map((row, index) => ({ line: index + 1, cells: cleanRow(row) }));
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    const { existing, defaultLocation } = await existingDishKeys(change.scope, input.locationId);
    const reviewed = reviewRows(rows, existing, defaultLocation);
    const withProblems = reviewed.filter((row) => row.problems.length > 0);
    if (withProblems.length > 0) throw new AppError('import-has-problems', { count: withProblems.length, line: withProblems[0]!.line });
    const dishes = rows.map((row) => normaliseRow(row.cells).dish).filter((dish): dish is ImportedDish => dish !== null);

    // the plan's product limit, under the restaurant's row lock (changeMenu took it)
    const plan = await lockPlanState(db, restaurantId);
    if (!plan) throw new AppError('not-found');
    const pro = isBefore(plan.proUntil);
    if (!pro && plan.productsCount + dishes.length > FREE_PRODUCT_LIMIT) {
      throw new AppError('import-over-limit', { limit: FREE_PRODUCT_LIMIT, count: dishes.length, remaining: remainingProducts(plan.productsCount) });
    }

    const now = new Date().toISOString();
    const { currency } = await findRestaurantCurrency(db, restaurantId);

    // locations by name; the first of two with the same name wins, as in the editor's order
    const locations = await listLocationChoices(db, restaurantId);
    const locationIds = new Map<string, string>();
    for (const location of locations) if (!locationIds.has(headerKey(location.nameRo))) locationIds.set(headerKey(location.nameRo), location.id);
    let nextLocationOrder = Math.max(-1, ...locations.map((location) => location.sortOrder)) + 1;
    const newLocations: Parameters<typeof insertLocationsBatch>[2][number][] = [];
    const locationOf = (dish: ImportedDish): string => {
      if (!dish.location) return input.locationId;
      const key = headerKey(dish.location);
      const found = locationIds.get(key);
      if (found) return found;
      const id = newId();
      locationIds.set(key, id);
      newLocations.push({ id, nameRo: dish.location, nameEn: dish.locationEn, address: null, visible: 1, sortOrder: nextLocationOrder++, createdAt: now, updatedAt: now });
      return id;
    };
    const dishLocations = dishes.map(locationOf);
    if (newLocations.length > 0 && locations.length + newLocations.length > quotas.locationsPerRestaurant) {
      throw new AppError('location-limit-reached', { limit: quotas.locationsPerRestaurant });
    }

    // categories by name within their location
    const categories = await listCategoriesForImport(db, restaurantId);
    const categoryKey = (locationId: string, name: string) => `${locationId}\u0000${headerKey(name)}`;
    const categoryIds = new Map<string, string>();
    const categoriesIn = new Map<string, number>();
    const nextCategoryOrder = new Map<string, number>();
    for (const category of categories) {
      const key = categoryKey(category.locationId, category.nameRo);
      if (!categoryIds.has(key)) categoryIds.set(key, category.id);
      categoriesIn.set(category.locationId, (categoriesIn.get(category.locationId) ?? 0) + 1);
      nextCategoryOrder.set(category.locationId, Math.max(nextCategoryOrder.get(category.locationId) ?? 0, category.sortOrder + 1));
    }
    const newCategories: Parameters<typeof insertCategoriesBatch>[2][number][] = [];
    const dishCategories = dishes.map((dish, index) => {
      const locationId = dishLocations[index] ?? input.locationId;
      const key = categoryKey(locationId, dish.category);
      const found = categoryIds.get(key);
      if (found) return found;
      const id = newId();
      categoryIds.set(key, id);
      const sortOrder = nextCategoryOrder.get(locationId) ?? 0;
      nextCategoryOrder.set(locationId, sortOrder + 1);
      categoriesIn.set(locationId, (categoriesIn.get(locationId) ?? 0) + 1);
      newCategories.push({
        id,
        locationId,
        nameRo: dish.category,
        nameEn: dish.categoryEn,
        descriptionRo: null,
        descriptionEn: null,
        imageKey: null,
        visible: 1,
        sortOrder,
        createdAt: now,
        updatedAt: now,
      });
      return id;
    });
    if (newCategories.some((category) => (categoriesIn.get(category.locationId) ?? 0) > quotas.categoriesPerLocation)) {
      throw new AppError('category-limit-reached', { limit: quotas.categoriesPerLocation });
    }

    const nextOrder = new Map<string, number>();
    for (const dish of await listDishNamesForImport(db, restaurantId)) nextOrder.set(dish.categoryId, Math.max(nextOrder.get(dish.categoryId) ?? 0, dish.sortOrder + 1));
    const products = dishes.map((dish, index) => {
      const categoryId = dishCategories[index] ?? '';
      const sortOrder = nextOrder.get(categoryId) ?? 0;
      nextOrder.set(categoryId, sortOrder + 1);
      return {
        id: newId(),
        categoryId,
        nameRo: dish.nameRo,
        nameEn: dish.nameEn,
        descriptionRo: dish.descriptionRo,
        descriptionEn: dish.descriptionEn,
        ingredientsRo: dish.ingredientsRo,
        ingredientsEn: dish.ingredientsEn,
        priceMinor: dish.priceMinor,
        currency,
        weightValue: dish.weightValue,
        weightUnit: dish.weightUnit,
        allergens: JSON.stringify(dish.allergens),
        traces: JSON.stringify(dish.traces),
        additives: JSON.stringify(dish.additives),
        frozen: dish.frozen ? (1 as const) : (0 as const),
        energyKcal: null,
        fat: null,
        saturates: null,
        carbs: null,
        sugars: null,
        protein: null,
        salt: null,
        servedFrom: null,
        servedUntil: null,
        available: 1 as const,
        visible: 1 as const,
        sortOrder,
        imageKey: null,
        imageId: null,
        createdAt: now,
        updatedAt: now,
      };
    });
    await insertLocationsBatch(db, restaurantId, newLocations);
    await insertCategoriesBatch(db, restaurantId, newCategories);
    await insertProductsBatch(db, restaurantId, products);
    // the rows' option groups, reusing the library's same groups; over its bound, nothing is saved
    const attached = await attachOptionGroups(
      db,
      restaurantId,
      dishes.map((dish, index) => ({ productId: products[index]!.id, groups: dish.options })),
      now,
    );
    if (attached === 'over-limit') throw new AppError('import-option-groups-limit', { limit: OPTION_LIMITS.groupsPerRestaurant });
    await setProductsCount(db, restaurantId, plan.productsCount + products.length);
    const result = { products: products.length, categories: newCategories.length, locations: newLocations.length, optionGroups: attached.created };
    await recordAudit(change.scope, { action: 'menu.import', target: { type: 'location', id: input.locationId }, after: result });
    return result;
  });
}
