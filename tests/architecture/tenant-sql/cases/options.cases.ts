import * as options from '#app/modules/options/options.repo.server.ts';
import * as soldOut from '#app/modules/options/sold-out.repo.server.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** Dish options (issue 35, decision 0034): the library, the dishes' groups, what guests chose; each held to one restaurant. */
export const optionsCases: Record<string, RepositoryCases> = {
  'app/modules/options/options.repo.server.ts': repository(options, {
    listDishOptionGroups: (f) => [f.db, f.r, [f.product], Date.parse(f.now)],
  }),
  'app/modules/options/sold-out.repo.server.ts': repository(soldOut, {
    setOptionSoldOutUntil: (f) => [f.db, f.r, f.option, f.now],
    nextOptionReturn: (f) => [f.db, f.r, f.now],
    returnSoldOutRows: (f) => [f.db, f.now],
  }),
};
