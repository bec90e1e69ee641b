import * as category from '#app/modules/category/category.repo.server.ts';
import * as editing from '#app/modules/editing/editing.repo.server.ts';
import * as editor from '#app/modules/editor/menu-editor.repo.server.ts';
import * as guestMenu from '#app/modules/guest-menu/menu.repo.server.ts';
import * as location from '#app/modules/location/location.repo.server.ts';
import * as print from '#app/modules/print/print.repo.server.ts';
import * as product from '#app/modules/product/product.repo.server.ts';
import * as qr from '#app/modules/qr/qr.repo.server.ts';
import { buildCategory, buildLocation, buildProduct } from '#tests/factories/builders.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** The menu's repositories: locations, categories, products, the write path, the editor, the guest menu, print, QR. */

const { restaurantId: _l, ...newLocation } = buildLocation('-');
const { restaurantId: _c, ...newCategory } = buildCategory('-', '-');
const { restaurantId: _p, ...newProduct } = buildProduct('-', '-');

export const menuCases: Record<string, RepositoryCases> = {
  'app/modules/location/location.repo.server.ts': repository(location, {
    findLocation: (f) => [f.db, f.r, f.location],
    insertLocation: (f) => [f.db, f.r, newLocation],
    updateLocationRow: (f) => [f.db, f.r, f.location, { nameRo: 'Terasă', updatedAt: f.now }, f.now],
    deleteLocationRow: (f) => [f.db, f.r, f.location],
    listAllLocations: (f) => [f.db, f.r],
    countLocations: (f) => [f.db, f.r],
  }),
  'app/modules/category/category.repo.server.ts': repository(category, {
    findCategory: (f) => [f.db, f.r, f.category],
    insertCategory: (f) => [f.db, f.r, { ...newCategory, locationId: f.location }],
    updateCategoryRow: (f) => [f.db, f.r, f.category, { nameRo: 'Supe', updatedAt: f.now }, f.now],
    deleteCategories: (f) => [f.db, f.r, [f.category]],
    listCategoriesOfLocation: (f) => [f.db, f.r, f.location],
    listCategoryImages: (f) => [f.db, f.r],
    setCategoriesImage: (f) => [f.db, f.r, [f.category], f.image.key, f.now],
    listAllCategories: (f) => [f.db, f.r],
    countCategoriesOfLocation: (f) => [f.db, f.r, f.location],
  }),
  'app/modules/product/product.repo.server.ts': repository(product, {
    findProduct: (f) => [f.db, f.r, f.product],
    insertProduct: (f) => [f.db, f.r, { ...newProduct, categoryId: f.category }],
    updateProductRow: (f) => [f.db, f.r, f.product, { nameRo: 'Ciorbă', updatedAt: f.now }, f.now],
    deleteProductRow: (f) => [f.db, f.r, f.product],
    listProductsOfCategories: (f) => [f.db, f.r, [f.category]],
    deleteProductsOfCategories: (f) => [f.db, f.r, [f.category]],
    listProductImages: (f) => [f.db, f.r],
    setProductsImage: (f) => [f.db, f.r, [f.product], { key: f.image.key, id: f.image.id }, f.now],
    setProductsCurrency: (f) => [f.db, f.r, 'EUR', f.now],
    listAllProducts: (f) => [f.db, f.r],
    listProductsByIds: (f) => [f.db, f.r, [f.product]],
    listFullProductsOfCategory: (f) => [f.db, f.r, f.category],
  }),
  'app/modules/editing/editing.repo.server.ts': repository(editing, {
    listSiblingIds: (f) => [f.db, f.r, { table: 'category', parent: { column: 'locationId', id: f.location } }],
    setRowFlag: (f) => [f.db, f.r, { table: 'location', id: f.location }, 'visible', false],
    setSoldOutUntil: (f) => [f.db, f.r, { table: 'product', id: f.product }, f.now],
    requireOwnRow: (f) => [f.db, f.r, { table: 'category', id: f.category }],
    nextSortOrder: (f) => [f.db, f.r, { table: 'product', parent: { column: 'categoryId', id: f.category } }],
    applyOrder: (f) => [f.db, f.r, { table: 'location' }, [f.location]],
    moveOneStep: (f) => [f.db, f.r, { table: 'product', parent: { column: 'categoryId', id: f.category } }, f.product, 'up'],
    resolveOwnImage: (f) => [f.db, f.r, f.image.id],
  }),
  'app/modules/editor/menu-editor.repo.server.ts': repository(editor, {
    listEditorLocations: (f) => [f.db, f.r],
    listEditorCategories: (f) => [f.db, f.r],
    listEditorProducts: (f) => [f.db, f.r],
    listCategoryChoices: (f) => [f.db, f.r],
  }),
  'app/modules/guest-menu/menu.repo.server.ts': repository(guestMenu, {
    listMenuRows: (f) => [f.db, f.r],
  }),
  'app/modules/print/print.repo.server.ts': repository(print, {
    findRestaurantForPrint: (f) => [f.db, f.r],
    listLocationsForPrint: (f) => [f.db, f.r],
    readVisibleMenuOfLocation: (f) => [f.db, f.r, f.location],
  }),
  'app/modules/qr/qr.repo.server.ts': repository(qr, {
    findQrRestaurant: (f) => [f.db, f.r],
  }),
};
