import { data, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { getAuth } from '#app/auth/auth.server.ts';
import { linkErrorFrom } from '#app/auth/identity-errors.ts';
import { getDb } from '#app/db/db.server.ts';
import { getPasswordPolicy, isGoogleEnabled } from '#app/env.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { guestRoute } from '#app/modules/access/route-guards.server.ts';
import { EmailOnlyInput, RegisterInput, SignInInput } from '#app/modules/account/account.schema.ts';
import { requestPasswordReset, requestSignInLink } from '#app/modules/account/email-link.service.server.ts';
import { startGoogleSignIn } from '#app/modules/account/google.service.server.ts';
import { failedPasswordRules } from '#app/modules/account/password-policy.ts';
import { registerRestaurantOwner, registrationLandingPath } from '#app/modules/account/register.service.server.ts';
import { signInWithPassword } from '#app/modules/account/sign-in.service.server.ts';
import { landingPathFor } from '#app/modules/access/access.server.ts';
import { redirectWithCookies, safeRedirectPath } from '#app/modules/access/redirects.ts';
import { getSessionUserFromCookies } from '#app/modules/access/session-cookies.server.ts';
import { LoginForm, type LoginMode } from '#app/ui/auth/login-form.tsx';
import { describePasswordRules } from '#app/ui/auth/password-rules.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/login';

function modeOf(search: URLSearchParams): LoginMode {
  if (search.get('register') === 'true') return 'register';
  if (search.get('reset') === 'true') return 'reset';
  return 'sign-in';
}

/**
 * Sent without React (issue 26: LCP ≤ 1.5 s on a phone; decision 0026's static pages): its forms
 * are plain posts whose answer is a page (a refusal keeps what was typed and says why) or a
 * redirect into the app; the banner and the privacy modal are site-enhance.js's.
 */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const mode = modeOf(new URLSearchParams(location.search));
  const title = mode === 'register' ? 'login.registerTitle' : mode === 'reset' ? 'auth.resetTitle' : 'login.title';
  return pageMeta(matches, title, 'login.description');
};

/** A rate-limited attempt's Retry-After reaches the browser (document responses take headers from here). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After');
  return retryAfter ? { 'Retry-After': retryAfter } : new Headers();
};

/** docs/product-spec.md section 6: a guest-only page. Failed e-mail links come back here with `?error=`. */
export const loader = guestRoute(async ({ request }: Route.LoaderArgs) => {
  const { t } = getI18n(getRequestLocale(request));
  const search = new URL(request.url).searchParams;
  const linkError = linkErrorFrom(search.get('error'));
  return {
    googleEnabled: isGoogleEnabled(),
    passwordHint: describePasswordRules(t, getPasswordPolicy()),
    minPasswordLength: getPasswordPolicy().minLength,
    error: linkError ? t(`identityErrors.${linkError}`) : undefined,
    notice: search.get('reset') === 'done' ? t('auth.passwordChanged') : undefined,
  };
});

/** Sign-in, registration, e-mail link and reset requests; a failure keeps what was typed and says why. */
export const action = guestRoute(async ({ request }: Route.ActionArgs) => {
  const db = getDb();
  const { t } = getI18n(getRequestLocale(request));
  const form = Object.fromEntries(await request.formData());
  const fields = { ...form, password: '' } as Record<string, string>;
  const policy = getPasswordPolicy();
  // a rate-limited attempt is 429 with Retry-After (better-auth's window when known), anything else 400
  const fail = (code: string, rules = describePasswordRules(t, policy), retryAfterSeconds = 60) =>
    data(
      { error: t(`identityErrors.${code}`, { rules }), notice: undefined, fields },
      code === 'too-many-requests' ? { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } } : { status: 400 },
    );
  const sent = (key: string) => data({ error: undefined, notice: t(key), fields });

  switch (form.intent) {
    case 'google': {
      if (!isGoogleEnabled()) return fail('invalid-credential');
      const started = await startGoogleSignIn(getAuth(), request.headers, typeof form.redirect === 'string' ? safeRedirectPath(form.redirect, '') : '');
      if (!started.ok) return fail(started.error);
      return redirectWithCookies(started.url, started.cookies);
    }
    case 'register': {
      const parsed = RegisterInput.safeParse(form);
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'invalid-email');
      const broken = failedPasswordRules(parsed.data.password, policy);
      if (broken.length > 0) return fail('password-does-not-meet-requirements', describePasswordRules(t, policy, broken));
      const result = await registerRestaurantOwner(getAuth(), db, parsed.data, request.headers);
      if (!result.ok) return fail(result.error);
      return redirectWithCookies(registrationLandingPath(result), result.cookies);
    }
    case 'magic-link':
    case 'reset-request': {
      const parsed = EmailOnlyInput.safeParse(form);
      if (!parsed.success) return fail('invalid-email');
      const send = form.intent === 'magic-link' ? requestSignInLink : requestPasswordReset;
      const result = await send(getAuth(), parsed.data.email, request.headers);
      if (!result.ok) return fail(result.error);
      return sent(form.intent === 'magic-link' ? 'auth.linkSent' : 'auth.resetSent');
    }
    default: {
      const parsed = SignInInput.safeParse(form);
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'invalid-credential');
      const result = await signInWithPassword(getAuth(), parsed.data, request.headers);
      if (!result.ok) return fail(result.error, undefined, result.retryAfterSeconds);
      const target = parsed.data.redirect ? safeRedirectPath(parsed.data.redirect, '') : '';
      const user = target ? null : await getSessionUserFromCookies(result.cookies);
      return redirectWithCookies(target || (user ? await landingPathFor(db, user) : '/'), result.cookies);
    }
  }
});

/** docs/product-spec.md section 2: sign-in; `?register=true` shows the registration variant. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <LoginForm
      mode={modeOf(params)}
      redirectTo={params.get('redirect') ?? ''}
      googleEnabled={loaderData.googleEnabled}
      passwordHint={loaderData.passwordHint}
      minPasswordLength={loaderData.minPasswordLength}
      error={actionData ? actionData.error : loaderData.error}
      notice={actionData ? actionData.notice : loaderData.notice}
      fields={actionData?.fields}
      busy={navigation.state === 'submitting'}
    />
  );
}
