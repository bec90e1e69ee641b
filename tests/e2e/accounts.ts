import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import type { Role } from '#app/modules/access/policy.ts';
import { newId } from '#tests/factories/builders.ts';
import { nextClientIp } from './browser.ts';

/** A session cookie for an existing account, signed in over HTTP. */
export async function sessionCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': nextClientIp() },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const signedIn = new Map<string, string>();

/**
 * A session cookie for an existing account (the demo owner, the platform admin), signed in once per
 * worker and reused by every later file of the worker: a sign-in hashes the password (the costliest
 * request the server answers), a session check reads one row. A session ended since (a sign-out
 * everywhere, a disabled user, a changed password) is seen by the check, and the account signs in anew.
 */
export async function sharedSessionCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const key = `${baseUrl} ${email} ${password}`;
  const known = signedIn.get(key);
  if (known) {
    const session = await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie: known, 'x-forwarded-for': nextClientIp() } });
    const body = session.ok ? ((await session.json()) as { user?: { email?: string } } | null) : null;
    if (body?.user?.email === email) return known;
  }
  const cookie = await sessionCookie(baseUrl, email, password);
  signedIn.set(key, cookie);
  return cookie;
}

/** Registers a new owner through the real form; returns their session cookie and restaurant slug. */
export async function registerOwner(baseUrl: string, name: string): Promise<{ cookie: string; slug: string }> {
  const response = await fetch(`${baseUrl}/login?register=true`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl, 'x-forwarded-for': nextClientIp() },
    body: new URLSearchParams({ intent: 'register', restaurantName: name, email: `${name}-${Date.now()}@example.com`, password: 'parola-buna-1' }),
  });
  expect(response.status).toBe(302);
  const slug = response.headers.get('location')!.split('/')[1]!;
  return {
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    slug,
  };
}

/** What an owner's browser posts without JavaScript (the editor's forms, the product form), over HTTP. */
export type OwnerPost = (fields: Record<string, string>, path?: string) => Promise<Response>;

/**
 * A fresh owner with a location "Salon" and `categories` in it (in that order, their ids as the
 * product form lists them), made over HTTP as the editor's forms post them.
 */
export async function ownerWithCategories(
  baseUrl: string,
  name: string,
  categories: readonly string[],
): Promise<{ cookie: string; slug: string; categoryIds: string[]; post: OwnerPost }> {
  const { cookie, slug } = await registerOwner(baseUrl, name);
  const post: OwnerPost = (fields, path = `/${slug}/admin?index`) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams(fields),
      headers: { cookie, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
    });
  expect((await post({ intent: 'create-location', nameRo: 'Salon' })).status).toBe(200);
  const locationId = /\?location=([0-9a-f-]{36})/.exec(await (await fetch(`${baseUrl}/${slug}/admin`, { headers: { cookie } })).text())?.[1];
  expect(locationId).toBeTruthy();
  for (const category of categories) expect((await post({ intent: 'create-category', nameRo: category, locationId: locationId!, visible: 'on' })).status).toBe(200);
  const categoryIds = [...(await (await fetch(`${baseUrl}/${slug}/admin/products/new`, { headers: { cookie } })).text()).matchAll(/<option value="([0-9a-f-]{36})"/g)].map(
    (m) => m[1]!,
  );
  expect(categoryIds).toHaveLength(categories.length);
  return { cookie, slug, categoryIds, post };
}

/** Saves `dishes` (10 RON unless said) into a category through the product form. */
export async function addDishes(post: OwnerPost, slug: string, categoryId: string, dishes: readonly string[], price = '10'): Promise<void> {
  for (const dish of dishes) {
    const saved = await post({ categoryId, nameRo: dish, price, available: 'on', visible: 'on' }, `/${slug}/admin/products/new`);
    expect(saved.status).toBe(302);
  }
}

/** A fresh owner with a location "Salon", a category "Ciorbe" and `dishes` in it (30 RON each, in that order). */
export async function ownerWithDishes(baseUrl: string, name: string, dishes: readonly string[]): Promise<{ cookie: string; slug: string }> {
  const { cookie, slug, categoryIds, post } = await ownerWithCategories(baseUrl, name, ['Ciorbe']);
  await addDishes(post, slug, categoryIds[0]!, dishes, '30');
  return { cookie, slug };
}

/** A `Cookie:` header as Playwright cookies for the site (a value may itself contain '='). */
export function browserCookies(header: string, url: string): { name: string; value: string; url: string }[] {
  return header.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}

/** A person with an account of their own, made a member of the restaurant in `role`; their session cookie. */
export async function memberCookie(baseUrl: string, db: Kysely<Database>, restaurantId: string, role: Exclude<Role, 'owner'>, name = 'Chelner'): Promise<string> {
  const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': nextClientIp() },
    body: JSON.stringify({ email, password: 'parola-buna-1', name }),
  });
  expect(signUp.status).toBe(200);
  const user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db.insertInto('membership').values({ id: newId(), restaurantId, userId: user.id, role, createdAt: now, updatedAt: now }).execute();
  return signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
