import * as orderingSettings from '#app/modules/ordering/ordering-settings.repo.server.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** Orders and reservations (issue 25, decision 0032): each location's settings. */

const values = {
  ordersEnabled: 1, dineIn: 1, pickup: 0, reservationsEnabled: 0, slotMinutes: 30, maxPartySize: 8, leadMinutes: 60, daysAhead: 30,
  capacityPerSlot: 4, autoAccept: 0, guestNoteRo: null, guestNoteEn: null,
} as const;

export const orderingCases: Record<string, RepositoryCases> = {
  'app/modules/ordering/ordering-settings.repo.server.ts': repository(orderingSettings, {
    listOrderingSettings: (f) => [f.db, f.r],
    findOrderingSettings: (f) => [f.db, f.r, f.location],
    saveOrderingSettings: (f) => [f.db, f.r, f.location, 3, values, f.now],
    setOrderingPaused: (f) => [f.db, f.r, f.location, true, f.now],
  }),
};
