import { useActionData } from 'react-router';
import { data, redirect } from 'react-router';
import { callAuthEndpoint, clearSessionCookie, getAuth } from '#app/auth/auth.server.ts';
import { getDb } from '#app/db/db.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { getPasswordPolicy } from '#app/env.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { deleteAccount } from '#app/modules/account/account-data.service.server.ts';
import { changeOwnName } from '#app/modules/account/account-name.service.server.ts';
import { changeOwnPassword, requestOwnEmailChange, type SecurityChangeResult } from '#app/modules/account/account-security.service.server.ts';
import { resendVerificationLink, verifiedLandingPath } from '#app/modules/account/email-link.service.server.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { publishAccessChange } from '#app/modules/live/live-bus.server.ts';
import { AccountSection } from '#app/ui/account/account-section.tsx';
import { describePasswordRules } from '#app/ui/auth/password-rules.ts';
import { useNoticeToast } from '#app/ui/toast/toast-provider.tsx';
import type { Route } from './+types/restaurant-admin.account';

export const loader = restaurantRoute('restaurant.view', async ({ request }: Route.LoaderArgs, { scope: owner, user }) => {
  const { t } = getI18n(getRequestLocale(request));
  const policy = getPasswordPolicy();
  return { email: owner.actor.email, name: user.name, passwordHint: describePasswordRules(t, policy), minPasswordLength: policy.minLength };
});

type SecurityAnswer = { form: 'password' | 'email' | 'name'; error: string | undefined; notice: string | undefined };

/** A password or e-mail change's outcome as the page's answer: a toast, or the form's error. */
function securityAnswer(request: Request, form: SecurityAnswer['form'], result: SecurityChangeResult, notice: string) {
  const { t } = getI18n(getRequestLocale(request));
  if (result.ok) {
    const headers = new Headers();
    for (const cookie of result.setCookie) headers.append('Set-Cookie', cookie);
    return data<SecurityAnswer>({ form, error: undefined, notice }, { headers });
  }
  if (result.error === 'too-many-requests') {
    return data<SecurityAnswer>(
      { form, error: t('identityErrors.too-many-requests'), notice: undefined },
      { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
    );
  }
  const error =
    result.error === 'password-does-not-meet-requirements'
      ? t('identityErrors.password-does-not-meet-requirements', { rules: describePasswordRules(t, getPasswordPolicy(), result.broken) })
      : result.error === 'same-email'
        ? t('accountSecurity.sameEmail')
        : t(`identityErrors.${result.error}`);
  return data<SecurityAnswer>({ form, error, notice: undefined }, { status: 400 });
}

/** Account self-service; every intent checks the owner first, whatever the page showed. */
export const action = restaurantRoute('restaurant.view', async ({ request, params }: Route.ActionArgs, { scope: owner, user }) => {
  const db = getDb();
  const form = await request.formData();
  const signedOut = { headers: { 'Set-Cookie': clearSessionCookie() } };
  if (form.get('intent') === 'sign-out-everywhere') {
    const response = await callAuthEndpoint(getAuth(), '/revoke-sessions', {}, request.headers);
    await response.body?.cancel();
    // the boards this account holds open, on any device and app process, end now (issue 33 item 1)
    if (response.ok) publishAccessChange(user.id);
    return redirect('/login', signedOut);
  }
  if (form.get('intent') === 'resend-verification') {
    const { t } = getI18n(getRequestLocale(request));
    const result = await resendVerificationLink(db, getAuth(), user, verifiedLandingPath(params.restaurantSlug), request.headers, owner.restaurantId);
    if (result.ok) return { error: undefined, notice: t('emailVerification.resent') };
    if ('retryAt' in result) {
      const retryAfter = Math.max(1, Math.ceil((Date.parse(result.retryAt) - Date.now()) / 1000));
      return data({ error: t('emailVerification.notSentUntil', { time: result.retryTime }), notice: undefined }, { status: 429, headers: { 'Retry-After': String(retryAfter) } });
    }
    return data({ error: t(`identityErrors.${result.error}`), notice: undefined }, { status: result.error === 'too-many-requests' ? 429 : 400 });
  }
  if (form.get('intent') === 'change-name') {
    const { t } = getI18n(getRequestLocale(request));
    const result = await changeOwnName(owner, { name: form.get('name') });
    if (!result.ok) return data<SecurityAnswer>({ form: 'name', error: t('identityErrors.name-required'), notice: undefined }, { status: 400 });
    return data<SecurityAnswer>({ form: 'name', error: undefined, notice: t('accountSecurity.nameSaved') });
  }
  if (form.get('intent') === 'change-password') {
    const { t } = getI18n(getRequestLocale(request));
    const result = await changeOwnPassword(
      owner,
      getAuth(),
      { currentPassword: String(form.get('currentPassword') ?? ''), newPassword: String(form.get('newPassword') ?? '') },
      { policy: getPasswordPolicy(), locale: getRequestLocale(request), headers: request.headers },
    );
    return securityAnswer(request, 'password', result, t('accountSecurity.passwordChanged'));
  }
  if (form.get('intent') === 'change-email') {
    const { t } = getI18n(getRequestLocale(request));
    const newEmail = String(form.get('newEmail') ?? '')
      .trim()
      .toLowerCase();
    const result = await requestOwnEmailChange(
      owner,
      getAuth(),
      { password: String(form.get('password') ?? ''), newEmail },
      { locale: getRequestLocale(request), headers: request.headers, callbackURL: `/${params.restaurantSlug}/admin/account` },
    );
    return securityAnswer(request, 'email', result, t('accountSecurity.emailChangeSent', { email: newEmail }));
  }
  if (form.get('intent') === 'delete-account') {
    const result = await deleteAccount(owner, getAuth(), getStorage(), String(form.get('password') ?? ''));
    if (!result.ok) {
      const { t } = getI18n(getRequestLocale(request));
      if (result.error === 'too-many-requests') {
        return data({ error: t('identityErrors.too-many-requests') }, { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } });
      }
      return data({ error: t('identityErrors.invalid-credential') }, { status: 400 });
    }
    return redirect('/', signedOut);
  }
  return data({ error: undefined }, { status: 400 });
});

export default function RestaurantAccountPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const answer = actionData && 'form' in actionData ? actionData : undefined;
  useNoticeToast(answer);
  return (
    <AccountSection
      error={answer ? undefined : actionData?.error}
      security={{
        ...loaderData,
        nameError: answer?.form === 'name' ? answer.error : undefined,
        passwordError: answer?.form === 'password' ? answer.error : undefined,
        emailError: answer?.form === 'email' ? answer.error : undefined,
      }}
    />
  );
}
