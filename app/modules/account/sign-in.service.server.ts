import { callAuthEndpoint, type Auth } from '#app/auth/auth.server.ts';
import { identityErrorFrom, type IdentityErrorCode } from '#app/auth/identity-errors.ts';

export type SignInResult = { ok: true; cookies: string[] } | { ok: false; error: IdentityErrorCode; retryAfterSeconds?: number };

/** E-mail and password sign-in; the same answer for an unknown e-mail and a wrong password. */
export async function signInWithPassword(auth: Auth, input: { email: string; password: string }, headers: Headers): Promise<SignInResult> {
  const response = await callAuthEndpoint(auth, '/sign-in/email', input, headers);
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    if (response.status === 429) {
      // better-auth says when the window reopens; the page passes it on as Retry-After
      const seconds = Number(response.headers.get('x-retry-after') ?? response.headers.get('retry-after'));
      return { ok: false, error: 'too-many-requests', retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60 };
    }
    return { ok: false, error: identityErrorFrom(response.status, body.code) };
  }
  await response.body?.cancel();
  return { ok: true, cookies: response.headers.getSetCookie() };
}

/** Ends this session; returns the cookies that clear it in the browser. */
export async function signOut(auth: Auth, headers: Headers): Promise<string[]> {
  const response = await auth.api.signOut({ headers, asResponse: true });
  await response.body?.cancel();
  return response.headers.getSetCookie();
}
