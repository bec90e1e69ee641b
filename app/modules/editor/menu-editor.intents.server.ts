import { z } from 'zod';
import type { getI18n } from '#app/i18n/i18n.ts';
import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { CategoryInput } from '#app/modules/category/category.schema.ts';
import * as categories from '#app/modules/category/category.service.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { getStorage, type FileStorage } from '#app/modules/image/storage.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import * as locations from '#app/modules/location/location.service.server.ts';
import { BulkEditInput } from '#app/modules/product/bulk-edit.ts';
import * as products from '#app/modules/product/product.service.server.ts';
import { formValues, formVersion, idField } from '#app/modules/editing/menu-fields.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { expandRowIntent, menuIntentPermission } from './menu-intents.ts';
import { returnsAt, returnsLabel } from './returns-at.ts';

const direction = z.enum(['up', 'down']);
const orderedIds = z.string().transform((value) => value.split(',').filter(Boolean));
const bool = z.enum(['true', 'false']).transform((value) => value === 'true');

type Translate = ReturnType<typeof getI18n>['t'];
interface Context {
  storage: FileStorage;
  t: Translate;
}

/**
 * The menu page's one-click operations, by `intent`: each parses its fields, calls one service
 * (which scopes every row to the restaurant) and says what happened in the owner's language.
 * The intent's permission (menu-intents.ts) is checked first, before any field is read; a row
 * button's `<intent>:<id>[:<argument>]` is split into those fields before that.
 */
export async function runMenuIntent(scope: RestaurantScope, posted: Record<string, unknown>, { storage, t }: Context): Promise<{ message: string; id?: string }> {
  const values = expandRowIntent(posted);
  authorize(scope, menuIntentPermission(values));
  const id = () => idField.parse(values.id);
  switch (values.intent) {
    case 'create-location':
      return { message: t('editor.locationSaved'), id: await locations.createLocation(scope, storage, LocationInput.parse(values)) };
    case 'update-location':
      await locations.updateLocation(scope, storage, id(), LocationInput.parse(values), formVersion.parse(values.version));
      return { message: t('editor.locationSaved') };
    case 'delete-location':
      await locations.deleteLocationCascade(scope, storage, id());
      return { message: t('editor.locationDeleted') };
    case 'set-location-visible': {
      const visible = bool.parse(values.value);
      await locations.setLocationVisible(scope, storage, id(), visible);
      return { message: t(visible ? 'editor.shown' : 'editor.hiddenNow') };
    }
    case 'move-location':
      await locations.moveLocation(scope, storage, id(), direction.parse(values.direction));
      return { message: t('editor.orderSaved') };
    case 'reorder-locations':
      await locations.reorderLocations(scope, storage, orderedIds.parse(values.order));
      return { message: t('editor.orderSaved') };
    case 'create-category':
      return { message: t('editor.categorySaved'), id: await categories.createCategory(scope, storage, CategoryInput.parse(values)) };
    case 'update-category':
      await categories.updateCategory(scope, storage, id(), CategoryInput.parse(values), formVersion.parse(values.version));
      return { message: t('editor.categorySaved') };
    case 'delete-category':
      await categories.deleteCategoryCascade(scope, storage, id());
      return { message: t('editor.categoryDeleted') };
    case 'set-category-visible': {
      const visible = bool.parse(values.value);
      await categories.setCategoryVisible(scope, storage, id(), visible);
      return { message: t(visible ? 'editor.shown' : 'editor.hiddenNow') };
    }
    case 'move-category':
      await categories.moveCategory(scope, storage, id(), direction.parse(values.direction));
      return { message: t('editor.orderSaved') };
    case 'reorder-categories':
      await categories.reorderCategories(scope, storage, idField.parse(values.parentId), orderedIds.parse(values.order));
      return { message: t('editor.orderSaved') };
    case 'delete-product':
      await products.deleteProduct(scope, storage, id());
      return { message: t('editor.productDeleted') };
    case 'set-product-visible': {
      const visible = bool.parse(values.value);
      await products.setProductFlag(scope, storage, id(), 'visible', visible);
      return { message: t(visible ? 'editor.shown' : 'editor.hiddenNow') };
    }
    case 'set-product-available': {
      const available = bool.parse(values.value);
      await products.setProductFlag(scope, storage, id(), 'available', available);
      return { message: t(available ? 'editor.markedAvailable' : 'editor.markedSoldOut') };
    }
    case 'sold-out-until-opening': {
      const { at, timeZone } = await products.markProductSoldOutUntilOpening(scope, storage, id());
      return { message: returnsLabel(t, returnsAt(at.getTime(), timeZone, Date.now())) };
    }
    case 'move-product':
      await products.moveProduct(scope, storage, id(), direction.parse(values.direction));
      return { message: t('editor.orderSaved') };
    case 'reorder-products':
      await products.reorderProducts(scope, storage, idField.parse(values.parentId), orderedIds.parse(values.order));
      return { message: t('editor.orderSaved') };
    case 'duplicate-product':
      return { message: t('editor.productDuplicated'), id: await products.duplicateProduct(scope, storage, id()) };
    case 'duplicate-category':
      return { message: t('editor.categoryDuplicated'), id: await categories.duplicateCategory(scope, storage, id()) };
    case 'bulk-products': {
      const count = await products.bulkEditProducts(scope, storage, BulkEditInput.parse(values));
      return { message: t('editor.bulkDone', { count }) };
    }
    default:
      throw new AppError('invalid-input');
  }
}

/**
 * One posted menu operation, answered as the editor's actions answer (`ActionResult`, its status):
 * the editor page's action and its JSON twin for the page's script (decision 0033) both run this.
 */
export async function answerMenuIntent(request: Request, scope: RestaurantScope) {
  const values = formValues(await request.formData(), ['ids']);
  return runEditorAction(request, values, (t) => runMenuIntent(scope, values, { storage: getStorage(), t }));
}
