import * as rows from '#app/modules/options/option-rows.repo.server.ts';
import { newId } from '#tests/factories/builders.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** The options library written in bulk by the menu import and the demo seed (issue 35 items 6 and 9), held to one restaurant. */
export const optionRowsCases: Record<string, RepositoryCases> = {
  'app/modules/options/option-rows.repo.server.ts': repository(rows, {
    listOptionLibrary: (f) => [f.db, f.r],
    insertOptionGroups: (f) => [f.db, f.r, [{ id: newId(), nameRo: 'Extra', nameEn: null, minChoices: 0, maxChoices: 2, pricing: 'add', sortOrder: 2, createdAt: f.now, updatedAt: f.now }]],
    insertOptionItems: (f) => [f.db, f.r, [{ id: newId(), groupId: f.optionGroup, nameRo: 'Mică', nameEn: 'Small', priceMinor: 3000, allergens: '[]', traces: '[]', sortOrder: 1, createdAt: f.now, updatedAt: f.now }]],
    insertDishGroups: (f) => [f.db, f.r, [{ productId: f.product, groupId: f.spareOptionGroup, position: 1 }]],
  }),
};
