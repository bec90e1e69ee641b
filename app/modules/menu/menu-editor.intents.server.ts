import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '#app/db/schema.ts';
import type { getI18n } from '#app/i18n/i18n.ts';
import { CategoryInput } from '#app/modules/category/category.schema.ts';
import * as categories from '#app/modules/category/category.service.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import * as locations from '#app/modules/location/location.service.server.ts';
import * as products from '#app/modules/product/product.service.server.ts';
import { idField } from './menu-fields.ts';

const direction = z.enum(['up', 'down']);
const orderedIds = z.string().transform((value) => value.split(',').filter(Boolean));
const bool = z.enum(['true', 'false']).transform((value) => value === 'true');

type Translate = ReturnType<typeof getI18n>['t'];
interface Context {
  db: Kysely<Database>;
  storage: FileStorage;
  restaurantId: string;
  t: Translate;
}

/**
 * The menu page's one-click operations, by `intent`: each parses its fields, calls one service
 * (which scopes every row to the restaurant) and says what happened in the owner's language.
 */
export async function runMenuIntent(values: Record<string, unknown>, { db, storage, restaurantId, t }: Context): Promise<{ message: string; id?: string }> {
  const id = () => idField.parse(values.id);
  switch (values.intent) {
    case 'create-location':
      return { message: t('editor.locationSaved'), id: await locations.createLocation(db, storage, restaurantId, LocationInput.parse(values)) };
    case 'update-location':
      await locations.updateLocation(db, storage, restaurantId, id(), LocationInput.parse(values));
      return { message: t('editor.locationSaved') };
    case 'delete-location':
      await locations.deleteLocationCascade(db, storage, restaurantId, id());
      return { message: t('editor.locationDeleted') };
    case 'set-location-visible': {
      const visible = bool.parse(values.value);
      await locations.setLocationVisible(db, storage, restaurantId, id(), visible);
      return { message: t(visible ? 'editor.shown' : 'editor.hiddenNow') };
    }
    case 'move-location':
      await locations.moveLocation(db, storage, restaurantId, id(), direction.parse(values.direction));
      return { message: t('editor.orderSaved') };
    case 'reorder-locations':
      await locations.reorderLocations(db, storage, restaurantId, orderedIds.parse(values.order));
      return { message: t('editor.orderSaved') };
    case 'create-category':
      return { message: t('editor.categorySaved'), id: await categories.createCategory(db, storage, restaurantId, CategoryInput.parse(values)) };
    case 'update-category':
      await categories.updateCategory(db, storage, restaurantId, id(), CategoryInput.parse(values));
      return { message: t('editor.categorySaved') };
    case 'delete-category':
      await categories.deleteCategoryCascade(db, storage, restaurantId, id());
      return { message: t('editor.categoryDeleted') };
    case 'set-category-visible': {
      const visible = bool.parse(values.value);
      await categories.setCategoryVisible(db, storage, restaurantId, id(), visible);
      return { message: t(visible ? 'editor.shown' : 'editor.hiddenNow') };
    }
    case 'move-category':
      await categories.moveCategory(db, storage, restaurantId, id(), direction.parse(values.direction));
      return { message: t('editor.orderSaved') };
    case 'reorder-categories':
      await categories.reorderCategories(db, storage, restaurantId, idField.parse(values.parentId), orderedIds.parse(values.order));
      return { message: t('editor.orderSaved') };
    case 'delete-product':
      await products.deleteProduct(db, storage, restaurantId, id());
      return { message: t('editor.productDeleted') };
    case 'set-product-visible': {
      const visible = bool.parse(values.value);
      await products.setProductFlag(db, storage, restaurantId, id(), 'visible', visible);
      return { message: t(visible ? 'editor.shown' : 'editor.hiddenNow') };
    }
    case 'set-product-available': {
      const available = bool.parse(values.value);
      await products.setProductFlag(db, storage, restaurantId, id(), 'available', available);
      return { message: t(available ? 'editor.markedAvailable' : 'editor.markedSoldOut') };
    }
    case 'move-product':
      await products.moveProduct(db, storage, restaurantId, id(), direction.parse(values.direction));
      return { message: t('editor.orderSaved') };
    case 'reorder-products':
      await products.reorderProducts(db, storage, restaurantId, idField.parse(values.parentId), orderedIds.parse(values.order));
      return { message: t('editor.orderSaved') };
    default:
      throw new AppError('invalid-input');
  }
}
