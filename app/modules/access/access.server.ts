import type { Kysely } from 'kysely';
import { redirect } from 'react-router';
import { clearSessionCookie, getAuth } from '#app/auth/auth.server.ts';
import type { Database } from '#app/db/schema.ts';
import { ro } from '#app/i18n/ro.ts';
import { findLastRestaurant, findMembershipBySlug, listMembershipsOf, rememberLastRestaurant } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { can, isRole, type Permission, type Role } from './policy.ts';
import { redirectToLogin, redirectToUnauthorized, restaurantLandingPath } from './redirects.ts';
import { makeAdminScope, makeMemberScope, makeUserScope } from './scope-builders.server.ts';
import type { AdminScope, MemberScope, RequestMeta, UserActor, UserScope } from './scope.server.ts';

/** Set by the HTTP server on every request (a client's own value is replaced). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What the audit log keeps of the request behind an action. */
export function requestMetaOf(request: Request): RequestMeta {
  return { requestId: request.headers.get(REQUEST_ID_HEADER) };
}

export function actorOf(user: Pick<SessionUser, 'id' | 'email' | 'role'>): UserActor {
  return { type: 'user', id: user.id, email: user.email, role: user.role };
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'restaurant';
  /** the owner followed the link sent to the address (or signed in by e-mail link or Google) */
  emailVerified: boolean;
}

/** The session each answer came from (a live stream checks it again while it stays open: stream-grants.server.ts). */
const sessionIdOfUser = new WeakMap<SessionUser, string>();

/** Each page request's answer, read once: its loaders (root, layout, page) run side by side and each asks. */
const sessionOfRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user of this request, or null. A user an admin has disabled is signed out on
 * every device at once and sent to the sign-in page with the translated 'user-disabled' message.
 *
 * A page's loaders share one answer: the marker a disabled session leaves is read once, so it was
 * a race which loader saw it, and a page whose layout loader lost it sent the user to sign in
 * without the reason. An action's request is read afresh each time (it may end the session before
 * the page's loaders run on the same request).
 */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return readSessionUser(request);
  let answer = sessionOfRequest.get(request);
  if (!answer) {
    answer = readSessionUser(request);
    sessionOfRequest.set(request, answer);
  }
  return answer;
}

async function readSessionUser(request: Request): Promise<SessionUser | null> {
  const auth = getAuth();
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) {
    await refuseDisabledSession(request);
    return null;
  }
  const user = session.user as typeof session.user & { role?: string | null; banned?: boolean | null };
  if (user.banned) {
    await (await auth.$context).internalAdapter.deleteUserSessions(user.id);
    throw redirect('/login?error=USER_DISABLED', { headers: { 'Set-Cookie': clearSessionCookie() } });
  }
  const answer: SessionUser = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === 'admin' ? 'admin' : 'restaurant',
    emailVerified: Boolean(user.emailVerified),
  };
  sessionIdOfUser.set(answer, session.session.id);
  return answer;
}

/** Left in place of each session ended by disabling its user, keyed by the session token. */
export function disabledSessionMarker(token: string): string {
  return `disabled-session:${token}`;
}

/** A cookie whose session an admin ended by disabling its user: say so once, and clear the cookie. */
async function refuseDisabledSession(request: Request): Promise<void> {
  const token = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;.]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
  if (!token) return;
  const marker = await (await getAuth().$context).internalAdapter.consumeVerificationValue(disabledSessionMarker(decodeURIComponent(token)));
  if (marker) throw redirect('/login?error=USER_DISABLED', { headers: { 'Set-Cookie': clearSessionCookie() } });
}

/** docs/product-spec.md section 6: pages needing sign-in send a signed-out user to login with the full path. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirectToLogin(request);
  return user;
}

/** What a signed-in user's guard proved: their own scope and who they are. */
export interface UserAccess {
  scope: UserScope;
  user: SessionUser;
}

/** Any signed-in user acting on their own account, with the session's user (one session read). */
export async function requireUserAccess(db: Kysely<Database>, request: Request): Promise<UserAccess> {
  const user = await requireUser(request);
  return { scope: makeUserScope(db, actorOf(user), requestMetaOf(request)), user };
}

/**
 * A signed-in user who may have restaurants (role restaurant) acting on their own account: their
 * restaurants, "Adaugă un restaurant". Platform admins are members of no restaurant (decision 0029):
 * refused as on every restaurant page.
 */
export async function requireRestaurantUserAccess(db: Kysely<Database>, request: Request): Promise<UserAccess> {
  const user = await requireUser(request);
  if (user.role !== 'restaurant') throw redirectToUnauthorized(ro.errors.pageForbidden);
  return { scope: makeUserScope(db, actorOf(user), requestMetaOf(request)), user };
}

/** Any signed-in user acting on their own account (the GDPR export, the payment return, a new restaurant). */
export async function requireUserScope(db: Kysely<Database>, request: Request): Promise<UserScope> {
  return (await requireUserAccess(db, request)).scope;
}

/** docs/product-spec.md section 6: the admin page needs role admin. Returns the admin's scope for the services. */
export async function requireAdmin(db: Kysely<Database>, request: Request): Promise<AdminScope> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw redirectToUnauthorized(ro.errors.pageForbidden);
  return makeAdminScope(db, actorOf(user), requestMetaOf(request));
}

/** What a restaurant page's guard proved: the member's scope (carrying their role) and who they are. */
export interface MemberAccess {
  scope: MemberScope;
  user: SessionUser;
  role: Role;
  /** the session the request was signed in with */
  sessionId: string;
}

/**
 * docs/product-spec.md section 6 with decision 0029: restaurant pages need role restaurant and a
 * membership in the restaurant at this slug (otherwise 'Nu aveți permisiunea de a accesa acest
 * restaurant.'), and the member's role must allow `permission` (otherwise 'Nu aveți permisiunea
 * de a accesa această pagină.'). The membership is read on every request, so a removed member's
 * access ends with their next request, whatever their session says.
 */
export async function requireMember(db: Kysely<Database>, request: Request, restaurantSlug: string, permission: Permission): Promise<MemberAccess> {
  const user = await requireUser(request);
  if (user.role !== 'restaurant') throw redirectToUnauthorized(ro.errors.pageForbidden);
  const membership = await findMembershipBySlug(db, user.id, restaurantSlug);
  if (!membership || !isRole(membership.role)) throw redirectToUnauthorized(ro.errors.restaurantForbidden);
  if (!can(membership.role, permission)) throw redirectToUnauthorized(ro.errors.pageForbidden);
  return {
    scope: makeMemberScope(db, actorOf(user), membership.id, membership.role, requestMetaOf(request)),
    user,
    role: membership.role,
    sessionId: sessionIdOfUser.get(user) ?? '',
  };
}

/** The member opened this restaurant's admin: their next sign-in lands here (one write, only when it changed). */
export async function rememberRestaurantOpened(access: MemberAccess): Promise<void> {
  await rememberLastRestaurant(access.scope.db, access.user.id, access.scope.restaurantId);
}

/**
 * docs/product-spec.md section 6 with decision 0029: where a signed-in user belongs: admins to
 * /admin, members to the restaurant they opened last (or their only one), anyone else to the
 * chooser: a member of several picks one there, and a user with none (removed from their only
 * team) can add one. Guest-only pages send signed-in users here.
 */
export async function landingPathFor(db: Kysely<Database>, user: SessionUser): Promise<string> {
  if (user.role === 'admin') return '/admin';
  const last = await findLastRestaurant(db, user.id);
  if (last && isRole(last.role)) return restaurantLandingPath(last.slug, last.role);
  const memberships = await listMembershipsOf(db, user.id);
  const only = memberships.length === 1 ? memberships[0]! : undefined;
  if (only && isRole(only.role)) return restaurantLandingPath(only.slug, only.role);
  return RESTAURANT_CHOOSER_PATH;
}

/** Whether the user is a member of any restaurant (a Google user's first visit names one when not). */
export async function hasRestaurant(db: Kysely<Database>, user: SessionUser): Promise<boolean> {
  return (await listMembershipsOf(db, user.id)).length > 0;
}

/** Where a member of several restaurants picks one, and anyone adds one. */
export const RESTAURANT_CHOOSER_PATH = '/restaurants';

/** docs/product-spec.md section 6: guest-only pages send a signed-in user to where they belong. */
export async function requireGuest(db: Kysely<Database>, request: Request): Promise<void> {
  const user = await getSessionUser(request);
  if (user) throw redirect(await landingPathFor(db, user));
}
