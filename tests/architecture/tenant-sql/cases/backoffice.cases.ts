import * as auditLog from '#app/modules/backoffice/audit-log.repo.server.ts';
import * as messages from '#app/modules/backoffice/messages.repo.server.ts';
import * as overview from '#app/modules/backoffice/overview.repo.server.ts';
import * as restaurants from '#app/modules/backoffice/restaurants.repo.server.ts';
import * as search from '#app/modules/backoffice/search.repo.server.ts';
import * as users from '#app/modules/backoffice/users.repo.server.ts';
import { repository, type RepositoryCases } from '../case.ts';

/** The back office (decision 0017): platform-wide reads by design, and an admin's view of one restaurant. */

const page = { limit: 50, offset: 0 };

export const backofficeCases: Record<string, RepositoryCases> = {
  'app/modules/backoffice/audit-log.repo.server.ts': repository(auditLog, {
    listAuditPage: (f) => [f.db, { actor: 'ana@', action: 'product.', from: f.past, to: f.now }, page],
    countAudit: (f) => [f.db, { action: 'product.update' }],
    listAuditActions: (f) => [f.db],
  }),
  'app/modules/backoffice/messages.repo.server.ts': repository(messages, {
    listMessagesPage: (f) => [f.db, 'ana', 'open', page],
    countMessages: (f) => [f.db, 'ana', 'all'],
    countUnreadMessages: (f) => [f.db],
    findMessage: (f) => [f.db, f.message],
    markMessagesRead: (f) => [f.db, [f.message], f.now],
    writeMessageHandled: (f) => [f.db, f.message, f.now, f.now],
    deleteMessage: (f) => [f.db, f.message],
  }),
  'app/modules/backoffice/overview.repo.server.ts': repository(overview, {
    countPlanStates: (f) => [f.db, f.now, f.now],
    countPayingRowsAt: (f) => [f.db, f.now],
  }),
  'app/modules/backoffice/restaurants.repo.server.ts': repository(restaurants, {
    listRestaurantsPage: (f) => [f.db, { q: 'bistro', state: 'trial', now: f.now, soon: f.now }, 'name', page],
    listOwnerEmails: (f) => [f.db, [f.r, f.other], ['owner']],
    countMembers: (f) => [f.db, [f.r, f.other]],
    countRestaurants: (f) => [f.db, { q: f.user.email, state: 'pro-card', now: f.now, soon: f.now }],
    findRestaurantForAdmin: (f) => [f.db, f.r],
    listRestaurantUsers: (f) => [f.db, f.r],
    countRestaurantContent: (f) => [f.db, f.r],
    findLastMemberEdit: (f) => [f.db, f.r],
    listPendingInvitations: (f) => [f.db, f.r, f.now],
    writeRestaurantActive: (f) => [f.db, f.r, 0, f.now],
  }),
  'app/modules/backoffice/search.repo.server.ts': repository(search, {
    literal: () => ['50%_off'],
    containsPattern: () => ['Bunică'],
    like: () => ['user.email', '%ana%'],
    textMatches: (f) => [f.db, 'restaurant', ['name'], 'bunica'],
    isWholeEmail: (f) => [f.user.email],
  }),
  'app/modules/backoffice/users.repo.server.ts': repository(users, {
    listUsersPage: (f) => [f.db, 'bunica', 'email', page],
    countUsers: (f) => [f.db, 'ana'],
    listSignInMethods: (f) => [f.db, [f.user.id]],
    listMembershipsOfUsers: (f) => [f.db, [f.user.id]],
    findUserForAdmin: (f) => [f.db, f.user.id],
  }),
};
