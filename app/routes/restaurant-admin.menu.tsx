import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { localized } from '#app/i18n/localized.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { permissionsOf } from '#app/modules/access/policy.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { formValues } from '#app/modules/editing/menu-fields.ts';
import { runMenuIntent } from '#app/modules/editor/menu-editor.intents.server.ts';
import { getEditorMenu } from '#app/modules/editor/menu-editor.service.server.ts';
import { MenuEditor } from '#app/ui/editor/menu-editor.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import { useToast } from '#app/ui/toast/toast-provider.tsx';
import type { Route } from './+types/restaurant-admin.menu';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'editor.menuTitle', 'editor.menuTitle');

export const loader = restaurantRoute('restaurant.view', async ({ request }: Route.LoaderArgs, { scope: member, role }) => {
  // the shown location's categories and dishes only (switching is a navigation to ?location=)
  const search = new URL(request.url).searchParams;
  const menu = await getEditorMenu(member, { location: search.get('location'), saved: search.get('saved') });
  // what the role may use, for the page (staff: sold out and show / hide only); the services refuse the rest
  return { menu, locale: getRequestLocale(request), permissions: permissionsOf(role) };
});

/**
 * Dropping the "just saved" marker from the address is not a reason to load the editor again
 * (the product form's save has just loaded it).
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || !currentUrl.searchParams.has('saved') || nextUrl.searchParams.has('saved')) {
    return defaultShouldRevalidate;
  }
  return false;
}

/** The editor's one-click operations; the owner is checked here, whatever the page showed. */
export const action = restaurantRoute('restaurant.view', async ({ request }: Route.ActionArgs, { scope: owner }) => {
  const values = formValues(await request.formData(), ['ids']);
  return runEditorAction(request, values, (t) => runMenuIntent(owner, values, { storage: getStorage(), t }));
});

export default function MenuEditorPage({ loaderData, params }: Route.ComponentProps) {
  const { menu, locale, permissions } = loaderData;
  const { t } = useTranslation();
  const toast = useToast();
  const [search, setSearch] = useSearchParams();
  const saved = menu.products.find((p) => p.id === search.get('saved'));
  const selected = menu.locationId;
  // back from the product form: confirm the save once, then drop the marker from the address
  useEffect(() => {
    if (!saved) return;
    toast({ message: t('editor.productSaved', { name: localized(saved.nameRo, saved.nameEn, locale) }) });
    setSearch((current) => {
      current.delete('saved');
      if (selected) current.set('location', selected);
      return current;
    }, { replace: true, preventScrollReset: true });
  }, [saved, selected, setSearch, t, toast, locale]);
  return <MenuEditor menu={menu} selectedLocationId={selected} openCategoryId={saved?.categoryId} slug={params.restaurantSlug} locale={locale} permissions={permissions} />;
}
