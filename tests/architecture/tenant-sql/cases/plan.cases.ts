import * as billing from '#app/modules/billing/billing.repo.server.ts';
import * as planDays from '#app/modules/subscription/plan-days.repo.server.ts';
import { planSummary } from '#app/modules/subscription/subscription.ts';
import * as subscription from '#app/modules/subscription/subscription.repo.server.ts';
import { buildSubscription, newId } from '#tests/factories/builders.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** Plans and billing: subscription rows, the plan summary, the overview's roll-up, Stripe's rows and notices. */

export const planCases: Record<string, RepositoryCases> = {
  'app/modules/subscription/subscription.repo.server.ts': repository(subscription, {
    listSubscriptions: (f) => [f.db, f.r],
    insertSubscription: (f) => [f.db, buildSubscription(f.r, { kind: 'manual', plan: 'pro' })],
    updateSubscription: (f) => [f.db, f.r, f.subscription, { status: 'ended', updatedAt: f.now }],
    writePlanSummary: (f) => [f.db, f.r, planSummary([]), f.now, 'stats-key'],
    lockRestaurantForPlanChange: (f) => [f.db, f.r],
    findProductsCount: (f) => [f.db, f.r],
    claimPersonalTrial: (f) => [f.db, f.user.id, f.now],
    findPersonalTrialEnd: (f) => [f.db, f.user.id],
  }),
  'app/modules/subscription/plan-days.repo.server.ts': repository(
    planDays,
    {
      readStatsKey: (f) => [f.db, f.r],
      findFirstPlanDay: (f) => [f.db, f.r, f.now],
      dropPlatformDays: (f) => [f.db, ['2026-01-01']],
      dropPlatformDaysFrom: (f) => [f.db, '2026-01-01'],
      readPlatformDays: (f) => [f.db, '2026-01-01', '2026-02-01'],
      countPlatformDaysLive: (f) => [f.db, f.past, f.now, f.now],
      fillPlatformDays: (f) => [f.db, [['2000-01-01', '2000-01-02']], f.now],
      nextDay: () => ['2026-01-01'],
    },
    ['fillPlatformDays'],
  ),
  'app/modules/billing/billing.repo.server.ts': repository(billing, {
    insertBillingEvent: (f) => [f.db, { id: `evt_${newId()}`, type: 'invoice.paid', customerId: f.customer, receivedAt: f.now }],
    findProviderCustomerId: (f) => [f.db, f.r],
    findRestaurantIdsOfCustomer: (f) => [f.db, f.customer],
    restaurantExists: (f) => [f.db, f.r],
    findProviderSubscription: (f) => [f.db, f.providerSubscription],
    insertProviderSubscription: (f) => [f.db, buildSubscription(f.r, { kind: 'provider', plan: 'pro_yearly', providerCustomerId: f.customer, providerSubscriptionId: `sub_${newId()}` })],
    updateProviderSubscription: (f) => [f.db, f.subscription, { providerStatus: 'past_due', updatedAt: f.now }],
    findNoticeCandidates: (f) => [f.db, { recentSince: f.past, trialEndsFrom: f.past, trialEndsTo: f.now }],
    findNoticeRecipients: (f) => [f.db, f.r, ['owner']],
    insertBillingNotice: (f) => [f.db, { key: `notice-${newId()}`, restaurantId: f.r, kind: 'trial-ending', sentAt: f.now }],
    writeOwnerLocale: (f) => [f.db, f.r, 'en'],
    findCustomersToReconcile: (f) => [f.db],
    findRestaurantOfMember: (f) => [f.db, f.r, f.user.id],
  }),
};
