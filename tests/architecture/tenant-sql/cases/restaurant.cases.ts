import * as image from '#app/modules/image/image.repo.server.ts';
import * as importRepo from '#app/modules/import/import.repo.server.ts';
import * as restaurant from '#app/modules/restaurant/restaurant.repo.server.ts';
import * as tables from '#app/modules/tables/tables.repo.server.ts';
import { buildCategory, buildLocation, buildProduct, buildRestaurant, buildStoredImage, newId } from '#tests/factories/builders.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** The restaurant row and what hangs off it: tables and short links, uploads, import and export. */

const { restaurantId: _l, ...newLocation } = buildLocation('-');
const { restaurantId: _c, ...newCategory } = buildCategory('-', '-');
const { restaurantId: _p, ...newProduct } = buildProduct('-', '-');

export const restaurantCases: Record<string, RepositoryCases> = {
  'app/modules/restaurant/restaurant.repo.server.ts': repository(restaurant, {
    findRestaurantBySlug: (f) => [f.db, f.slug],
    findMenuStateBySlug: (f) => [f.db, f.slug],
    bumpMenuVersion: (f) => [f.db, f.r],
    lockRestaurantRow: (f) => [f.db, f.r],
    listActiveRestaurantsForSitemap: (f) => [f.db],
    findMembershipBySlug: (f) => [f.db, f.user.id, f.slug],
    listMembershipsOf: (f) => [f.db, f.user.id],
    listSessionMemberships: (f) => [f.db, ['session-1', 'session-2']],
    insertMembership: (f) => [f.db, { id: newId(), restaurantId: f.r, userId: f.stranger, role: 'editor', createdAt: f.now, updatedAt: f.now }],
    rememberLastRestaurant: (f) => [f.db, f.user.id, f.other],
    findLastRestaurant: (f) => [f.db, f.user.id],
    findRestaurantById: (f) => [f.db, f.r],
    findRestaurantCurrency: (f) => [f.db, f.r],
    findRestaurantAdminSummary: (f) => [f.db, f.r],
    findRestaurantSettings: (f) => [f.db, f.r],
    findOtherRestaurantWithSlug: (f) => [f.db, f.r, 'taken-slug'],
    updateRestaurantSettingsRow: (f) => [f.db, f.r, { name: 'Bistro', updatedAt: f.now }, 0],
    lockPlanState: (f) => [f.db, f.r],
    setProductsCount: (f) => [f.db, f.r, 1],
    deleteRestaurantRow: (f) => [f.db, f.r],
    insertRestaurantRow: (f) => [f.db, buildRestaurant({ createdAt: f.now })],
    rememberPreviousSlug: (f) => [f.db, f.r, f.slug, 'new-slug', f.now],
    findCurrentSlugForPreviousSlug: (f) => [f.db, f.previousSlug],
  }),
  'app/modules/tables/tables.repo.server.ts': repository(tables, {
    listDiningTables: (f) => [f.db, f.r],
    countDiningTables: (f) => [f.db, f.r],
    nextTableSortOrder: (f) => [f.db, f.r, f.location],
    isOwnLocation: (f) => [f.db, f.r, f.location],
    isShortCodeTaken: (f) => [f.db, 'ABC1234'],
    insertDiningTables: (f) => [f.db, [{ id: newId(), restaurantId: f.r, locationId: f.location, label: 'Masa 2', code: `T${newId().slice(0, 7)}`, sortOrder: 1, createdAt: f.now }]],
    deleteDiningTable: (f) => [f.db, f.r, f.table.id],
    findShortLinkTarget: (f) => [f.db, f.table.code],
  }),
  'app/modules/image/image.repo.server.ts': repository(image, {
    insertStoredImage: (f) => [f.db, buildStoredImage(f.r)],
    findUploadUsage: (f) => [f.db, f.r, f.past],
    findRestaurantShortCode: (f) => [f.db, f.r],
    listImageKeysInUse: (f) => [f.db, f.r, [f.image.key]],
    listStoredImagesByKey: (f) => [f.db, f.r, [f.image.key]],
    deleteStoredImageRows: (f) => [f.db, f.r, [f.image.id]],
    listRestaurantsWithAbandonedUploads: (f) => [f.db, f.now],
    listAbandonedUploadKeys: (f) => [f.db, f.r, f.now],
  }),
  'app/modules/import/import.repo.server.ts': repository(importRepo, {
    listLocationChoices: (f) => [f.db, f.r],
    listCategoriesForImport: (f) => [f.db, f.r],
    listDishNamesForImport: (f) => [f.db, f.r],
    insertLocationsBatch: (f) => [f.db, f.r, [{ ...newLocation, id: newId() }]],
    insertCategoriesBatch: (f) => [f.db, f.r, [{ ...newCategory, id: newId(), locationId: f.location }]],
    insertProductsBatch: (f) => [f.db, f.r, [{ ...newProduct, id: newId(), categoryId: f.category }]],
    readMenuForExport: (f) => [f.db, f.r],
    findRestaurantForExport: (f) => [f.db, f.r],
    insertImportDraft: (f) => [f.db, f.r, { id: newId(), image: 'aGVsbG8=', now: f.now }],
    findImportDraft: (f) => [f.db, f.r, f.draft],
    updateImportDraft: (f) => [f.db, f.r, f.draft, { status: 'failed', error: 'ocr' }],
    listImportDraftsSince: (f) => [f.db, f.r, f.past],
    deleteImportDraftsBefore: (f) => [f.db, f.now],
    deleteOldImportDrafts: (f) => [f.db, f.r, f.now],
  }),
};
