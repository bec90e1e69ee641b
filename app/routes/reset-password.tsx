import { data, Form, redirect, useActionData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getAuth } from '#app/auth/auth.server.ts';
import { linkErrorFrom } from '#app/auth/identity-errors.ts';
import { getPasswordPolicy } from '#app/env.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { NewPasswordInput } from '#app/modules/account/account.schema.ts';
import { failedPasswordRules } from '#app/modules/account/password-policy.ts';
import { resetPassword } from '#app/modules/account/email-link.service.server.ts';
import { describePasswordRules } from '#app/ui/auth/password-rules.ts';
import { FormMessages } from '#app/ui/form-messages.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'auth.resetTitle', 'auth.resetLead'), { name: 'robots', content: 'noindex' }];

/** Where a reset e-mail's link lands (after better-auth checked the token): `?token=` or `?error=`. */
export const loader = publicRoute(({ request }: Route.LoaderArgs) => {
  const search = new URL(request.url).searchParams;
  const linkError = linkErrorFrom(search.get('error'));
  if (linkError || !search.get('token')) {
    return redirect(`/login?reset=true&error=${linkError === 'expired-action-code' ? 'EXPIRED_TOKEN' : 'INVALID_TOKEN'}`);
  }
  const { t } = getI18n(getRequestLocale(request));
  return { token: search.get('token')!, passwordHint: describePasswordRules(t, getPasswordPolicy()), minPasswordLength: getPasswordPolicy().minLength };
});

export const action = publicRoute(async ({ request }: Route.ActionArgs) => {
  const { t } = getI18n(getRequestLocale(request));
  const policy = getPasswordPolicy();
  const fail = (code: string, rules = describePasswordRules(t, policy)) => data({ error: t(`identityErrors.${code}`, { rules }) }, { status: 400 });
  const parsed = NewPasswordInput.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'invalid-action-code');
  const broken = failedPasswordRules(parsed.data.password, policy);
  if (broken.length > 0) return fail('password-does-not-meet-requirements', describePasswordRules(t, policy, broken));
  const result = await resetPassword(getAuth(), parsed.data.token, parsed.data.password, request.headers);
  if (!result.ok) return fail(result.error);
  return redirect('/login?reset=done');
});

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('auth.resetTitle')}</h1>
      <FormMessages error={actionData?.error} />
      <Form method="post" className="mt-6 space-y-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <label className="block font-medium">
          {t('auth.newPassword')}
          <input
            name="password"
            type="password"
            required
            minLength={loaderData.minPasswordLength}
            autoComplete="new-password"
            className="mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 text-base dark:border-stone-600 dark:bg-stone-900"
          />
          <span className="mt-1 block text-sm font-normal text-stone-600 dark:text-stone-400">{t('auth.passwordHint', { rules: loaderData.passwordHint })}</span>
        </label>
        <button type="submit" className="min-h-12 w-full rounded-lg bg-primary-600 px-4 text-lg font-semibold text-white hover:bg-primary-700">
          {t('auth.savePassword')}
        </button>
      </Form>
    </div>
  );
}
