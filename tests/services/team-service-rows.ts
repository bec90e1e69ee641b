import { addRestaurant, listMyRestaurants, trialOfNextRestaurant } from '#app/modules/account/restaurants.service.server.ts';
import { liveCursor } from '#app/modules/live/live-events.server.ts';
import { liveStream } from '#app/modules/live/live-stream.server.ts';
import { previewOwnersTrial, startOwnersTrial } from '#app/modules/subscription/subscription.service.server.ts';
import { acceptInvitation } from '#app/modules/team/invitation-accept.service.server.ts';
import { inviteMember, resendInvitation, revokeInvitation } from '#app/modules/team/invitation.service.server.ts';
import { changeMemberRole, getTeamPage, leaveRestaurant, removeMember, transferOwnership } from '#app/modules/team/team.service.server.ts';
import type { ServiceRow, UserRow } from './service-matrix.ts';

/**
 * The rows of the services issue 24 and 25 added: the team (decision 0029), a user's restaurants,
 * the person's trial, the live events' cursor and stream (decision 0031). Their ids name no row of
 * restaurant A (the team's own tests cover another restaurant's ids: app/modules/team/*.int.test.ts).
 */
const T = 'team/';
const aborted = () => new Request('http://localhost:3000/', { signal: AbortSignal.abort() });

export const TEAM_SERVICE_ROWS: ServiceRow[] = [
  { service: `${T}team.service.server.ts#getTeamPage`, permission: 'team.view', namesRows: false, call: (s) => getTeamPage(s, 'ro') },
  { service: `${T}team.service.server.ts#leaveRestaurant`, permission: 'team.view', namesRows: false, call: (s) => leaveRestaurant(s) },
  {
    service: `${T}team.service.server.ts#changeMemberRole`,
    permission: 'team.manage',
    namesRows: false,
    call: (s) => changeMemberRole(s, { membershipId: 'no-such-membership', role: 'staff', version: '' }),
  },
  { service: `${T}team.service.server.ts#removeMember`, permission: 'team.manage', namesRows: false, call: (s) => removeMember(s, 'no-such-membership') },
  {
    service: `${T}team.service.server.ts#transferOwnership`,
    permission: 'team.transfer',
    namesRows: false,
    call: (s, w) => transferOwnership(s, w.auth, { membershipId: 'no-such-membership', password: 'password-1' }),
  },
  {
    service: `${T}invitation.service.server.ts#inviteMember`,
    permission: 'team.manage',
    namesRows: false,
    call: (s) => inviteMember(s, { email: 'invited@example.com', role: 'editor', locale: 'ro' }),
  },
  { service: `${T}invitation.service.server.ts#resendInvitation`, permission: 'team.manage', namesRows: false, call: (s) => resendInvitation(s, 'no-such-invitation') },
  { service: `${T}invitation.service.server.ts#revokeInvitation`, permission: 'team.manage', namesRows: false, call: (s) => revokeInvitation(s, 'no-such-invitation') },
  { service: 'account/restaurants.service.server.ts#listMyRestaurants', permission: 'restaurant.view', namesRows: false, call: (s) => listMyRestaurants(s) },
  { service: 'subscription/subscription.service.server.ts#startOwnersTrial', permission: 'billing.manage', namesRows: false, call: (s) => startOwnersTrial(s) },
  { service: 'live/live-events.server.ts#liveCursor', permission: 'orders.board', namesRows: false, call: (s) => liveCursor(s, 'orders') },
  {
    service: 'live/live-stream.server.ts#liveStream',
    permission: 'orders.board',
    namesRows: false,
    call: (s) => liveStream(s, aborted(), { channel: 'orders', holder: { sessionId: 'no-such-session', userId: s.actor.id, restaurantId: s.restaurantId } }),
  },
];

export const TEAM_USER_ROWS: UserRow[] = [
  { service: 'account/restaurants.service.server.ts#listMyRestaurants', call: (s) => listMyRestaurants(s) },
  { service: 'account/restaurants.service.server.ts#addRestaurant', call: (s) => addRestaurant(s, { restaurantName: '' }, 'ro') },
  { service: 'account/restaurants.service.server.ts#trialOfNextRestaurant', call: (s) => trialOfNextRestaurant(s) },
  { service: 'subscription/subscription.service.server.ts#previewOwnersTrial', call: (s) => previewOwnersTrial(s) },
  { service: `${T}invitation-accept.service.server.ts#acceptInvitation`, call: (s) => acceptInvitation(s, 'no-such-token') },
];
