import { data, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { getAuth } from '#app/auth/auth.server.ts';
import { getDb } from '#app/db/db.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { RegisterInput, SignInInput } from '#app/modules/account/account.schema.ts';
import { registerRestaurantOwner } from '#app/modules/account/register.service.server.ts';
import { signInWithPassword } from '#app/modules/account/sign-in.service.server.ts';
import { landingPathFor, requireGuest } from '#app/modules/access/access.server.ts';
import { getSessionUserFromCookies } from '#app/modules/access/session-cookies.server.ts';
import { safeRedirectPath } from '#app/modules/access/redirects.ts';
import { LoginForm } from '#app/ui/auth/login-form.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/login';

const isRegister = (search: string) => new URLSearchParams(search).get('register') === 'true';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, isRegister(location.search) ? 'login.registerTitle' : 'login.title', 'login.description');

/** Spec section 6: a guest-only page. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireGuest(getDb(), request);
  return null;
}

function withCookies(location: string, cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return redirect(location, { headers });
}

/** Sign-in and registration; a failure keeps what was typed (except the password) and says why. */
export async function action({ request }: Route.ActionArgs) {
  await requireGuest(getDb(), request);
  const { t } = getI18n(getRequestLocale(request));
  const form = Object.fromEntries(await request.formData());
  const fail = (code: string, fields: Record<string, unknown>) =>
    data({ error: t(`identityErrors.${code}`, { min: 6 }), fields: { ...fields, password: '' } }, { status: 400 });

  if (form.intent === 'register') {
    const parsed = RegisterInput.safeParse(form);
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'invalid-email', form);
    const result = await registerRestaurantOwner(getAuth(), getDb(), parsed.data, request.headers);
    if (!result.ok) return fail(result.error, form);
    return withCookies(`/${result.slug}/admin`, result.cookies);
  }

  const parsed = SignInInput.safeParse(form);
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'invalid-credential', form);
  const result = await signInWithPassword(getAuth(), parsed.data, request.headers);
  if (!result.ok) return fail(result.error, form);
  const target = parsed.data.redirect ? safeRedirectPath(parsed.data.redirect, '') : '';
  const user = target ? null : await getSessionUserFromCookies(result.cookies);
  return withCookies(target || (user ? await landingPathFor(getDb(), user) : '/'), result.cookies);
}

/** Spec section 2: sign-in; `?register=true` shows the registration variant. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <LoginForm
      register={params.get('register') === 'true'}
      redirectTo={params.get('redirect') ?? ''}
      error={actionData?.error}
      fields={actionData?.fields as Record<string, string> | undefined}
      busy={navigation.state === 'submitting'}
    />
  );
}
