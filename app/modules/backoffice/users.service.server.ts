import type { Auth } from '#app/auth/auth.server.ts';
import { requestSignInLink } from '#app/modules/account/email-link.service.server.ts';
import { assertAdmin, type AdminScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { PAGE_SIZE, type Page, type UserSort } from './backoffice.types.ts';
import { countUsers, findUserForAdmin, listMembershipsOfUsers, listSignInMethods, listUsersPage } from './users.repo.server.ts';

export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'restaurant';
  disabled: boolean;
  emailVerified: boolean;
  createdAt: string;
  /** the restaurants the user is a member of, with their role in each */
  restaurants: { id: string; name: string; slug: string; role: string }[];
  /** 'credential' (password), 'google', … : provider ids only, never a hash or a token */
  signInMethods: string[];
  /** when the user last signed in, by any method (kept after sign-out); null when never */
  lastSignInAt: string | null;
}

const iso = (value: Date | string | null | undefined): string | null => (value == null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** Users for the back office: searched by e-mail, name or restaurant, one page at a time. */
export async function listUsersForBackOffice(scope: AdminScope, query: { q?: string; sort: UserSort; page: number }): Promise<Page<AdminUserRow>> {
  assertAdmin(scope);
  const q = query.q?.trim() || undefined;
  const total = await countUsers(scope.db, q);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await listUsersPage(scope.db, q, query.sort, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const ids = rows.map((row) => row.id);
  const methodsOf = Map.groupBy(await listSignInMethods(scope.db, ids), (m) => m.userId);
  const membershipsOf = Map.groupBy(await listMembershipsOfUsers(scope.db, ids), (m) => m.userId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      disabled: Boolean(row.banned),
      emailVerified: Boolean(row.emailVerified),
      createdAt: iso(row.createdAt) ?? '',
      restaurants: (membershipsOf.get(row.id) ?? []).map(({ id, name, slug, role }) => ({ id, name, slug, role })),
      signInMethods: [...new Set((methodsOf.get(row.id) ?? []).map((m) => m.providerId))].sort(),
      lastSignInAt: iso(row.lastSignInAt),
    })),
    total,
    page,
    pageCount,
  };
}

/**
 * Sends the user a one-time sign-in link by e-mail (the same link the login page's "e-mail me a
 * link" sends, with its rate limit) and records that an admin asked for it.
 */
export async function resendSignInLink(scope: AdminScope, auth: Auth, userId: string, headers: Headers): Promise<{ ok: true; email: string } | { ok: false; email: string }> {
  assertAdmin(scope);
  const user = await findUserForAdmin(scope.db, userId);
  if (!user) throw new AppError('not-found');
  const outcome = await requestSignInLink(auth, user.email, headers);
  // the sign-in form's own rate limit applies: too many links for one address are refused
  if (!outcome.ok) return { ok: false, email: user.email };
  await recordAudit(scope, { action: 'user.send-sign-in-link', target: { type: 'user', id: userId }, restaurantId: user.lastRestaurantId });
  return { ok: true, email: user.email };
}
