import { redirect } from 'react-router';
import { getAuth } from '#app/auth/auth.server.ts';
import { signOut } from '#app/modules/account/sign-in.service.server.ts';
import type { Route } from './+types/logout';

/** Sign out (a POST from the account menu); a GET never signs anyone out. */
export async function action({ request }: Route.ActionArgs) {
  const cookies = await signOut(getAuth(), request.headers);
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return redirect('/', { headers });
}

export function loader() {
  return redirect('/');
}
