import type { Migration } from 'kysely/migration';
import * as initial from './2026-11-22-0001-initial.ts';
import * as locationVisible from './2026-11-22-0002-location-visible.ts';
import * as auditEvent from './2026-11-23-0003-audit-event.ts';
import * as job from './2026-11-23-0004-job.ts';
import * as subscriptionTable from './2026-11-23-0005-subscription.ts';
import * as imageKeys from './2026-11-23-0006-image-keys.ts';
import * as settingsVersion from './2026-11-23-0007-settings-version.ts';
import * as rateCounter from './2026-11-23-0008-rate-counter.ts';
import * as billingEvent from './2026-11-23-0009-billing-event.ts';
import * as billingNotice from './2026-11-23-0010-billing-notice.ts';
import * as importDraft from './2026-11-23-0014-import-draft.ts';
import * as insightCount from './2026-11-23-0012-insight-count.ts';
import * as backoffice from './2026-11-23-0011-backoffice.ts';
import * as slugHistoryAndTables from './2026-11-23-0015-slug-history-and-tables.ts';
import * as contentLanguages from './2026-11-23-0013-content-languages.ts';
import * as insightSearchPending from './2026-11-23-0016-insight-search-pending.ts';
import * as categoryScheduleAndClosures from './2026-11-23-0017-category-schedule-and-closures.ts';
import * as backofficeRollupSearch from './2026-11-23-0019-backoffice-rollup-search.ts';
import * as userLastSignIn from './2026-11-27-0020-user-last-sign-in.ts';
import * as memberships from './2026-11-27-0021-memberships.ts';
import * as userTrial from './2026-11-27-0022-user-trial.ts';
import * as liveEvent from './2026-11-27-0023-live-event.ts';
import * as ordersAndReservations from './2026-11-27-0024-orders-and-reservations.ts';
import * as guestCeilings from './2026-11-28-0025-guest-ceilings.ts';
import * as userPersonalName from './2026-11-28-0026-user-personal-name.ts';
import * as dishOptions from './2026-11-28-0027-dish-options.ts';
import * as kitchen from './2026-11-28-0028-kitchen.ts';

/**
 * Every migration, in order. Append new dated files here; never edit or reorder old ones.
 * 0018 is missing on purpose: the number went to session 6's parallel work, recovered as one commit
 * (7e991aa) without it; no migration 0018 was ever committed, so no database has run one.
 * 0022 and 0023 were handed out at once to parallel work (session 10); 0023 (live events) needs
 * nothing of 0022, and Kysely runs them in the order of their names whichever merges first.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-22-0002-location-visible': locationVisible,
  '2026-11-23-0003-audit-event': auditEvent,
  '2026-11-23-0004-job': job,
  '2026-11-23-0005-subscription': subscriptionTable,
  '2026-11-23-0006-image-keys': imageKeys,
  '2026-11-23-0007-settings-version': settingsVersion,
  '2026-11-23-0008-rate-counter': rateCounter,
  '2026-11-23-0009-billing-event': billingEvent,
  '2026-11-23-0010-billing-notice': billingNotice,
  '2026-11-23-0011-backoffice': backoffice,
  '2026-11-23-0012-insight-count': insightCount,
  '2026-11-23-0013-content-languages': contentLanguages,
  '2026-11-23-0014-import-draft': importDraft,
  '2026-11-23-0015-slug-history-and-tables': slugHistoryAndTables,
  '2026-11-23-0016-insight-search-pending': insightSearchPending,
  '2026-11-23-0017-category-schedule-and-closures': categoryScheduleAndClosures,
  '2026-11-23-0019-backoffice-rollup-search': backofficeRollupSearch,
  '2026-11-27-0020-user-last-sign-in': userLastSignIn,
  '2026-11-27-0021-memberships': memberships,
  '2026-11-27-0022-user-trial': userTrial,
  '2026-11-27-0023-live-event': liveEvent,
  '2026-11-27-0024-orders-and-reservations': ordersAndReservations,
  '2026-11-28-0025-guest-ceilings': guestCeilings,
  '2026-11-28-0026-user-personal-name': userPersonalName,
  '2026-11-28-0027-dish-options': dishOptions,
  '2026-11-28-0028-kitchen': kitchen,
};
