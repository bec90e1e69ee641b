import { data, redirect, useActionData, useNavigation } from 'react-router';
import { getAuth } from '#app/auth/auth.server.ts';
import { getDb } from '#app/db/db.server.ts';
import { getPasswordPolicy, isHttps } from '#app/env.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale, serializeLocaleCookie, shouldAdoptLocale } from '#app/i18n/locale.server.ts';
import { failedPasswordRules } from '#app/modules/account/password-policy.ts';
import { signOut } from '#app/modules/account/sign-in.service.server.ts';
import { getSessionUser, REQUEST_ID_HEADER, requireUserScope } from '#app/modules/access/access.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { redirectWithCookies } from '#app/modules/access/redirects.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { acceptInvitation, getInvitationView, registerFromInvitation } from '#app/modules/team/invitation-accept.service.server.ts';
import { invitationPath } from '#app/modules/team/invitation-token.server.ts';
import { InvitationSignUpInput } from '#app/modules/team/team.schema.ts';
import { describePasswordRules } from '#app/ui/auth/password-rules.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import { InvitationCard, InvitationInvalid } from '#app/ui/team/invitation-card.tsx';
import type { Route } from './+types/invitation';

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'invitation.title', 'invitation.description'), { name: 'robots', content: 'noindex' }];

/** The link of an invitation e-mail (decision 0029): anyone may open it; the token is the key. */
export const loader = publicRoute(async ({ request, params }: Route.LoaderArgs) => {
  const { t } = getI18n(getRequestLocale(request));
  const user = await getSessionUser(request);
  const view = await getInvitationView(getDb(), params.token, user);
  // an English invitation opens in English for whoever has not chosen a language (issue 33 item 14)
  if (view.ok && shouldAdoptLocale(request, view.locale)) {
    throw redirect(`${invitationPath(params.token)}?lang=${view.locale}`, { headers: { 'Set-Cookie': serializeLocaleCookie(view.locale, isHttps()) } });
  }
  const policy = getPasswordPolicy();
  return data(
    {
      view,
      path: invitationPath(params.token),
      current: user?.email ?? null,
      passwordHint: describePasswordRules(t, policy),
      minPasswordLength: policy.minLength,
      invalid: view.ok ? undefined : t(`appErrors.${view.error}`),
    },
    { status: view.ok ? 200 : view.error === 'invitation-unknown' ? 404 : 410 },
  );
});

/** The new account's session, as a request the access module reads to make the account's scope. */
function withSession(request: Request, cookies: string[]): Request {
  const headers = new Headers({ cookie: cookies.map((cookie) => cookie.split(';')[0]).join('; ') });
  const requestId = request.headers.get(REQUEST_ID_HEADER);
  if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
  return new Request(request.url, { headers });
}

/** Accept (signed in), register and accept (nobody signed in), or sign out to come back as the invited address. */
export const action = publicRoute(async ({ request, params }: Route.ActionArgs) => {
  const db = getDb();
  const { t } = getI18n(getRequestLocale(request));
  const form = Object.fromEntries(await request.formData());
  const path = invitationPath(params.token);
  const fail = (error: string, status = 400) => data({ error, name: typeof form.name === 'string' ? form.name : '' }, { status });
  try {
    switch (form.intent) {
      case 'sign-out':
        return redirectWithCookies(path, await signOut(getAuth(), request.headers));
      case 'accept': {
        const { slug } = await acceptInvitation(await requireUserScope(db, request), params.token);
        return redirect(`/${slug}/admin`);
      }
      case 'register': {
        // signed in already: the page offers accepting instead
        if (await getSessionUser(request)) return redirect(path);
        const policy = getPasswordPolicy();
        const parsed = InvitationSignUpInput.safeParse(form);
        if (!parsed.success) return fail(t(parsed.error.issues[0]?.path[0] === 'name' ? 'invitation.nameRequired' : 'identityErrors.missing-password'));
        const broken = failedPasswordRules(parsed.data.password, policy);
        if (broken.length > 0) return fail(t('identityErrors.password-does-not-meet-requirements', { rules: describePasswordRules(t, policy, broken) }));
        const result = await registerFromInvitation(getAuth(), db, params.token, parsed.data, request.headers, (cookies) => requireUserScope(db, withSession(request, cookies)));
        if (!result.ok) return fail(t(`identityErrors.${result.error}`, { rules: describePasswordRules(t, policy) }), result.error === 'too-many-requests' ? 429 : 400);
        return redirectWithCookies(`/${result.slug}/admin`, result.cookies);
      }
      default:
        return fail(t('appErrors.invalid-input'));
    }
  } catch (error) {
    if (isAppError(error)) return fail(t(`appErrors.${error.code}`, error.params), error.status);
    throw error;
  }
});

export default function InvitationPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { view } = loaderData;
  if (!view.ok) return <InvitationInvalid message={loaderData.invalid ?? ''} />;
  return (
    <InvitationCard
      view={view}
      path={loaderData.path}
      current={loaderData.current}
      passwordHint={loaderData.passwordHint}
      minPasswordLength={loaderData.minPasswordLength}
      error={actionData?.error}
      name={actionData?.name ?? ''}
      busy={navigation.state === 'submitting'}
    />
  );
}
