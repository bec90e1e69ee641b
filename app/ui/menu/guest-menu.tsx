import { I18nextProvider, useTranslation } from 'react-i18next';
import stylesheet from '#app/menu.css?url';
import { getGuestI18n } from '#app/i18n/guest-labels.ts';
import { buildMenuStructuredData, serializeJsonLd } from '#app/modules/guest-menu/menu-structured-data.ts';
import type { GuestMenuPageData } from '#app/modules/guest-menu/menu.types.ts';
import { parseOpeningHours } from '#app/modules/restaurant/opening-hours.ts';
import { fieldIn } from '#app/modules/translation/content-language.ts';
import { LocationChoice } from './location-choice.tsx';
import { LocationMenu } from './location-menu.tsx';
import { MenuLanguageSwitch, menuHref } from './menu-language-switch.tsx';
import menuScript from './menu-enhance.js?url';
import cartScript from './menu-cart.js?url';
import addScript from './menu-add.js?url';
import { MenuTools } from './menu-tools.tsx';
import { orderLangParam } from '#app/modules/ordering/guest-locale.ts';
import { OpeningHoursList } from './opening-hours-list.tsx';

/**
 * The guest menu's whole document, <html> included: the one source of its markup, rendered by the
 * route (routes/menu.tsx, which the root layout leaves the document to) and directly by the render
 * cache on a miss, outside React Router's request pipeline (docs/decisions/0025). Sent without
 * JavaScript for React: only the small menu-enhance.js.
 */
export function MenuDocument({ page }: { page: GuestMenuPageData }) {
  return (
    <html lang={page.htmlLang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <MenuHead page={page} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={stylesheet} />
        {/* no first paint of a half-parsed header: a slow network or a busy phone let the browser paint the
            page while its header was still arriving, and the rest then moved it (the opening status sat
            centred beside the hours' toggle that came after it); #main starts after the header, the search
            and the category bar (every menu has one), the dishes below may still come in as they arrive */}
        <link rel="expect" href="#main" blocking="render" />
      </head>
      <body>
        {/* the guest menu's labels in its language (guest-labels catalogues); the site's chrome stays ro/en */}
        <I18nextProvider i18n={getGuestI18n(page.locale)}>
          <GuestMenu page={page} />
        </I18nextProvider>
      </body>
    </html>
  );
}

/** Title, description, sharing cards, the canonical address and one alternate per offered language. */
function MenuHead({ page: { menu, locale, url } }: { page: GuestMenuPageData }) {
  const title = getGuestI18n(locale).t('menu.menuOf', { name: menu.restaurant.name });
  const active = menu.status === 'active' ? menu.restaurant : null;
  const description = active ? fieldIn(active, 'description', locale) : null;
  const image = active ? (active.coverImageUrl ?? active.logoUrl) : null;
  return (
    <>
      <title>{title}</title>
      {description ? (
        <>
          <meta name="description" content={description} />
          <meta property="og:description" content={description} />
        </>
      ) : null}
      <meta property="og:title" content={title} />
      <meta property="og:type" content="restaurant.menu" />
      <meta property="og:url" content={url} />
      {image ? <meta property="og:image" content={new URL(image, url).toString()} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <link rel="canonical" href={active ? menuHref(url, locale) : url} />
      {/* each offered language is its own page (?lang=); the bare address negotiates (x-default) */}
      {active ? (
        <>
          {active.languages.map((language) => (
            <link key={language} rel="alternate" hrefLang={language} href={menuHref(url, language)} />
          ))}
          <link rel="alternate" hrefLang="x-default" href={url} />
        </>
      ) : null}
    </>
  );
}

function GuestMenu({ page: { menu, locale, locationId, url } }: { page: GuestMenuPageData }) {
  const { t } = useTranslation();
  if (menu.status === 'inactive') {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{menu.restaurant.name}</h1>
        <p className="mt-4 text-lg" data-testid="menu-inactive">
          {t('menu.restaurantInactive')}
        </p>
        <a href="/" className="mt-8 inline-flex min-h-11 items-center text-primary-700 underline dark:text-primary-100">
          {t('menu.backHome')}
        </a>
      </main>
    );
  }
  const { restaurant, locations } = menu;
  const current = locations.find((l) => l.id === locationId) ?? locations[0];
  const takesOrders = Boolean(current?.ordering?.orders && !current.ordering.orders.paused);
  const description = fieldIn(restaurant, 'description', locale);
  const hours = parseOpeningHours(restaurant.openingHours);
  const otherLocation = locationId === locations[0]?.id ? null : (current?.id ?? null);
  // compact on a phone (issue 23): a low cover, the logo beside the name, hours in one row, and the
  // language and location choices in one row, so the first dish shows on the first screen
  return (
    <div className="mx-auto max-w-5xl" id="menu-root" data-location={current?.id ?? ''}>
      {restaurant.coverImageUrl ? (
        <img src={restaurant.coverImageUrl} alt="" width={1920} height={1080} className="aspect-[5/1] w-full object-cover sm:aspect-[3/1] md:rounded-b-xl print:hidden" />
      ) : null}
      <header className="px-4 pt-3 pb-2 sm:pt-6">
        <div className="flex items-start gap-3 sm:gap-4">
          {restaurant.logoUrl ? <img src={restaurant.logoUrl} alt="" width={64} height={64} className="h-12 w-12 rounded-xl object-cover sm:h-16 sm:w-16" /> : null}
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{restaurant.name}</h1>
            {description ? <p className="mt-1 text-sm text-stone-700 sm:text-base dark:text-stone-300">{description}</p> : null}
            <address className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-stone-700 not-italic dark:text-stone-300">
              {restaurant.address ? <span>{restaurant.address}</span> : null}
              {restaurant.phone ? (
                <a
                  href={`tel:${restaurant.phone.replace(/\s/g, '')}`}
                  className="inline-flex min-h-11 items-center underline"
                  aria-label={t('menu.call', { phone: restaurant.phone })}
                >
                  {restaurant.phone}
                </a>
              ) : null}
            </address>
            {hours || restaurant.opening.today || restaurant.opening.upcoming.length > 0 ? <OpeningHoursList hours={hours} opening={restaurant.opening} locale={locale} /> : null}
          </div>
        </div>
        {/* the location choice last: where the row is too narrow for its whole name it takes the next row (issue 33 item 12) */}
        <div className="mt-1 flex flex-wrap items-center gap-2 print:hidden">
          <MenuLanguageSwitch languages={restaurant.languages} current={locale} url={url} locationId={otherLocation} />
          {current?.ordering?.reservations ? (
            <a
              href={`/${restaurant.slug}/rezervare?loc=${current.id}&lang=${locale}`}
              data-book-table=""
              className="inline-flex min-h-11 shrink-0 items-center rounded-full bg-primary-700 px-4 font-semibold text-white hover:bg-primary-800"
            >
              {t('menu.bookTable')}
            </a>
          ) : null}
          {current?.ordering?.orders?.dineIn ? <CallWaiterLink href={`/${restaurant.slug}/comanda/masa${orderLangParam(locale)}`} label={t('tableCalls.menuLink')} /> : null}
          {locations.length > 1 && current ? <LocationChoice locations={locations} current={current} locale={locale} /> : null}
        </div>
      </header>
      <MenuTools />
      {current ? (
        <LocationMenu location={current} locale={locale} currency={restaurant.currency} slug={restaurant.slug} />
      ) : (
        <main id="main" className="px-4 py-8">
          {t('menu.noProducts')}
        </main>
      )}
      {takesOrders ? (
        // the cart's link; the cart script (loaded by menu-add.js on the first "Adaugă" only) adds the count and total
        <a id="cart-bar" href={`/${restaurant.slug}/comanda${orderLangParam(locale)}`} data-cart-script={cartScript}>
          <span>{t('order.viewCart')}</span>
          <span data-cart-summary="" aria-live="polite" />
        </a>
      ) : null}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(buildMenuStructuredData(restaurant, current, locale, url)) }} />
      <script src={menuScript} defer />
      {/* a menu that takes no orders sends nothing of ordering */}
      {takesOrders ? <script src={addScript} defer /> : null}
    </div>
  );
}

const CALL_LINK = 'inline-flex min-h-11 shrink-0 items-center rounded-full border border-primary-700 px-4 font-semibold text-primary-700 hover:bg-primary-50 dark:text-primary-100';

/**
 * "Cheamă ospătarul" (issue 36 item 5), for a guest a table's QR code brought: the page is one HTML
 * for every guest, so the link is hidden and the ordering script shows it when the address names a
 * table (`?via=`); without JavaScript it shows, and the call page reads the table from the Referer.
 */
function CallWaiterLink({ href, label }: { href: string; label: string }) {
  return (
    <>
      <a href={href} hidden data-call-waiter="" className={CALL_LINK}>
        {label}
      </a>
      <noscript>
        <a href={href} className={CALL_LINK}>
          {label}
        </a>
      </noscript>
    </>
  );
}
