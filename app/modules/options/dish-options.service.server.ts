import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { isPermutationOf, moveInOrder } from '#app/modules/editing/menu-rules.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { parseAllergenList } from '#app/modules/product/allergens.ts';
import { findProduct } from '#app/modules/product/product.repo.server.ts';
import { findRestaurantCurrency } from '#app/modules/restaurant/restaurant.repo.server.ts';
import type { LibraryGroup } from './dish-options.types.ts';
import { OPTION_LIMITS } from './options.types.ts';
import { countDishesPerGroup, findOptionGroup, listDishGroupIds, listOptionGroups, listOptionItems, writeDishGroups } from './options-library.repo.server.ts';

/**
 * Which groups of the library a dish offers, in order (decision 0034), and what the editor shows of
 * the library. The group and the dish must be the same restaurant's: another restaurant's id is
 * 'not-found', like a missing one.
 */

/**
 * The library: every group with its options, in order. Read by whoever may mark an option sold out
 * (staff included: the group's page is where they do it); changing it is 'menu.edit'.
 */
export async function getOptionLibrary(scope: RestaurantScope): Promise<LibraryGroup[]> {
  authorize(scope, 'menu.availability');
  const { db, restaurantId } = scope;
  const [groups, items, usage] = await Promise.all([listOptionGroups(db, restaurantId), listOptionItems(db, restaurantId), countDishesPerGroup(db, restaurantId)]);
  const byGroup = Map.groupBy(items, (item) => item.groupId);
  return groups.map((group) => ({
    id: group.id,
    nameRo: group.nameRo,
    nameEn: group.nameEn,
    minChoices: group.minChoices,
    maxChoices: group.maxChoices,
    pricing: group.pricing,
    version: group.updatedAt,
    dishes: usage.get(group.id) ?? 0,
    options: (byGroup.get(group.id) ?? []).map((item) => ({
      id: item.id,
      nameRo: item.nameRo,
      nameEn: item.nameEn,
      priceMinor: item.priceMinor,
      allergens: parseAllergenList(item.allergens),
      traces: parseAllergenList(item.traces),
      available: item.available === 1,
      soldOutUntil: item.available === 1 ? null : item.soldOutUntil,
      visible: item.visible === 1,
      version: item.updatedAt,
    })),
  }));
}

/** One group of the library with its options and the restaurant's currency, for its page; another restaurant's is 'not-found'. */
export async function getOptionGroupForEdit(scope: RestaurantScope, groupId: string): Promise<{ group: LibraryGroup; currency: string }> {
  const [library, { currency }] = await Promise.all([getOptionLibrary(scope), findRestaurantCurrency(scope.db, scope.restaurantId)]);
  const group = library.find((row) => row.id === groupId);
  if (!group) throw new AppError('not-found');
  return { group, currency };
}

/** A dish's groups in order, and the library's other groups it could offer. */
export async function getDishOptions(scope: RestaurantScope, productId: string): Promise<{ attached: LibraryGroup[]; available: LibraryGroup[] }> {
  authorize(scope, 'menu.edit');
  if (!(await findProduct(scope.db, scope.restaurantId, productId))) throw new AppError('not-found');
  const [library, ids] = await Promise.all([getOptionLibrary(scope), listDishGroupIds(scope.db, scope.restaurantId, productId)]);
  const byId = new Map(library.map((group) => [group.id, group]));
  return { attached: ids.flatMap((id) => byId.get(id) ?? []), available: library.filter((group) => !ids.includes(group.id)) };
}

/**
 * Writes a dish's groups in a new order under the menu's lock, after `plan` computed it from the
 * current one; the dish and every group named must be this restaurant's ('not-found' otherwise).
 */
async function changeDishGroups(
  scope: RestaurantScope,
  storage: FileStorage,
  productId: string,
  action: string,
  plan: (current: string[], within: RestaurantScope) => Promise<string[]> | string[],
): Promise<void> {
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    if (!(await findProduct(db, restaurantId, productId))) throw new AppError('not-found');
    const current = await listDishGroupIds(db, restaurantId, productId);
    const next = await plan(current, change.scope);
    if (next.length > OPTION_LIMITS.groupsPerDish) throw new AppError('option-limit-reached', { context: 'dish', limit: OPTION_LIMITS.groupsPerDish });
    await writeDishGroups(db, restaurantId, productId, next);
    await recordAudit(change.scope, { action: `product.options.${action}`, target: { type: 'product', id: productId }, before: { groups: current }, after: { groups: next } });
  });
}

/** Offers a group of the library on a dish, after its other groups; at most OPTION_LIMITS.groupsPerDish. Attached already: nothing changes. */
export async function attachOptionGroup(scope: RestaurantScope, storage: FileStorage, productId: string, groupId: string): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeDishGroups(scope, storage, productId, 'attach', async (current, within) => {
    if (!(await findOptionGroup(within.db, within.restaurantId, groupId))) throw new AppError('not-found');
    return current.includes(groupId) ? current : [...current, groupId];
  });
}

/** The dish stops offering the group (the group stays in the library). */
export async function detachOptionGroup(scope: RestaurantScope, storage: FileStorage, productId: string, groupId: string): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeDishGroups(scope, storage, productId, 'detach', (current) => {
    if (!current.includes(groupId)) throw new AppError('not-found');
    return current.filter((id) => id !== groupId);
  });
}

/** One step up or down among the dish's groups: the order the guest answers them in. */
export async function moveDishOptionGroup(scope: RestaurantScope, storage: FileStorage, productId: string, groupId: string, direction: 'up' | 'down'): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeDishGroups(scope, storage, productId, 'move', (current) => {
    if (!current.includes(groupId)) throw new AppError('not-found');
    return moveInOrder(current, groupId, direction);
  });
}

/** The dish's groups in a new order: exactly the groups it offers now, or nothing changes ('not-found'). */
export async function reorderDishOptionGroups(scope: RestaurantScope, storage: FileStorage, productId: string, orderedGroupIds: readonly string[]): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeDishGroups(scope, storage, productId, 'reorder', (current) => {
    if (!isPermutationOf(orderedGroupIds, current)) throw new AppError('not-found');
    return [...orderedGroupIds];
  });
}
