import { getI18n } from '#app/i18n/i18n.ts';
import type { MemberScope } from '#app/modules/access/scope.server.ts';
import { CategoryInput } from '#app/modules/category/category.schema.ts';
import * as categories from '#app/modules/category/category.service.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { runMenuIntent } from '#app/modules/editor/menu-editor.intents.server.ts';
import * as editor from '#app/modules/editor/menu-editor.service.server.ts';
import { MENU_INTENT_PERMISSIONS, type MenuIntent } from '#app/modules/editor/menu-intents.ts';
import { sweepAbandonedUploads } from '#app/modules/image/image-cleanup.server.ts';
import { saveUploadedImage } from '#app/modules/image/image.service.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import * as locations from '#app/modules/location/location.service.server.ts';
import { BulkEditInput } from '#app/modules/product/bulk-edit.ts';
import { decrementProductsCount, incrementProductsCountWithinLimit } from '#app/modules/product/product-count.server.ts';
import { ProductInput } from '#app/modules/product/product.schema.ts';
import * as products from '#app/modules/product/product.service.server.ts';
import { OPTIONS_SERVICE_ROWS } from './options-service-rows.ts';
import type { ServiceRow } from './service-matrix.ts';
import type { ServiceWorld } from './service-world.ts';

/**
 * The menu's services (locations, categories, dishes, the editor, uploads, the write path) with
 * the permission each checks first (decision 0029) and a call for restaurant A.
 */

const category = (locationId: string) => CategoryInput.parse({ locationId, nameRo: 'Ciorbe noi', visible: 'on' });
const product = (categoryId: string) => ProductInput.parse({ categoryId, nameRo: 'Ciorbă nouă', price: '24,50', available: 'on', visible: 'on' });
const location = () => LocationInput.parse({ nameRo: 'Sala nouă' });

const C = 'category/category.service.server.ts#';
const L = 'location/location.service.server.ts#';
const P = 'product/product.service.server.ts#';
const E = 'editor/menu-editor.service.server.ts#';

const ENTITY_ROWS: ServiceRow[] = [
  { service: `${C}createCategory`, permission: 'menu.edit', call: (s, w) => categories.createCategory(s, w.storage, category(w.a.locationId)) },
  {
    service: `${C}updateCategory`,
    permission: 'menu.edit',
    call: (s, w) => categories.updateCategory(s, w.storage, w.a.categoryId, category(w.a.locationId), w.a.categoryVersion),
  },
  { service: `${C}deleteCategoryCascade`, permission: 'menu.edit', call: (s, w) => categories.deleteCategoryCascade(s, w.storage, w.a.categoryId) },
  { service: `${C}setCategoryVisible`, permission: 'menu.availability', call: (s, w) => categories.setCategoryVisible(s, w.storage, w.a.categoryId, false) },
  { service: `${C}reorderCategories`, permission: 'menu.edit', call: (s, w) => categories.reorderCategories(s, w.storage, w.a.locationId, [w.a.category2Id, w.a.categoryId]) },
  { service: `${C}moveCategory`, permission: 'menu.edit', call: (s, w) => categories.moveCategory(s, w.storage, w.a.category2Id, 'up') },
  { service: `${C}duplicateCategory`, permission: 'menu.edit', call: (s, w) => categories.duplicateCategory(s, w.storage, w.a.categoryId) },
  { service: `${L}createLocation`, permission: 'menu.edit', namesRows: false, call: (s, w) => locations.createLocation(s, w.storage, location()) },
  { service: `${L}updateLocation`, permission: 'menu.edit', call: (s, w) => locations.updateLocation(s, w.storage, w.a.locationId, location(), w.a.locationVersion) },
  { service: `${L}setLocationVisible`, permission: 'menu.edit', call: (s, w) => locations.setLocationVisible(s, w.storage, w.a.locationId, false) },
  { service: `${L}deleteLocationCascade`, permission: 'menu.edit', call: (s, w) => locations.deleteLocationCascade(s, w.storage, w.a.location2Id) },
  { service: `${L}reorderLocations`, permission: 'menu.edit', call: (s, w) => locations.reorderLocations(s, w.storage, [w.a.location2Id, w.a.locationId]) },
  { service: `${L}moveLocation`, permission: 'menu.edit', call: (s, w) => locations.moveLocation(s, w.storage, w.a.location2Id, 'up') },
  { service: `${P}createProduct`, permission: 'menu.edit', call: (s, w) => products.createProduct(s, w.storage, product(w.a.categoryId)) },
  { service: `${P}updateProduct`, permission: 'menu.edit', call: (s, w) => products.updateProduct(s, w.storage, w.a.productId, product(w.a.categoryId), w.a.productVersion) },
  { service: `${P}deleteProduct`, permission: 'menu.edit', call: (s, w) => products.deleteProduct(s, w.storage, w.a.product2Id) },
  { service: `${P}setProductFlag`, variant: 'sold out', permission: 'menu.availability', call: (s, w) => products.setProductFlag(s, w.storage, w.a.productId, 'available', false) },
  { service: `${P}setProductFlag`, variant: 'hidden', permission: 'menu.availability', call: (s, w) => products.setProductFlag(s, w.storage, w.a.productId, 'visible', false) },
  { service: `${P}markProductSoldOutUntilOpening`, permission: 'menu.availability', call: (s, w) => products.markProductSoldOutUntilOpening(s, w.storage, w.a.productId) },
  { service: `${P}reorderProducts`, permission: 'menu.edit', call: (s, w) => products.reorderProducts(s, w.storage, w.a.categoryId, [w.a.product2Id, w.a.productId]) },
  { service: `${P}moveProduct`, permission: 'menu.edit', call: (s, w) => products.moveProduct(s, w.storage, w.a.product2Id, 'up') },
  { service: `${P}duplicateProduct`, permission: 'menu.edit', call: (s, w) => products.duplicateProduct(s, w.storage, w.a.productId) },
  ...(['sold-out', 'available', 'hide', 'show'] as const).map((action): ServiceRow => ({
    service: `${P}bulkEditProducts`,
    variant: action,
    permission: 'menu.availability',
    call: (s, w) => products.bulkEditProducts(s, w.storage, BulkEditInput.parse({ action, ids: [w.a.productId, w.a.product2Id] })),
  })),
  {
    service: `${P}bulkEditProducts`,
    variant: 'move',
    permission: 'menu.edit',
    call: (s, w) => products.bulkEditProducts(s, w.storage, BulkEditInput.parse({ action: 'move', ids: [w.a.productId], categoryId: w.a.category2Id })),
  },
  {
    service: `${P}bulkEditProducts`,
    variant: 'price',
    permission: 'menu.edit',
    call: (s, w) => products.bulkEditProducts(s, w.storage, BulkEditInput.parse({ action: 'price', ids: [w.a.productId], kind: 'percent', value: '10' })),
  },
  { service: 'product/product-count.server.ts#incrementProductsCountWithinLimit', permission: 'menu.edit', namesRows: false, call: (s) => incrementProductsCountWithinLimit(s) },
  { service: 'product/product-count.server.ts#decrementProductsCount', permission: 'menu.edit', namesRows: false, call: (s) => decrementProductsCount(s, 1) },
  { service: `${E}getEditorMenu`, permission: 'restaurant.view', namesRows: false, call: (s) => editor.getEditorMenu(s) },
  { service: `${E}getProductForEdit`, permission: 'restaurant.view', call: (s, w) => editor.getProductForEdit(s, w.a.productId) },
  { service: `${E}getProductFormChoices`, permission: 'restaurant.view', namesRows: false, call: (s) => editor.getProductFormChoices(s) },
  // the write path under every edit: the caller names the permission; changeMenu refuses a scope nobody made
  { service: 'editing/menu-change.server.ts#changeMenu', permission: 'restaurant.view', namesRows: false, call: (s, w) => changeMenu(s, w.storage, async () => 'changed') },
  {
    service: 'image/image.service.server.ts#saveUploadedImage',
    permission: 'menu.edit',
    namesRows: false,
    call: (s, w) => saveUploadedImage(s, w.storage, { kind: 'other', file: Buffer.from('not a picture'), name: 'poza.jpg' }),
  },
  {
    service: 'image/image-cleanup.server.ts#sweepAbandonedUploads',
    permission: 'menu.edit',
    namesRows: false,
    call: (s, w) => sweepAbandonedUploads(s, w.storage, new Date(Date.now() + 3 * 24 * 3600 * 1000)),
  },
];

/** The form fields of each intent of the menu page, naming restaurant A's rows. */
function intentValues(intent: MenuIntent, w: ServiceWorld): Record<string, unknown> {
  const { a } = w;
  const fields: Record<MenuIntent, Record<string, unknown>> = {
    'create-location': { nameRo: 'Sala nouă' },
    'update-location': { id: a.locationId, nameRo: 'Sala nouă', version: a.locationVersion },
    'delete-location': { id: a.location2Id },
    'set-location-visible': { id: a.locationId, value: 'false' },
    'move-location': { id: a.location2Id, direction: 'up' },
    'reorder-locations': { order: `${a.location2Id},${a.locationId}` },
    'create-category': { locationId: a.locationId, nameRo: 'Ciorbe noi', visible: 'on' },
    'update-category': { id: a.categoryId, locationId: a.locationId, nameRo: 'Ciorbe noi', visible: 'on', version: a.categoryVersion },
    'delete-category': { id: a.category2Id },
    'set-category-visible': { id: a.categoryId, value: 'false' },
    'move-category': { id: a.category2Id, direction: 'up' },
    'reorder-categories': { parentId: a.locationId, order: `${a.category2Id},${a.categoryId}` },
    'duplicate-category': { id: a.categoryId },
    'delete-product': { id: a.product2Id },
    'set-product-visible': { id: a.productId, value: 'false' },
    'set-product-available': { id: a.productId, value: 'false' },
    'sold-out-until-opening': { id: a.productId },
    'move-product': { id: a.product2Id, direction: 'up' },
    'reorder-products': { parentId: a.categoryId, order: `${a.product2Id},${a.productId}` },
    'duplicate-product': { id: a.productId },
    'bulk-products': { action: 'price', ids: [a.productId], kind: 'percent', value: '10' },
  };
  return { intent, ...fields[intent] };
}

const intentCall = (values: (w: ServiceWorld) => Record<string, unknown>) => (scope: MemberScope, w: ServiceWorld) =>
  runMenuIntent(scope, values(w), { storage: w.storage, t: getI18n('ro').t });

const INTENT_ROWS: ServiceRow[] = [
  ...(Object.keys(MENU_INTENT_PERMISSIONS) as MenuIntent[]).map((intent): ServiceRow => ({
    service: 'editor/menu-editor.intents.server.ts#runMenuIntent',
    variant: intent,
    permission: MENU_INTENT_PERMISSIONS[intent],
    namesRows: intent !== 'create-location',
    call: intentCall((w) => intentValues(intent, w)),
  })),
  {
    service: 'editor/menu-editor.intents.server.ts#runMenuIntent',
    variant: 'bulk-products sold-out',
    permission: 'menu.availability',
    call: intentCall((w) => ({ intent: 'bulk-products', action: 'sold-out', ids: [w.a.productId, w.a.product2Id] })),
  },
];

export const MENU_SERVICE_ROWS: ServiceRow[] = [...ENTITY_ROWS, ...INTENT_ROWS, ...OPTIONS_SERVICE_ROWS];
