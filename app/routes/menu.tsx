import { I18nextProvider, useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { getDb } from '#app/db/db.server.ts';
import { getPublicUrl } from '#app/env.server.ts';
import { getGuestI18n } from '#app/i18n/guest-labels.ts';
import { ro } from '#app/i18n/ro.ts';
import { redirectToNotFound } from '#app/modules/access/redirects.ts';
import { buildMenuStructuredData, serializeJsonLd } from '#app/modules/menu/menu-structured-data.ts';
import { findMovedMenuSlug, getPublicMenu } from '#app/modules/menu/menu.service.server.ts';
import { parseOpeningHours } from '#app/modules/restaurant/opening-hours.ts';
import { fieldIn, requestedMenuLanguage, servedLanguage } from '#app/modules/translation/content-language.ts';
import { MenuLanguageSwitch, menuHref } from '#app/ui/menu/menu-language-switch.tsx';
import { LocationMenu } from '#app/ui/menu/location-menu.tsx';
import menuScript from '#app/ui/menu/menu-enhance.js?url';
import { MenuTools } from '#app/ui/menu/menu-tools.tsx';
import { OpeningHoursList } from '#app/ui/menu/opening-hours-list.tsx';
import type { Route } from './+types/menu';

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { menu, locale, url } = loaderData;
  const title = getGuestI18n(locale).t('menu.menuOf', { name: menu.restaurant.name });
  const active = menu.status === 'active' ? menu.restaurant : null;
  const description = active ? fieldIn(active, 'description', locale) : null;
  // each offered language is its own page (?lang=); the bare address negotiates (x-default)
  const alternates = active
    ? [
        ...active.languages.map((language) => ({ tagName: 'link', rel: 'alternate', hrefLang: language, href: menuHref(url, language) })),
        { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url },
      ]
    : [];
  const image = active ? (active.coverImageUrl ?? active.logoUrl) : null;
  return [
    { title },
    ...(description ? [{ name: 'description', content: description }, { property: 'og:description', content: description }] : []),
    { property: 'og:title', content: title },
    { property: 'og:type', content: 'restaurant.menu' },
    { property: 'og:url', content: url },
    ...(image ? [{ property: 'og:image', content: new URL(image, url).toString() }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { tagName: 'link', rel: 'canonical', href: active ? menuHref(url, locale) : url },
    ...alternates,
  ];
};

/** The menu's freshness: revalidated on every visit, answered from the render cache while unchanged. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Spec section 2: the restaurant is looked up by slug before the menu is entered. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const menu = await getPublicMenu(getDb(), params.slug);
  if (!menu) {
    // an old slug keeps working: 301 to the current one, with the same query (?loc=, ?via=)
    const moved = await findMovedMenuSlug(getDb(), params.slug);
    if (moved) throw redirect(`/${moved}${new URL(request.url).search}`, { status: 301, headers: { 'Cache-Control': 'no-store' } });
    throw redirectToNotFound(ro.errors.restaurantNotFound);
  }
  const locationId = new URL(request.url).searchParams.get('loc');
  const url = `${getPublicUrl()}/${menu.restaurant.slug}`;
  const { search } = new URL(request.url);
  const requested = requestedMenuLanguage(search.slice(1), request.headers.get('cookie'), request.headers.get('accept-language'));
  // the language shown: asked for and offered, else English (Romanian when Romanian was asked)
  const locale = menu.status === 'active' ? servedLanguage(requested, menu.restaurant.languages) : requested;
  return data(
    // htmlLang: what root.tsx writes in <html lang> for this page
    { menu, locale, htmlLang: locale, locationId, url },
    {
      headers: {
        'Cache-Control': 'no-cache',
        Vary: 'Cookie, Accept-Language',
        // what the render cache compares with getMenuCacheVersion on every request
        'X-Menu-Version': String(menu.cacheVersion),
        // the locations a ?loc= may name (first: the default), so the cache never keys on anything else
        'X-Menu-Locations': menu.status === 'active' ? menu.locations.map((location) => location.id).join(',') : '',
      },
    },
  );
}

export default function MenuPage({ loaderData }: Route.ComponentProps) {
  // the guest menu's labels in its language (guest-labels catalogues); the site's chrome stays ro/en
  return (
    <I18nextProvider i18n={getGuestI18n(loaderData.locale)}>
      <GuestMenu {...loaderData} />
    </I18nextProvider>
  );
}

function GuestMenu({ menu, locale, locationId, url }: Route.ComponentProps['loaderData']) {
  const { t } = useTranslation();
  if (menu.status === 'inactive') {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{menu.restaurant.name}</h1>
        <p className="mt-4 text-lg" data-testid="menu-inactive">{t('menu.restaurantInactive')}</p>
        <a href="/" className="mt-8 inline-flex min-h-11 items-center text-primary-700 underline dark:text-primary-100">{t('menu.backHome')}</a>
      </main>
    );
  }
  const { restaurant, locations } = menu;
  const current = locations.find((l) => l.id === locationId) ?? locations[0];
  const description = fieldIn(restaurant, 'description', locale);
  const hours = parseOpeningHours(restaurant.openingHours);
  return (
    <div className="mx-auto max-w-5xl" id="menu-root" data-location={current?.id ?? ''}>
      {restaurant.coverImageUrl ? (
        <img src={restaurant.coverImageUrl} alt="" width={1920} height={1080} className="aspect-[3/1] w-full object-cover md:rounded-b-xl print:hidden" />
      ) : null}
      <header className="px-4 pt-6 pb-4">
        <div className="flex flex-wrap items-start gap-4 sm:flex-nowrap">
          {restaurant.logoUrl ? (
            <img src={restaurant.logoUrl} alt="" width={64} height={64} className="h-16 w-16 rounded-xl object-cover" />
          ) : null}
          <div className="min-w-0 flex-1">
            <h1 className="text-3xl font-bold tracking-tight text-balance">{restaurant.name}</h1>
            {description ? <p className="mt-1 text-stone-700 dark:text-stone-300">{description}</p> : null}
            <address className="mt-1 text-sm text-stone-700 not-italic dark:text-stone-300">
              {restaurant.address ? <span className="block">{restaurant.address}</span> : null}
              {restaurant.phone ? (
                <a href={`tel:${restaurant.phone.replace(/\s/g, '')}`} className="inline-flex min-h-11 items-center underline" aria-label={t('menu.call', { phone: restaurant.phone })}>
                  {restaurant.phone}
                </a>
              ) : null}
            </address>
            {hours ? <OpeningHoursList hours={hours} /> : null}
          </div>
          <MenuLanguageSwitch languages={restaurant.languages} current={locale} url={url} locationId={locationId === locations[0]?.id ? null : (current?.id ?? null)} className="w-full sm:w-auto print:hidden" />
        </div>
        {locations.length > 1 ? (
          <nav aria-label={t('menu.location')} className="mt-4 print:hidden">
            <ul className="flex flex-wrap gap-2">
              {locations.map((location) => (
                <li key={location.id}>
                  <a
                    href={`?loc=${location.id}&lang=${locale}`}
                    aria-current={location.id === current?.id ? 'page' : undefined}
                    className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-4 font-medium aria-[current=page]:border-primary-700 aria-[current=page]:bg-primary-700 aria-[current=page]:text-white dark:border-stone-700"
                  >
                    {fieldIn(location, 'name', locale)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <MenuTools />
      {current ? <LocationMenu location={current} locale={locale} currency={restaurant.currency} /> : (
        <main id="main" className="px-4 py-8">{t('menu.noProducts')}</main>
      )}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(buildMenuStructuredData(restaurant, current, locale, url)) }} />
      <script src={menuScript} defer />
    </div>
  );
}
