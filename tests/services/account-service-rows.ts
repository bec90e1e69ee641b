import { deleteAccount, exportAccountData } from '#app/modules/account/account-data.service.server.ts';
import { createOrPromoteAdmin } from '#app/modules/account/admin-accounts.server.ts';
import { setUserDisabled } from '#app/modules/account/admin-users.service.server.ts';
import { exportAuditLogCsv, listAuditLog } from '#app/modules/backoffice/audit-log.service.server.ts';
import { countUnread, deleteInboxMessage, listInbox, setMessageHandled } from '#app/modules/backoffice/messages.service.server.ts';
import { countDays, getOverview } from '#app/modules/backoffice/overview.service.server.ts';
import {
  extendTrial,
  getRestaurantForAdmin,
  grantManualPro,
  listRestaurantsForAdmin,
  revokeManualPro,
  setRestaurantActive,
} from '#app/modules/backoffice/restaurants.service.server.ts';
import { listUsersForBackOffice, resendSignInLink } from '#app/modules/backoffice/users.service.server.ts';
import { readPaymentReturn } from '#app/modules/billing/payment-return.server.ts';
import { getPlatformViewsPerDay } from '#app/modules/insights/insights.service.server.ts';
import { countJobs, listJobs, retryJob } from '#app/modules/jobs/jobs-admin.server.ts';
import { getPlatformSettings, updatePlatformSettings } from '#app/modules/platform/platform-settings.server.ts';
import { setManualPro } from '#app/modules/subscription/subscription.service.server.ts';
import { reconcileCustomers, syncCustomer } from '#app/modules/billing/billing-sync.server.ts';
import { sendBillingNotices } from '#app/modules/billing/billing-notices.server.ts';
import { markContactMessageEmailed } from '#app/modules/contact/contact.service.server.ts';
import { sweepAllAbandonedUploads } from '#app/modules/image/image-cleanup.server.ts';
import { sweepImportDrafts } from '#app/modules/import/import-drafts.server.ts';
import { sweepPendingSearches } from '#app/modules/insights/search-terms.server.ts';
import { eraseEndedMailJobs, purgeDoneJobs } from '#app/modules/jobs/jobs.server.ts';
import { sweepLiveEvents } from '#app/modules/live/live-events.server.ts';
import { sweepSoldOutReturns } from '#app/modules/options/sold-out.server.ts';
import { eraseExpiredContacts, orderingDataSummary, ownOrderingData } from '#app/modules/retention/retention.server.ts';
import { sweepEndedInvitations } from '#app/modules/team/invitation-sweep.server.ts';
import { sweepTranslationCache } from '#app/modules/translation/translation-cache.server.ts';
import { TEAM_USER_ROWS } from './team-service-rows.ts';
import { RESERVATION_SYSTEM_ROWS } from './reservation-service-rows.ts';
import { adminRefusals, type AdminRow, type SystemRow, type UserRow } from './service-matrix.ts';
import type { ServiceWorld } from './service-world.ts';

/**
 * The back office's services (every one refuses a scope that is not a real admin's: `assertAdmin`)
 * and the services of a signed-in user's own account (`assertUser`), each with a call with valid
 * arguments: restaurant A, its owner, a dead job, a contact message.
 */

const BO = 'backoffice/';
const day = (offset: number) => new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);

export const ADMIN_SERVICE_ROWS: AdminRow[] = [
  { service: 'account/admin-users.service.server.ts#setUserDisabled', call: (s, w) => setUserDisabled(s, w.auth, w.a.ownerId, true) },
  { service: 'account/admin-accounts.server.ts#createOrPromoteAdmin', call: (s, w) => createOrPromoteAdmin(s, w.auth, 'new-admin@example.com') },
  { service: `${BO}audit-log.service.server.ts#listAuditLog`, call: (s, w) => listAuditLog(s, { restaurantId: w.a.id }, 1) },
  { service: `${BO}audit-log.service.server.ts#exportAuditLogCsv`, call: (s, w) => exportAuditLogCsv(s, { restaurantId: w.a.id }) },
  { service: `${BO}messages.service.server.ts#listInbox`, call: (s) => listInbox(s, { show: 'all', page: 1 }) },
  { service: `${BO}messages.service.server.ts#countUnread`, call: (s) => countUnread(s) },
  { service: `${BO}messages.service.server.ts#setMessageHandled`, call: (s, w) => setMessageHandled(s, w.contactMessageId, true) },
  { service: `${BO}messages.service.server.ts#deleteInboxMessage`, call: (s, w) => deleteInboxMessage(s, w.contactMessageId) },
  { service: `${BO}overview.service.server.ts#countDays`, call: (s) => countDays(s, day(-30), day(0)) },
  { service: `${BO}overview.service.server.ts#getOverview`, call: (s) => getOverview(s, 30) },
  { service: `${BO}restaurants.service.server.ts#listRestaurantsForAdmin`, call: (s) => listRestaurantsForAdmin(s, { sort: 'newest', page: 1 }) },
  { service: `${BO}restaurants.service.server.ts#getRestaurantForAdmin`, call: (s, w) => getRestaurantForAdmin(s, w.a.id) },
  { service: `${BO}restaurants.service.server.ts#grantManualPro`, call: (s, w) => grantManualPro(s, w.b.id, 12) },
  { service: `${BO}restaurants.service.server.ts#revokeManualPro`, call: (s, w) => revokeManualPro(s, w.b.id) },
  { service: `${BO}restaurants.service.server.ts#extendTrial`, call: (s, w) => extendTrial(s, w.b.id, 14) },
  { service: `${BO}restaurants.service.server.ts#setRestaurantActive`, call: (s, w) => setRestaurantActive(s, w.a.id, false) },
  { service: `${BO}users.service.server.ts#listUsersForBackOffice`, call: (s) => listUsersForBackOffice(s, { sort: 'newest', page: 1 }) },
  { service: `${BO}users.service.server.ts#resendSignInLink`, call: (s, w) => resendSignInLink(s, w.auth, w.a.ownerId, new Headers()) },
  { service: 'insights/insights.service.server.ts#getPlatformViewsPerDay', call: (s) => getPlatformViewsPerDay(s, { days: 30 }) },
  { service: 'jobs/jobs-admin.server.ts#countJobs', call: (s) => countJobs(s) },
  { service: 'jobs/jobs-admin.server.ts#listJobs', call: (s) => listJobs(s, { status: 'dead' }) },
  { service: 'jobs/jobs-admin.server.ts#retryJob', call: (s, w) => retryJob(s, w.deadJobId) },
  { service: 'platform/platform-settings.server.ts#getPlatformSettings', call: (s) => getPlatformSettings(s) },
  {
    service: 'platform/platform-settings.server.ts#updatePlatformSettings',
    call: async (s, w) =>
      updatePlatformSettings(s, { defaultLocale: 'ro', availableLocales: ['ro', 'en'], contactEmail: 'contact@example.com' }, (await getPlatformSettingsVersion(w)) ?? 'none'),
  },
  { service: 'subscription/subscription.service.server.ts#setManualPro', call: (s, w) => setManualPro(s, w.b.id, true) },
  { service: 'retention/retention.server.ts#orderingDataSummary', call: (s, w) => orderingDataSummary(s, w.a.id) },
];

/** The version the platform settings form would carry (read as a real admin would). */
async function getPlatformSettingsVersion(w: ServiceWorld): Promise<string | undefined> {
  return (await getPlatformSettings(w.scopes.admin())).version;
}

export const USER_SERVICE_ROWS: UserRow[] = [
  { service: 'account/account-data.service.server.ts#exportAccountData', call: (s) => exportAccountData(s) },
  { service: 'account/account-data.service.server.ts#deleteAccount', call: (s, w) => deleteAccount(s, w.auth, w.storage, 'password-1') },
  { service: 'billing/payment-return.server.ts#readPaymentReturn', call: (s, w) => readPaymentReturn(s, w.billing, 'cs_test_session') },
  { service: 'retention/retention.server.ts#ownOrderingData', call: (s) => ownOrderingData(s) },
  ...TEAM_USER_ROWS,
];

/** Every back-office service's refusals (the mutation test expects some). */
export async function adminViolations(world: ServiceWorld): Promise<string[]> {
  const violations: string[] = [];
  for (const row of ADMIN_SERVICE_ROWS) violations.push(...(await adminRefusals(world, row)));
  return violations;
}

/** The services only the system runs (`assertSystem`), each with a call with valid arguments. */
const longAgo = new Date('2000-01-01T00:00:00Z');
export const SYSTEM_SERVICE_ROWS: SystemRow[] = [
  { service: 'account/admin-accounts.server.ts#createOrPromoteAdmin', alsoAdmin: true, call: (s, w) => createOrPromoteAdmin(s, w.auth, 'system-made-admin@example.com') },
  { service: 'billing/billing-sync.server.ts#syncCustomer', call: (s, w) => syncCustomer(s, w.billing, 'cus_unknown') },
  { service: 'billing/billing-sync.server.ts#reconcileCustomers', call: (s, w) => reconcileCustomers(s, w.billing) },
  { service: 'billing/billing-notices.server.ts#sendBillingNotices', call: (s) => sendBillingNotices(s, { publicUrl: 'http://localhost:3000' }) },
  { service: 'contact/contact.service.server.ts#markContactMessageEmailed', call: (s, w) => markContactMessageEmailed(s, w.contactMessageId) },
  { service: 'image/image-cleanup.server.ts#sweepAllAbandonedUploads', call: (s, w) => sweepAllAbandonedUploads(s, w.storage, longAgo) },
  { service: 'import/import-drafts.server.ts#sweepImportDrafts', call: (s) => sweepImportDrafts(s, longAgo) },
  { service: 'insights/search-terms.server.ts#sweepPendingSearches', call: (s) => sweepPendingSearches(s, longAgo) },
  { service: 'jobs/jobs.server.ts#eraseEndedMailJobs', call: (s) => eraseEndedMailJobs(s, longAgo, 500) },
  { service: 'jobs/jobs.server.ts#purgeDoneJobs', call: (s) => purgeDoneJobs(s, longAgo) },
  { service: 'live/live-events.server.ts#sweepLiveEvents', call: (s) => sweepLiveEvents(s, longAgo) },
  { service: 'options/sold-out.server.ts#sweepSoldOutReturns', call: (s) => sweepSoldOutReturns(s, new Date()) },
  { service: 'retention/retention.server.ts#eraseExpiredContacts', call: (s) => eraseExpiredContacts(s, longAgo) },
  { service: 'team/invitation-sweep.server.ts#sweepEndedInvitations', call: (s) => sweepEndedInvitations(s, longAgo) },
  { service: 'translation/translation-cache.server.ts#sweepTranslationCache', call: (s) => sweepTranslationCache(s, longAgo) },
  ...RESERVATION_SYSTEM_ROWS,
];
