import * as stations from '#app/modules/kitchen/stations.repo.server.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** The kitchen (issue 36, decision 0036): stations and the routing of dishes to them. */
export const kitchenCases: Record<string, RepositoryCases> = {
  'app/modules/kitchen/stations.repo.server.ts': repository(stations, {
    listLocationStations: (f) => [f.db, f.r, f.location],
    listRestaurantStations: (f) => [f.db, f.r],
    readProductCategoryStations: (f) => [f.db, f.r, [f.product]],
  }),
};
