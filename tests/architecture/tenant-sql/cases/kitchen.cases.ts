import * as stations from '#app/modules/kitchen/stations.repo.server.ts';
import * as kitchenDisplay from '#app/modules/ordering/kitchen-display.repo.server.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** The kitchen (issue 36, decision 0036): stations, the routing of dishes to them, the display's reads and bumps, take-backs. */
export const kitchenCases: Record<string, RepositoryCases> = {
  'app/modules/kitchen/stations.repo.server.ts': repository(stations, {
    listLocationStations: (f) => [f.db, f.r, f.location],
    listRestaurantStations: (f) => [f.db, f.r],
    readProductCategoryStations: (f) => [f.db, f.r, [f.product]],
    findStation: (f) => [f.db, f.r, 'no-such-station'],
    insertStation: (f) => [
      f.db,
      f.r,
      { id: 'station-capture', locationId: f.location, nameRo: 'Bar', nameEn: null, sortOrder: 0, warnMinutes: 10, lateMinutes: 20, now: f.now },
    ],
    updateStationRow: (f) => [f.db, f.r, 'station-capture', { nameRo: 'Bar mare', updatedAt: f.now }],
    listCategoryStations: (f) => [f.db, f.r],
    findCategoryLocation: (f) => [f.db, f.r, f.category],
    setCategoryStationRow: (f) => [f.db, f.r, f.category, null],
    deleteStationRow: (f) => [f.db, f.r, 'station-capture'],
  }),
  'app/modules/ordering/kitchen-display.repo.server.ts': repository(kitchenDisplay, {
    listOpenKitchenOrders: (f) => [f.db, f.r, f.location, f.past, 200],
    listBumpedKitchenLines: (f) => [f.db, f.r, f.location, f.past, 200],
    findLineWithOrder: (f) => [f.db, f.r, 'no-such-line'],
    bumpLines: (f) => [f.db, f.r, ['no-such-line'], f.now],
    unbumpLines: (f) => [f.db, f.r, ['no-such-line']],
    cancelLine: (f) => [f.db, f.r, 'no-such-line', f.now],
    sumOpenLines: (f) => [f.db, f.r, 'no-such-order'],
    setOrderTotal: (f) => [f.db, f.r, 'no-such-order', 0, f.now],
  }),
};
