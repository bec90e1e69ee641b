import type { ProductTable } from '#app/db/schema.ts';
import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { changedFields, recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { noteContentSave } from '#app/modules/translation/source-change.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { applyOrder, moveOneStep, nextSortOrder, requireOwnRow, resolveOwnImage, setRowFlag, setSoldOutUntil } from '#app/modules/editing/editing.repo.server.ts';
import { KEEP_CURRENT_IMAGE } from '#app/modules/editing/editor-image.ts';
import { nextRowVersion } from '#app/modules/editing/menu-rules.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { requireNextOpening } from '#app/modules/restaurant/next-opening.server.ts';
import { findRestaurantCurrency } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { decrementProductsCount, incrementProductsCountWithinLimit } from './product-count.server.ts';
import { applyPriceChange, bulkEditPermission, type BulkEditInput } from './bulk-edit.ts';
import { deleteProductRow, findProduct, insertProduct, listFullProductsOfCategory, listProductsByIds, updateProductRow } from './product.repo.server.ts';
import type { ProductInput } from './product.schema.ts';

function requireOwnCategory(scope: RestaurantScope, categoryId: string): Promise<void> {
  return requireOwnRow(scope.db, scope.restaurantId, { table: 'category', id: categoryId });
}

async function requireOwnProduct(scope: RestaurantScope, productId: string) {
  const product = await findProduct(scope.db, scope.restaurantId, productId);
  if (!product) throw new AppError('not-found');
  return product;
}

const flag = (value: boolean) => (value ? (1 as const) : (0 as const));

function columnsOf(input: ProductInput) {
  const { price, imageId: _imageId, allergens, traces, additives, frozen, available, visible, ...rest } = input;
  return {
    ...rest,
    priceMinor: price,
    allergens: JSON.stringify(allergens),
    traces: JSON.stringify(traces),
    additives: JSON.stringify(additives),
    frozen: flag(frozen),
    available: flag(available),
    visible: flag(visible),
  } satisfies Partial<ProductTable>;
}

/**
 * Adds a product at the end of its category. docs/product-spec.md section 4: refused past the free plan's limit
 * ('product-limit-reached', offering the upgrade); the product count goes up by one.
 */
export async function createProduct(scope: RestaurantScope, storage: FileStorage, input: ProductInput): Promise<string> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    await requireOwnCategory(change.scope, input.categoryId);
    await incrementProductsCountWithinLimit(change.scope);
    const image = await resolveOwnImage(db, restaurantId, input.imageId === KEEP_CURRENT_IMAGE ? null : input.imageId);
    const { currency } = await findRestaurantCurrency(db, restaurantId);
    const now = new Date().toISOString();
    const id = newId();
    const sortOrder = await nextSortOrder(db, restaurantId, { table: 'product', parent: { column: 'categoryId', id: input.categoryId } });
    await insertProduct(db, restaurantId, {
      id,
      ...columnsOf(input),
      currency,
      imageId: image?.id ?? null,
      imageKey: image?.key ?? null,
      sortOrder,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(change.scope, { action: 'product.create', target: { type: 'product', id }, after: { name: input.nameRo } });
    return id;
  });
}

/**
 * Edits a product; moving it to another category puts it last there. A replaced image is freed if unused.
 * `expectedVersion` is the `updatedAt` the form was loaded at: a save from a stale form (another tab
 * saved first) is refused ('stale-edit') instead of silently reverting the other save, and so is one
 * without a version (undefined: a post without the hidden field; decision 0015), after the ownership checks.
 */
export async function updateProduct(scope: RestaurantScope, storage: FileStorage, productId: string, input: ProductInput, expectedVersion: string | undefined): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    const current = await requireOwnProduct(change.scope, productId);
    await requireOwnCategory(change.scope, input.categoryId);
    const image = input.imageId === KEEP_CURRENT_IMAGE ? { id: current.imageId, key: current.imageKey } : await resolveOwnImage(db, restaurantId, input.imageId);
    const sortOrder =
      current.categoryId === input.categoryId
        ? current.sortOrder
        : await nextSortOrder(db, restaurantId, { table: 'product', parent: { column: 'categoryId', id: input.categoryId } });
    // still sold out "until we open again" only if the form keeps it sold out and that opening is ahead (issue 35 item 8)
    const soldOutUntil = !input.available && current.soldOutUntil && Date.parse(current.soldOutUntil) > Date.now() ? current.soldOutUntil : null;
    const next = { ...columnsOf(input), soldOutUntil, imageId: image?.id ?? null, imageKey: image?.key ?? null };
    const written =
      expectedVersion !== undefined && (await updateProductRow(db, restaurantId, productId, { ...next, sortOrder, updatedAt: nextRowVersion(current.updatedAt) }, expectedVersion));
    if (!written) throw new AppError('stale-edit', { context: 'product' });
    // a changed Romanian: machine translations made again (a job), the owner's flagged (issue 16)
    await noteContentSave(change.scope, 'product', productId, current, next);
    await recordAudit(change.scope, { action: 'product.update', target: { type: 'product', id: productId }, ...changedFields(current, next) });
    if (current.imageKey !== (image?.key ?? null)) await change.release([current.imageKey]);
  });
}

/** Deletes a product: the count goes down by one (never below 0); its image is freed if unused. */
export async function deleteProduct(scope: RestaurantScope, storage: FileStorage, productId: string): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const product = await requireOwnProduct(change.scope, productId);
    await deleteProductRow(change.scope.db, change.scope.restaurantId, productId);
    await decrementProductsCount(change.scope, 1);
    await recordAudit(change.scope, { action: 'product.delete', target: { type: 'product', id: productId }, before: { name: product.nameRo } });
    await change.release([product.imageKey]);
  });
}

/** One click: show or hide a product, or mark it available or sold out. */
export async function setProductFlag(scope: RestaurantScope, storage: FileStorage, productId: string, field: 'visible' | 'available', value: boolean): Promise<void> {
  authorize(scope, 'menu.availability');
  return changeMenu(scope, storage, async (change) => {
    await setRowFlag(change.scope.db, change.scope.restaurantId, { table: 'product', id: productId }, field, value);
    await recordAudit(change.scope, { action: 'product.flag', target: { type: 'product', id: productId }, after: { [field]: value } });
  });
}

/**
 * One click: sold out "until we open again" (issue 35 item 8): the dish is sold out until the
 * restaurant's next opening after `now` (its hours, closed days and special hours) and comes back
 * by itself then (and its time zone, to say when). Refused ('no-next-opening') when the hours are not set or nothing opens ahead:
 * "again" would mean nothing, and a dish silently sold out for good is worse than being asked to
 * set the hours.
 */
export async function markProductSoldOutUntilOpening(
  scope: RestaurantScope,
  storage: FileStorage,
  productId: string,
  now: number = Date.now(),
): Promise<{ at: Date; timeZone: string }> {
  authorize(scope, 'menu.availability');
  return changeMenu(scope, storage, async (change) => {
    const opening = await requireNextOpening(change.scope.db, change.scope.restaurantId, now);
    const until = new Date(opening.at);
    await setSoldOutUntil(change.scope.db, change.scope.restaurantId, { table: 'product', id: productId }, until.toISOString());
    await recordAudit(change.scope, { action: 'product.flag', target: { type: 'product', id: productId }, after: { available: false, soldOutUntil: until.toISOString() } });
    return { at: until, timeZone: opening.timeZone };
  });
}

/** Drag and drop: the full new order of one category's products. */
export async function reorderProducts(scope: RestaurantScope, storage: FileStorage, categoryId: string, orderedIds: readonly string[]): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    await applyOrder(change.scope.db, change.scope.restaurantId, { table: 'product', parent: { column: 'categoryId', id: categoryId } }, orderedIds);
    await recordAudit(change.scope, { action: 'product.reorder', target: { type: 'category', id: categoryId }, after: { count: orderedIds.length } });
  });
}

/** Keyboard: one step up or down within its category. */
export async function moveProduct(scope: RestaurantScope, storage: FileStorage, productId: string, direction: 'up' | 'down'): Promise<void> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const product = await requireOwnProduct(change.scope, productId);
    await moveOneStep(change.scope.db, change.scope.restaurantId, { table: 'product', parent: { column: 'categoryId', id: product.categoryId } }, productId, direction);
    await recordAudit(change.scope, { action: 'product.move', target: { type: 'product', id: productId }, after: { direction } });
  });
}

/** The Romanian and English names of a copy: "Ciorbă (copie)", "Soup (copy)". */
export function copyNames(row: { nameRo: string; nameEn: string | null }) {
  return { nameRo: `${row.nameRo} (copie)`.slice(0, 120), nameEn: row.nameEn ? `${row.nameEn} (copy)`.slice(0, 120) : null };
}

/**
 * A dish like another (issue 17, faster editing): every field copied, named "… (copie)", placed
 * right after the original in its category, sharing its picture. Counts as a new product (the free
 * plan's limit applies).
 */
export async function duplicateProduct(scope: RestaurantScope, storage: FileStorage, productId: string): Promise<string> {
  authorize(scope, 'menu.edit');
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    const original = await requireOwnProduct(change.scope, productId);
    await incrementProductsCountWithinLimit(change.scope);
    const now = new Date().toISOString();
    const id = newId();
    const { restaurantId: _restaurantId, id: _id, ...columns } = original;
    await insertProduct(db, restaurantId, { ...columns, ...copyNames(original), id, sortOrder: original.sortOrder, createdAt: now, updatedAt: now });
    // right after the original: the new row takes the original's place + 1, the rest move down
    const siblings = await listSiblingIds(db, restaurantId, original.categoryId);
    const order = siblings.filter((sibling) => sibling !== id);
    order.splice(order.indexOf(productId) + 1, 0, id);
    await applyOrder(db, restaurantId, { table: 'product', parent: { column: 'categoryId', id: original.categoryId } }, order);
    await recordAudit(change.scope, { action: 'product.duplicate', target: { type: 'product', id }, after: { from: productId, name: original.nameRo } });
    return id;
  });
}

async function listSiblingIds(db: RestaurantScope['db'], restaurantId: string, categoryId: string): Promise<string[]> {
  return (await listFullProductsOfCategory(db, restaurantId, categoryId)).map((row) => row.id);
}

/**
 * One action on many selected dishes (issue 17): sold out, available, hide, show, move to another
 * category (last there, in their order), or change the price by a percentage or an amount. All or
 * nothing, in one menu change: a dish of another restaurant is 'not-found', a price that would go
 * below zero refuses the whole change ('invalid-input'). Returns how many dishes changed. Each change
 * applies to the row as read under the restaurant's row lock (its version then), so it composes with
 * other saves rather than reverting them: no form version is needed.
 */
export async function bulkEditProducts(scope: RestaurantScope, storage: FileStorage, input: BulkEditInput): Promise<number> {
  authorize(scope, bulkEditPermission(input.action));
  return changeMenu(scope, storage, async (change) => {
    const { db, restaurantId } = change.scope;
    const rows = await listProductsByIds(db, restaurantId, input.ids);
    if (rows.length !== input.ids.length) throw new AppError('not-found');
    if (input.action === 'move') {
      await requireOwnCategory(change.scope, input.categoryId);
      let sortOrder = await nextSortOrder(db, restaurantId, { table: 'product', parent: { column: 'categoryId', id: input.categoryId } });
      for (const row of rows) {
        if (row.categoryId === input.categoryId) continue;
        await updateProductRow(db, restaurantId, row.id, { categoryId: input.categoryId, sortOrder: sortOrder++, updatedAt: nextRowVersion(row.updatedAt) }, row.updatedAt);
      }
    } else if (input.action === 'price') {
      for (const row of rows) {
        const priceMinor = applyPriceChange(row.priceMinor, { kind: input.kind, value: input.value });
        if (priceMinor === null) throw new AppError('invalid-input');
        await updateProductRow(db, restaurantId, row.id, { priceMinor, updatedAt: nextRowVersion(row.updatedAt) }, row.updatedAt);
      }
    } else {
      const [column, value] = ({ 'sold-out': ['available', 0], available: ['available', 1], hide: ['visible', 0], show: ['visible', 1] } as const)[input.action];
      // sold out or available by hand: no longer "until we open again" (issue 35 item 8)
      const until = column === 'available' ? { soldOutUntil: null } : {};
      for (const row of rows) await updateProductRow(db, restaurantId, row.id, { [column]: value, ...until, updatedAt: nextRowVersion(row.updatedAt) }, row.updatedAt);
    }
    await recordAudit(change.scope, {
      action: 'product.bulk',
      target: { type: 'restaurant', id: restaurantId },
      after: {
        action: input.action,
        count: rows.length,
        ...(input.action === 'price' ? { kind: input.kind, value: input.value } : {}),
        ...(input.action === 'move' ? { categoryId: input.categoryId } : {}),
      },
    });
    return rows.length;
  });
}
