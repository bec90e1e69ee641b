import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { localized } from '#app/i18n/localized.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { permissionsOf } from '#app/modules/access/policy.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { answerMenuIntent } from '#app/modules/editor/menu-editor.intents.server.ts';
import { getEditorMenu } from '#app/modules/editor/menu-editor.service.server.ts';
import dragScript from '#app/ui/editor/editor-drag.js?url';
import editorScript from '#app/ui/editor/editor-enhance.js?url';
import { MenuEditor } from '#app/ui/editor/menu-editor.tsx';
import type { OnDemandHandle } from '#app/ui/hydration.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import { useToast } from '#app/ui/toast/toast-provider.tsx';
import type { Route } from './+types/restaurant-admin.menu';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'editor.menuTitle', 'editor.menuTitle');

/**
 * Sent as HTML that works with its own small script; React starts when the owner reaches for what
 * needs it (decision 0033, issue 26: the phone's one-click operations without React's cost).
 */
export const handle: OnDemandHandle = { hydrate: 'on-demand', scripts: [editorScript, dragScript] };

export const loader = restaurantRoute('restaurant.view', async ({ request }: Route.LoaderArgs, { scope: member, role }) => {
  // the shown location's categories and dishes only (switching is a navigation to ?location=)
  const search = new URL(request.url).searchParams;
  const menu = await getEditorMenu(member, { location: search.get('location'), saved: search.get('saved') });
  // what the role may use, for the page (staff: sold out and show / hide only); the services refuse the rest
  return { menu, locale: getRequestLocale(request), permissions: permissionsOf(role), savedId: search.get('saved') };
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
export const action = restaurantRoute('restaurant.view', ({ request }: Route.ActionArgs, { scope: owner }) => answerMenuIntent(request, owner));

export default function MenuEditorPage({ loaderData, params }: Route.ComponentProps) {
  const { menu, locale, permissions, savedId } = loaderData;
  const { t } = useTranslation();
  const toast = useToast();
  const [search, setSearch] = useSearchParams();
  // the page's data, not the address: the page's own script may have dropped the marker before React started
  const saved = menu.products.find((p) => p.id === savedId);
  const selected = menu.locationId;
  const savedMessage = saved ? t('editor.productSaved', { name: localized(saved.nameRo, saved.nameEn, locale) }) : undefined;
  const { revalidate } = useRevalidator();
  // React started after the page's script saved something: read the page's data again (decision 0033)
  useEffect(() => {
    if (!document.documentElement.hasAttribute('data-changed-before-react')) return;
    document.documentElement.removeAttribute('data-changed-before-react');
    void revalidate();
  }, [revalidate]);
  // back from the product form: confirm the save once, then drop the marker from the address
  useEffect(() => {
    if (!savedMessage || search.get('saved') !== savedId) return;
    toast({ message: savedMessage });
    setSearch(
      (current) => {
        current.delete('saved');
        if (selected) current.set('location', selected);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [savedMessage, savedId, search, selected, setSearch, toast]);
  return (
    <MenuEditor
      menu={menu}
      selectedLocationId={selected}
      openCategoryId={saved?.categoryId}
      savedMessage={savedMessage}
      slug={params.restaurantSlug}
      locale={locale}
      permissions={permissions}
    />
  );
}
