import { data, redirect } from 'react-router';
import { isHttps } from '#app/env.server.ts';
import { getI18n, isLocale } from '#app/i18n/i18n.ts';
import { getLocalePolicy } from '#app/i18n/locale-policy.ts';
import { getRequestLocale, serializeLocaleCookie } from '#app/i18n/locale.server.ts';
import { safeRedirectPath } from '#app/modules/access/redirects.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import type { Route } from './+types/set-locale';

/** The language switch: a plain form POST, so it works without JavaScript (the guest menu has none). */
export const action = publicRoute(async ({ request }: Route.ActionArgs) => {
  const form = await request.formData();
  const locale = form.get('locale');
  // only a language the app config offers (settings/app_config availableLocales)
  if (!isLocale(locale) || !getLocalePolicy().availableLocales.includes(locale)) {
    return data({ error: getI18n(getRequestLocale(request)).t('errors.invalidLocale') }, { status: 400 });
  }
  const back = safeRedirectPath(form.get('redirectTo')?.toString());
  return redirect(back, {
    headers: { 'Set-Cookie': serializeLocaleCookie(locale, isHttps()) },
  });
});

export const loader = publicRoute(() => {
  return redirect('/');
});
