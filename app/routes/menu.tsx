import { useTranslation } from 'react-i18next';
import { getDb } from '#app/db/db.server.ts';
import type { Locale } from '#app/i18n/i18n.ts';
import { localized } from '#app/i18n/localized.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { ro } from '#app/i18n/ro.ts';
import { redirectToNotFound } from '#app/modules/access/redirects.ts';
import { getPublicMenu } from '#app/modules/menu/menu.service.server.ts';
import { LanguageSwitch } from '#app/ui/language-switch.tsx';
import { MenuProductItem } from '#app/ui/menu/menu-product.tsx';
import type { Route } from './+types/menu';

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { menu, locale } = loaderData;
  const description =
    menu.status === 'active' ? localized(menu.restaurant.descriptionRo, menu.restaurant.descriptionEn, locale) : null;
  return [
    { title: `${menu.restaurant.name} · Meniu` },
    ...(description ? [{ name: 'description', content: description }] : []),
  ];
};

/** Spec section 2: the restaurant is looked up by slug before the menu is entered. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const menu = await getPublicMenu(getDb(), params.slug);
  if (!menu) throw redirectToNotFound(ro.errors.restaurantNotFound);
  const locationId = new URL(request.url).searchParams.get('loc');
  return { menu, locale: getRequestLocale(request), locationId };
}

export default function MenuPage({ loaderData }: Route.ComponentProps) {
  const { menu, locale, locationId } = loaderData;
  const { t } = useTranslation();
  if (menu.status === 'inactive') {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{menu.restaurant.name}</h1>
        <p className="mt-4 text-lg">{t('menu.restaurantInactive')}</p>
        <a href="/" className="mt-8 inline-flex min-h-11 items-center text-primary-700 underline">{t('menu.backHome')}</a>
      </main>
    );
  }
  const { restaurant, locations } = menu;
  const current = locations.find((l) => l.id === locationId) ?? locations[0];
  const description = localized(restaurant.descriptionRo, restaurant.descriptionEn, locale);
  return (
    <div className="mx-auto max-w-5xl">
      <header className="px-4 pt-6 pb-4">
        <div className="flex items-start gap-4">
          {restaurant.logoUrl ? (
            <img src={restaurant.logoUrl} alt="" width={64} height={64} className="h-16 w-16 rounded-xl object-cover" />
          ) : null}
          <div className="min-w-0 flex-1">
            <h1 className="text-3xl font-bold tracking-tight text-balance">{restaurant.name}</h1>
            {description ? <p className="mt-1 text-stone-700 dark:text-stone-300">{description}</p> : null}
            {restaurant.address ? <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{restaurant.address}</p> : null}
          </div>
          <LanguageSwitch />
        </div>
        {locations.length > 1 ? (
          <nav aria-label={t('menu.location')} className="mt-4">
            <ul className="flex flex-wrap gap-2">
              {locations.map((location) => (
                <li key={location.id}>
                  <a
                    href={`?loc=${location.id}`}
                    aria-current={location.id === current?.id ? 'page' : undefined}
                    className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-4 font-medium aria-[current=page]:border-primary-700 aria-[current=page]:bg-primary-700 aria-[current=page]:text-white dark:border-stone-700"
                  >
                    {localized(location.nameRo, location.nameEn, locale)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      {current ? <LocationMenu location={current} locale={locale} currency={restaurant.currency} /> : (
        <p className="px-4 py-8">{t('menu.noProducts')}</p>
      )}
    </div>
  );
}

function LocationMenu({
  location,
  locale,
  currency,
}: {
  location: Extract<Route.ComponentProps['loaderData']['menu'], { status: 'active' }>['locations'][number];
  locale: Locale;
  currency: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <nav aria-label={t('menu.categories')} className="sticky top-0 z-10 border-y border-stone-200 bg-stone-50/95 backdrop-blur dark:border-stone-800 dark:bg-stone-950/95">
        <ul className="flex gap-1 overflow-x-auto px-2 py-1">
          {location.categories.map((category) => (
            <li key={category.id} className="shrink-0">
              <a href={`#c-${category.id}`} className="inline-flex min-h-11 items-center rounded-full px-3 font-medium whitespace-nowrap hover:bg-stone-200 dark:hover:bg-stone-800">
                {localized(category.nameRo, category.nameEn, locale)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="px-4 pb-16">
        {location.categories.map((category) => (
          <section key={category.id} id={`c-${category.id}`} aria-labelledby={`h-${category.id}`} className="scroll-mt-16 pt-8">
            <h2 id={`h-${category.id}`} className="text-2xl font-bold text-primary-700 dark:text-primary-100">
              {localized(category.nameRo, category.nameEn, locale)}
            </h2>
            <ul className="mt-4 grid gap-4 md:grid-cols-2">
              {category.products.map((product) => (
                <MenuProductItem key={product.id} product={product} locale={locale} currency={currency} />
              ))}
            </ul>
          </section>
        ))}
      </main>
    </>
  );
}
