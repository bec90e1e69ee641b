import { redirect } from 'react-router';
import { getAuth } from '#app/auth/auth.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { signOut } from '#app/modules/account/sign-in.service.server.ts';
import { redirectWithCookies } from '#app/modules/access/redirects.ts';
import { requireSameOrigin } from '#app/modules/access/same-origin.ts';
import type { Route } from './+types/logout';

/** Sign out (a POST from the account menu); a GET never signs anyone out. */
export const action = publicRoute(async ({ request }: Route.ActionArgs) => {
  requireSameOrigin(request);
  return redirectWithCookies('/', await signOut(getAuth(), request.headers));
});

export const loader = publicRoute(() => {
  return redirect('/');
});
