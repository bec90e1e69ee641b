import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { changedFields, recordAudit } from '#app/modules/audit/audit.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { moveInOrder, nextRowVersion } from '#app/modules/editing/menu-rules.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { noteContentSave } from '#app/modules/translation/source-change.server.ts';
import type { OptionGroupInput, OptionItemInput } from './options.schema.ts';
import { OPTION_LIMITS } from './options.types.ts';
import {
  countOptionGroups,
  deleteOptionGroupRow,
  deleteOptionItemRow,
  findOptionGroup,
  findOptionItem,
  insertOptionGroup,
  insertOptionItem,
  listOptionItems,
  updateOptionGroupRow,
  updateOptionItemRow,
  writeOptionItemOrder,
} from './options-library.repo.server.ts';

/**
 * The restaurant's library of option groups (decision 0034): groups and their options made once
 * ("Lapte" on every coffee), then attached to dishes (dish-options.service.server.ts). Guests see
 * every change, so each runs through `changeMenu` (decision 0007): one transaction that bumps the
 * menu version, with its audit event.
 */

async function requireOwnGroup(scope: RestaurantScope, groupId: string) {
  const group = await findOptionGroup(scope.db, scope.restaurantId, groupId);
  if (!group) throw new AppError('not-found');
  return group;
}

async function requireOwnOption(scope: RestaurantScope, optionId: string) {
  const option = await findOptionItem(scope.db, scope.restaurantId, optionId);
  if (!option) throw new AppError('not-found');
  return option;
}

/** In a 'set' group an option's price is the dish's price: never below zero. */
function refuseNegativeSetPrice(pricing: string, priceMinor: number, field: 'price' | 'pricing'): void {
  if (pricing === 'set' && priceMinor < 0) throw new AppError('option-set-price-negative', {}, { field });
}

const groupColumns = (input: OptionGroupInput) => ({
  nameRo: input.nameRo,
  nameEn: input.nameEn,
  minChoices: input.minChoices,
  maxChoices: input.maxChoices,
  pricing: input.pricing,
});

/** Adds a group at the end of the library; at most OPTION_LIMITS.groupsPerRestaurant groups. */
export async function createOptionGroup(scope: RestaurantScope, storage: FileStorage, input: OptionGroupInput): Promise<string> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    const { count, nextSortOrder } = await countOptionGroups(db, restaurantId);
    if (count >= OPTION_LIMITS.groupsPerRestaurant) throw new AppError('option-limit-reached', { context: 'groups', limit: OPTION_LIMITS.groupsPerRestaurant });
    const id = newId();
    const now = new Date().toISOString();
    await insertOptionGroup(db, restaurantId, { id, ...groupColumns(input), sortOrder: nextSortOrder, createdAt: now, updatedAt: now });
    await recordAudit(change.scope, { action: 'optionGroup.create', target: { type: 'optionGroup', id }, after: { name: input.nameRo } });
    return id;
  });
}

/**
 * Changes a group's names, rule or pricing, from a form loaded at `expectedVersion` (decision 0015:
 * a stale or versionless save is refused). Turning it into a 'set' group is refused while one of its
 * options has a negative price.
 */
export async function updateOptionGroup(
  scope: RestaurantScope,
  storage: FileStorage,
  groupId: string,
  input: OptionGroupInput,
  expectedVersion: string | undefined,
): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    const current = await requireOwnGroup(change.scope, groupId);
    const next = groupColumns(input);
    if (input.pricing === 'set') for (const option of await listOptionItems(db, restaurantId, [groupId])) refuseNegativeSetPrice('set', option.priceMinor, 'pricing');
    const written =
      expectedVersion !== undefined && (await updateOptionGroupRow(db, restaurantId, groupId, { ...next, updatedAt: nextRowVersion(current.updatedAt) }, expectedVersion));
    if (!written) throw new AppError('stale-edit', { context: 'optionGroup' });
    // a changed Romanian name: the other languages' machine names made again, the owner's flagged (0019)
    await noteContentSave(change.scope, 'optionGroup', groupId, current, next);
    await recordAudit(change.scope, { action: 'optionGroup.update', target: { type: 'optionGroup', id: groupId }, ...changedFields(current, next) });
  });
}

/** Deletes a group with its options; every dish that offered it stops offering it. Orders keep what guests chose. */
export async function deleteOptionGroup(scope: RestaurantScope, storage: FileStorage, groupId: string): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const group = await requireOwnGroup(change.scope, groupId);
    await deleteOptionGroupRow(change.scope.db, change.scope.restaurantId, groupId);
    await recordAudit(change.scope, { action: 'optionGroup.delete', target: { type: 'optionGroup', id: groupId }, before: { name: group.nameRo } });
  });
}

function optionColumns(input: OptionItemInput) {
  return {
    nameRo: input.nameRo,
    nameEn: input.nameEn,
    priceMinor: input.price,
    allergens: JSON.stringify(input.allergens),
    traces: JSON.stringify(input.traces),
    available: input.available ? (1 as const) : (0 as const),
    visible: input.visible ? (1 as const) : (0 as const),
  };
}

/** Adds an option at the end of its group; at most OPTION_LIMITS.optionsPerGroup; never a negative price in a 'set' group. */
export async function createOptionItem(scope: RestaurantScope, storage: FileStorage, groupId: string, input: OptionItemInput): Promise<string> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    const group = await requireOwnGroup(change.scope, groupId);
    refuseNegativeSetPrice(group.pricing, input.price, 'price');
    const siblings = await listOptionItems(db, restaurantId, [groupId]);
    if (siblings.length >= OPTION_LIMITS.optionsPerGroup) throw new AppError('option-limit-reached', { context: 'options', limit: OPTION_LIMITS.optionsPerGroup });
    const id = newId();
    const now = new Date().toISOString();
    const sortOrder = siblings.reduce((last, option) => Math.max(last, option.sortOrder + 1), 0);
    await insertOptionItem(db, restaurantId, { id, groupId, ...optionColumns(input), sortOrder, createdAt: now, updatedAt: now });
    await recordAudit(change.scope, {
      action: 'optionItem.create',
      target: { type: 'optionItem', id },
      after: { group: group.nameRo, name: input.nameRo, priceMinor: input.price },
    });
    return id;
  });
}

/**
 * Changes an option from a form loaded at `expectedVersion` (a stale or versionless save is
 * refused). Marking it available again clears a "until we open again".
 */
export async function updateOptionItem(scope: RestaurantScope, storage: FileStorage, optionId: string, input: OptionItemInput, expectedVersion: string | undefined): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    const current = await requireOwnOption(change.scope, optionId);
    const group = await requireOwnGroup(change.scope, current.groupId);
    refuseNegativeSetPrice(group.pricing, input.price, 'price');
    const next = { ...optionColumns(input), ...(input.available ? { soldOutUntil: null } : {}) };
    const written =
      expectedVersion !== undefined && (await updateOptionItemRow(db, restaurantId, optionId, { ...next, updatedAt: nextRowVersion(current.updatedAt) }, expectedVersion));
    if (!written) throw new AppError('stale-edit', { context: 'optionItem' });
    await noteContentSave(change.scope, 'optionItem', optionId, current, next);
    await recordAudit(change.scope, { action: 'optionItem.update', target: { type: 'optionItem', id: optionId }, ...changedFields(current, next) });
  });
}

/** Deletes an option; orders already placed keep its name and price as the guest confirmed them. */
export async function deleteOptionItem(scope: RestaurantScope, storage: FileStorage, optionId: string): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const option = await requireOwnOption(change.scope, optionId);
    await deleteOptionItemRow(change.scope.db, change.scope.restaurantId, optionId);
    await recordAudit(change.scope, { action: 'optionItem.delete', target: { type: 'optionItem', id: optionId }, before: { name: option.nameRo } });
  });
}

/** One step up or down among its group's options (the keyboard's and the phone's reorder). */
export async function moveOptionItem(scope: RestaurantScope, storage: FileStorage, optionId: string, direction: 'up' | 'down'): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    const option = await requireOwnOption(change.scope, optionId);
    const order = (await listOptionItems(db, restaurantId, [option.groupId])).map((row) => row.id);
    await writeOptionItemOrder(db, restaurantId, option.groupId, moveInOrder(order, optionId, direction));
    await recordAudit(change.scope, { action: 'optionItem.move', target: { type: 'optionItem', id: optionId }, after: { direction } });
  });
}
