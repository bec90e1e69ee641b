import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { requestedMenuLanguage, servedLanguage } from '#app/modules/translation/content-language.ts';
import { menuNow } from './menu-clock.server.ts';
import { getPublicMenu } from './menu.service.server.ts';
import type { GuestMenuPageData } from './menu.types.ts';

/**
 * The guest menu page's data and headers for a request: one source for the route's loader and for
 * the render cache's direct render (docs/decisions/0025). Undefined when no restaurant has the slug
 * (the route then redirects a moved slug or answers not-found). A public read model: no scope.
 */
export async function loadGuestMenuPage(
  db: Kysely<Database>,
  slug: string,
  request: Request,
  publicUrl: string,
): Promise<{ data: GuestMenuPageData; headers: Record<string, string> } | undefined> {
  const menu = await getPublicMenu(db, slug, menuNow(request.headers));
  if (!menu) return undefined;
  const { search, searchParams } = new URL(request.url);
  const requested = requestedMenuLanguage(search.slice(1), request.headers.get('cookie'), request.headers.get('accept-language'));
  // the language shown: asked for and offered, else English (Romanian when Romanian was asked)
  const locale = menu.status === 'active' ? servedLanguage(requested, menu.restaurant.languages) : requested;
  return {
    data: { menu, locale, htmlLang: locale, locationId: searchParams.get('loc'), url: `${publicUrl}/${menu.restaurant.slug}` },
    headers: {
      'Cache-Control': 'no-cache',
      Vary: 'Cookie, Accept-Language',
      // what the render cache compares with getMenuCacheVersion on every request
      'X-Menu-Version': String(menu.cacheVersion),
      // when the page changes with the clock alone (a category's hours, open/closed): the cache renders it again then
      ...(menu.validUntil ? { 'X-Menu-Valid-Until': menu.validUntil } : {}),
      // the locations a ?loc= may name (first: the default), so the cache never keys on anything else
      'X-Menu-Locations': menu.status === 'active' ? menu.locations.map((location) => location.id).join(',') : '',
    },
  };
}
