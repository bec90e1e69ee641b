import { afterEach, describe, expect, it, vi } from 'vitest';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { CLIENT_IP_HEADER, createAuth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import type { SessionUser } from '#app/modules/access/access.server.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { completeGoogleProfile, GOOGLE_COMPLETE_PATH, startGoogleSignIn } from './google.service.server.ts';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An ID token as Google's token endpoint returns it (its signature is not checked on that TLS channel). */
const idToken = (claims: object) => `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`;

/**
 * Google's servers cannot be reached from here, so only they are replaced, at the HTTP boundary:
 * the token endpoint answers as Google does. Everything of ours and of better-auth runs for real.
 */
function stubGoogleTokenEndpoint(claims: object) {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith('https://oauth2.googleapis.com/token')) {
      return Response.json({ access_token: 'google-access', id_token: idToken(claims), token_type: 'Bearer', expires_in: 3600 });
    }
    return realFetch(input, init);
  });
}

describe(`Google sign-in on ${testDialect}`, () => {
  let database: TestDatabase;
  let auth: ReturnType<typeof createAuth>;
  test.beforeAll(({ database: fileDatabase }) => {
    database = fileDatabase;
    auth = createAuth(
      database,
      parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'o'.repeat(32), PUBLIC_URL: 'http://localhost:3000', GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' }),
      authServices(database),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  async function signInWithGoogle(email: string, redirectTo = ''): Promise<{ location: string | null; user: SessionUser; restaurantIds: string[] }> {
    const started = await startGoogleSignIn(auth, new Headers({ [CLIENT_IP_HEADER]: '192.0.2.1' }), redirectTo);
    if (!started.ok) throw new Error(started.error);
    expect(new URL(started.url).origin).toBe('https://accounts.google.com');
    const state = new URL(started.url).searchParams.get('state');
    stubGoogleTokenEndpoint({ sub: `google-${email}`, email, email_verified: true, name: 'Ion Pop', iss: 'https://accounts.google.com', aud: 'client-id' });
    const cookie = started.cookies.map((c) => c.split(';')[0]).join('; ');
    const callback = await auth.handler(new Request(`http://localhost:3000/api/auth/callback/google?code=the-code&state=${state}`, { headers: { cookie } }));
    const session = await auth.api.getSession({
      headers: new Headers({
        cookie: callback.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      }),
    });
    if (!session) throw new Error(`no session after the callback (${callback.status} ${callback.headers.get('location')})`);
    const user = session.user as typeof session.user & { role: string };
    const memberships = await database.db.selectFrom('membership').select('restaurantId').where('userId', '=', user.id).execute();
    return {
      location: callback.headers.get('location'),
      user: { id: user.id, email: user.email, name: user.name, role: user.role === 'admin' ? ('admin' as const) : ('restaurant' as const), emailVerified: user.emailVerified },
      restaurantIds: memberships.map((m) => m.restaurantId),
    };
  }

  it('asks a new Google user for the restaurant name, then creates it like a registration', async () => {
    const { location, user, restaurantIds } = await signInWithGoogle('ion@gmail.example');
    expect(location).toBe(GOOGLE_COMPLETE_PATH);
    expect(restaurantIds).toEqual([]);
    // Google vouches for the address (email_verified): it counts as verified here too
    expect(user.emailVerified).toBe(true);
    expect(await completeGoogleProfile(database.db, user, undefined)).toEqual({ ok: false, error: 'restaurant-name-required' });
    expect(await completeGoogleProfile(database.db, user, ' ')).toEqual({ ok: false, error: 'restaurant-name-required' });
    const done = await completeGoogleProfile(database.db, user, 'Cârciuma lui Ion');
    if (!done.ok) throw new Error(done.error);
    expect(done.slug).toMatch(/^carciuma-lui-ion-\d+$/);
    const row = await database.db.selectFrom('user').select(['role', 'lastRestaurantId']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('restaurant');
    const restaurant = await database.db.selectFrom('restaurant').selectAll().where('id', '=', row.lastRestaurantId!).executeTakeFirstOrThrow();
    expect(restaurant).toMatchObject({ slug: done.slug, planKind: 'trial', proUntil: null, productsCount: 0 });
    expect(await database.db.selectFrom('membership').select(['userId', 'role']).where('restaurantId', '=', restaurant.id).execute()).toEqual([{ userId: user.id, role: 'owner' }]);
    expect(await database.db.selectFrom('subscription').select(['kind', 'status']).where('restaurantId', '=', restaurant.id).execute()).toEqual([
      { kind: 'trial', status: 'active' },
    ]);
  });

  it('loads the existing profile the next time, without asking again or creating a second restaurant', async () => {
    const { user, restaurantIds } = await signInWithGoogle('ion@gmail.example');
    expect(restaurantIds).toHaveLength(1);
    const again = await completeGoogleProfile(database.db, user, undefined);
    expect(again.ok).toBe(true);
    expect(await database.db.selectFrom('membership').select('restaurantId').where('userId', '=', user.id).execute()).toEqual([{ restaurantId: restaurantIds[0] }]);
  });

  it('brings a first Google sign-in from an invitation back to the invitation, creating no restaurant of its own', async () => {
    const { location, restaurantIds } = await signInWithGoogle('maria@gmail.example', '/invitatie/the-token');
    expect(location).toBe('/login/complete?redirect=%2Finvitatie%2Fthe-token');
    expect(restaurantIds).toEqual([]);
  });
});
