import { useTranslation } from 'react-i18next';
import { data, redirect, useActionData } from 'react-router';
import { callAuthEndpoint, clearSessionCookie, getAuth } from '#app/auth/auth.server.ts';
import { getDb } from '#app/db/db.server.ts';
import { getEnv } from '#app/env.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { deleteAccount } from '#app/modules/account/account-data.service.server.ts';
import { requireRestaurantOwner } from '#app/modules/access/access.server.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { findRestaurantSummary } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { AccountSection } from '#app/ui/account/account-section.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurant-admin';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'admin.restaurantTitle', 'admin.restaurantTitle');

export async function loader({ request, params }: Route.LoaderArgs) {
  const { restaurantId } = await requireRestaurantOwner(getDb(), request, params.restaurantSlug);
  return { restaurant: await findRestaurantSummary(getDb(), restaurantId) };
}

/** Account self-service; every intent checks the owner first, whatever the page showed. */
export async function action({ request, params }: Route.ActionArgs) {
  const db = getDb();
  const { user } = await requireRestaurantOwner(db, request, params.restaurantSlug);
  const form = await request.formData();
  const signedOut = { headers: { 'Set-Cookie': clearSessionCookie() } };
  if (form.get('intent') === 'sign-out-everywhere') {
    const response = await callAuthEndpoint(getAuth(), '/revoke-sessions', {}, request.headers);
    await response.body?.cancel();
    return redirect('/login', signedOut);
  }
  if (form.get('intent') === 'delete-account') {
    const deleted = await deleteAccount(getAuth(), db, getStorage(getEnv().DATA_DIR), user, String(form.get('password') ?? ''));
    if (!deleted) return data({ error: getI18n(getRequestLocale(request)).t('identityErrors.invalid-credential') }, { status: 400 });
    return redirect('/', signedOut);
  }
  return data({ error: undefined }, { status: 400 });
}

export default function RestaurantAdminPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const { restaurant } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{restaurant.name}</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-300">{t('account.editorSoon')}</p>
      <a href={`/${restaurant.slug}`} target="_blank" rel="noopener" className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700">
        {t('account.viewMenu')}
      </a>
      <AccountSection error={actionData?.error} />
    </div>
  );
}
