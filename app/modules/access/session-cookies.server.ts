import { getSessionUser, type SessionUser } from './access.server.ts';

/** The user of a session that was just created: reads it back through its Set-Cookie values. */
export function getSessionUserFromCookies(setCookies: string[]): Promise<SessionUser | null> {
  const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
  return getSessionUser(new Request('http://localhost/', { headers: { cookie } }));
}
