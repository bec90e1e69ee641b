import * as library from '#app/modules/options/options-library.repo.server.ts';
import * as options from '#app/modules/options/options.repo.server.ts';
import * as soldOut from '#app/modules/options/sold-out.repo.server.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** Dish options (issue 35, decision 0034): the library, the dishes' groups, what guests chose; each held to one restaurant. */
export const optionsCases: Record<string, RepositoryCases> = {
  'app/modules/options/options.repo.server.ts': repository(options, {
    listDishOptionGroups: (f) => [f.db, f.r, [f.product], Date.parse(f.now)],
  }),
  'app/modules/options/options-library.repo.server.ts': repository(library, {
    listOptionGroups: (f) => [f.db, f.r],
    findOptionGroup: (f) => [f.db, f.r, f.optionGroup],
    countOptionGroups: (f) => [f.db, f.r],
    insertOptionGroup: (f) => [f.db, f.r, { id: `group-${f.r}`, nameRo: 'Lapte', nameEn: 'Milk', minChoices: 1, maxChoices: 1, pricing: 'add', sortOrder: 1, createdAt: f.now, updatedAt: f.now }],
    updateOptionGroupRow: (f) => [f.db, f.r, f.optionGroup, { nameRo: 'Mărimi', updatedAt: f.now }, f.now],
    deleteOptionGroupRow: (f) => [f.db, f.r, f.optionGroup],
    listOptionItems: (f) => [f.db, f.r, [f.optionGroup]],
    findOptionItem: (f) => [f.db, f.r, f.option],
    insertOptionItem: (f) => [f.db, f.r, { id: `option-${f.r}`, groupId: f.optionGroup, nameRo: 'Mică', priceMinor: 3000, sortOrder: 1, createdAt: f.now, updatedAt: f.now }],
    updateOptionItemRow: (f) => [f.db, f.r, f.option, { priceMinor: 4600, updatedAt: f.now }, f.now],
    deleteOptionItemRow: (f) => [f.db, f.r, f.option],
    writeOptionItemOrder: (f) => [f.db, f.r, f.optionGroup, [f.option]],
    listDishGroupIds: (f) => [f.db, f.r, f.product],
    writeDishGroups: (f) => [f.db, f.r, f.product, [f.optionGroup]],
    countDishesPerGroup: (f) => [f.db, f.r],
  }),
  'app/modules/options/sold-out.repo.server.ts': repository(soldOut, {
    setOptionSoldOutUntil: (f) => [f.db, f.r, f.option, f.now],
    nextOptionReturn: (f) => [f.db, f.r, f.now],
    returnSoldOutRows: (f) => [f.db, f.now],
  }),
};
