import { getAuth } from '#app/auth/auth.server.ts';
import type { Route } from './+types/api.auth';

/** better-auth's HTTP endpoints (sign-in, sign-up, sessions, ...). */
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
