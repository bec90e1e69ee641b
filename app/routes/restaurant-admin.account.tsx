import { useActionData } from 'react-router';
import { data, redirect } from 'react-router';
import { callAuthEndpoint, clearSessionCookie, getAuth } from '#app/auth/auth.server.ts';
import { getDb } from '#app/db/db.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { deleteAccount } from '#app/modules/account/account-data.service.server.ts';
import { resendVerificationLink, verifiedLandingPath } from '#app/modules/account/email-link.service.server.ts';
import { requireRestaurantOwner } from '#app/modules/access/access.server.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { AccountSection } from '#app/ui/account/account-section.tsx';
import type { Route } from './+types/restaurant-admin.account';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRestaurantOwner(getDb(), request, params.restaurantSlug);
  return null;
}

/** Account self-service; every intent checks the owner first, whatever the page showed. */
export async function action({ request, params }: Route.ActionArgs) {
  const db = getDb();
  const owner = await requireRestaurantOwner(db, request, params.restaurantSlug);
  const form = await request.formData();
  const signedOut = { headers: { 'Set-Cookie': clearSessionCookie() } };
  if (form.get('intent') === 'sign-out-everywhere') {
    const response = await callAuthEndpoint(getAuth(), '/revoke-sessions', {}, request.headers);
    await response.body?.cancel();
    return redirect('/login', signedOut);
  }
  if (form.get('intent') === 'resend-verification') {
    const { t } = getI18n(getRequestLocale(request));
    const result = await resendVerificationLink(db, getAuth(), owner.user, verifiedLandingPath(params.restaurantSlug), request.headers);
    if (result.ok) return { error: undefined, notice: t('emailVerification.resent') };
    const headers = 'retryAfterSeconds' in result ? { 'Retry-After': String(result.retryAfterSeconds) } : undefined;
    return data({ error: t(`identityErrors.${result.error}`), notice: undefined }, { status: result.error === 'too-many-requests' ? 429 : 400, headers });
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
}

export default function RestaurantAccountPage() {
  const actionData = useActionData<typeof action>();
  return <AccountSection error={actionData?.error} />;
}
