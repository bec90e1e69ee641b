import * as orderInsights from '#app/modules/insights/order-insights.repo.server.ts';
import * as retention from '#app/modules/retention/retention.repo.server.ts';
import { repository, type RepositoryCases } from '../case.ts';

/**
 * The retention job (issue 25 item 7, decision 0032): contact details erased across restaurants; and
 * the insights of orders and reservations (item 9), each held to one restaurant.
 */
export const retentionCases: Record<string, RepositoryCases> = {
  'app/modules/retention/retention.repo.server.ts': repository(retention, {
    eraseOrderContactsBefore: (f) => [f.db, f.past, 500, f.now],
    eraseReservationContactsBefore: (f) => [f.db, f.past.slice(0, 10), 500, f.now],
    countOrders: (f) => [f.db, f.r, f.past],
    countReservations: (f) => [f.db, f.r, f.past],
  }),
  'app/modules/insights/order-insights.repo.server.ts': repository(orderInsights, {
    countOrdersByHour: (f) => [f.db, f.r, '2026-01-01', '2026-01-31', f.location],
    sumOrderedDishes: (f) => [f.db, f.r, '2026-01-01', '2026-01-31', 10, f.location],
    countChosenOptions: (f) => [f.db, f.r, '2026-01-01', '2026-01-31', { minOrders: 3, limit: 15, locationId: f.location }],
    countReservationsByDay: (f) => [f.db, f.r, '2026-01-01', '2026-01-31', f.location],
  }),
};
