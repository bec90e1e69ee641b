import { getAuth } from '#app/auth/auth.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import type { Route } from './+types/api.auth';

/** better-auth's HTTP endpoints (sign-in, sign-up, sessions, ...). */
export const loader = publicRoute(({ request }: Route.LoaderArgs) => {
  return getAuth().handler(request);
});

export const action = publicRoute(({ request }: Route.ActionArgs) => {
  return getAuth().handler(request);
});
