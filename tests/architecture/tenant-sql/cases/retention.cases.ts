import * as retention from '#app/modules/retention/retention.repo.server.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** The retention job (issue 25 item 7, decision 0032): contact details erased across restaurants. */
export const retentionCases: Record<string, RepositoryCases> = {
  'app/modules/retention/retention.repo.server.ts': repository(retention, {
    eraseOrderContactsBefore: (f) => [f.db, f.past, 500, f.now],
    eraseReservationContactsBefore: (f) => [f.db, f.past.slice(0, 10), 500, f.now],
    countOrders: (f) => [f.db, f.r, f.past],
    countReservations: (f) => [f.db, f.r, f.past],
  }),
};
