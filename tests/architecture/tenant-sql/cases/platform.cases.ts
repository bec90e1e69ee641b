import * as account from '#app/modules/account/account.repo.server.ts';
import * as audit from '#app/modules/audit/audit.repo.server.ts';
import * as contact from '#app/modules/contact/contact.repo.server.ts';
import * as live from '#app/modules/live/live-event.repo.server.ts';
import * as demo from '#app/modules/demo/demo.repo.server.ts';
import * as jobs from '#app/modules/jobs/job.repo.server.ts';
import * as platform from '#app/modules/platform/platform-settings.repo.server.ts';
import * as rateCounter from '#app/modules/rate-limit/rate-counter.repo.server.ts';
import { buildCategory, buildLocation, buildPlan, buildProduct, buildRestaurant, buildStoredImage, newId } from '#tests/factories/builders.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** The platform's own rows (accounts, jobs, settings, contact, rate limits), the audit log and the demo seed. */

export const platformCases: Record<string, RepositoryCases> = {
  'app/modules/account/account.repo.server.ts': repository(account, {
    findUserProfile: (f) => [f.db, f.user.id],
    listUserSignInMethods: (f) => [f.db, f.user.id],
    listUserSessions: (f) => [f.db, f.user.id],
    listContactMessagesFrom: (f) => [f.db, f.user.email],
    listOwnedRestaurantRows: (f) => [f.db, f.user.id, ['owner']],
    listInvitationsOfUser: (f) => [f.db, f.user.id, f.user.email],
    listSoleOwnedRestaurants: (f) => [f.db, f.user.id, ['owner']],
    listOwnedRestaurantIds: (f) => [f.db, f.user.id, ['owner']],
    listStoredImagesForExport: (f) => [f.db, f.r],
    deleteUserRow: (f) => [f.db, f.user.id],
    setRestaurantRole: (f) => [f.db, f.user.id, f.r],
    updateUserName: (f) => [f.db, f.user.id, 'Ana Pop'],
  }),
  'app/modules/audit/audit.repo.server.ts': repository(audit, {
    insertAuditEvent: (f) => [
      f.db,
      { id: newId(), createdAt: f.now, actorType: 'user', actorId: f.user.id, actorEmail: f.user.email, restaurantId: f.r, action: 'product.update', targetType: 'product', targetId: f.product, summary: '{}', requestId: null },
    ],
    listAuditEvents: (f) => [f.db, { actorId: f.user.id, action: 'product.update', from: f.past, to: f.now }, { limit: 50, offset: 0 }],
  }),
  'app/modules/jobs/job.repo.server.ts': repository(jobs, {
    insertJob: (f) => [f.db, { id: newId(), type: 'mail.send', payload: '{}', status: 'pending', maxAttempts: 5, runAt: f.now, lockedUntil: null, lockedBy: null, lastError: null, dedupeKey: `k-${newId()}`, createdAt: f.now, updatedAt: f.now, finishedAt: null }],
    claimJobs: (f) => [f.db, f.kind, { workerId: 'w1', now: f.now, lockedUntil: f.now, limit: 5, types: ['mail.send'] }],
    extendJobLease: (f) => [f.db, f.deadJob, 'w1', f.now, f.now],
    markJobDone: (f) => [f.db, f.deadJob, 'w1', f.now],
    markJobFailed: (f) => [f.db, f.deadJob, 'w1', 'boom', f.now, f.now],
    deleteDoneJobs: (f) => [f.db, f.now],
    deleteEndedJobsOfType: (f) => [f.db, 'mail.send', f.now, 500],
    countJobsByStatus: (f) => [f.db],
    selectJobs: (f) => [f.db, { status: 'dead', failedOnly: true }, 20],
    requeueDeadJob: (f) => [f.db, f.deadJob, f.now],
  }),
  'app/modules/platform/platform-settings.repo.server.ts': repository(platform, {
    readAppConfig: (f) => [f.db],
    writeAppConfig: (f) => [f.db, { defaultLocale: 'ro', availableLocales: '["ro","en"]', contactEmail: null, priceMonthlyMinor: null, priceYearlyMinor: null, priceCurrency: null, updatedAt: f.now }, f.now],
  }),
  'app/modules/contact/contact.repo.server.ts': repository(contact, {
    countContactMessagesSince: (f) => [f.db, 'k', f.past],
    insertContactMessage: (f) => [f.db, { id: newId(), name: 'Ana', email: f.user.email, restaurantName: null, message: 'Salut', locale: 'ro', emailedAt: null, clientKey: 'k', createdAt: f.now }],
    markContactMessageEmailed: (f) => [f.db, f.message, f.now],
  }),
  'app/modules/rate-limit/rate-counter.repo.server.ts': repository(rateCounter, {
    countRateHit: (f) => [f.db, 'sign-in:k', f.now, f.past],
    lockRateKey: (f) => [f.db, 'sign-in:k', f.now],
  }),
  'app/modules/demo/demo.repo.server.ts': repository(demo, {
    isDatabaseEmpty: (f) => [f.db],
    insertRestaurantWithPlan: (f) => {
      const restaurant = buildRestaurant();
      return [f.db, restaurant, buildPlan(restaurant.id)];
    },
    insertLocation: (f) => [f.db, buildLocation(f.r)],
    insertCategory: (f) => [f.db, buildCategory(f.r, f.location)],
    insertProducts: (f) => {
      const image = buildStoredImage(f.r);
      return [f.db, f.r, [buildProduct(f.r, f.category, { imageId: image.id, imageKey: image.path })], [image]];
    },
    setDemoPictures: (f) => [f.db, f.r, { logoKey: f.image.key, coverImageKey: f.image.key }],
  }),
  'app/modules/live/live-event.repo.server.ts': repository(live, {
    insertLiveEvent: (f) => [f.db, { restaurantId: f.r, channel: 'orders', type: 'order.placed', payload: '{}', createdAt: f.now }],
    listLiveEventsAfter: (f) => [f.db, f.r, 'orders', 0, 100],
    liveEventBounds: (f) => [f.db],
    deleteLiveEventsBefore: (f) => [f.db, f.past],
    notifyChannel: (f) => [f.db, 'bucate_live', `${f.r}:orders`],
  }),
};
