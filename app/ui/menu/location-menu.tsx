import { useTranslation } from 'react-i18next';
import { fieldIn, type ContentLanguage } from '#app/modules/translation/content-language.ts';
import type { MenuLocation } from '#app/modules/guest-menu/menu.types.ts';
import { MenuProductItem } from './menu-product.tsx';
import { CategoryServing } from './category-serving.tsx';
import { dishLangParam, orderLangParam } from '#app/modules/ordering/guest-locale.ts';

const ADD_FORM = 'add';

/** The categories of one location: a sticky category bar, then a section per category. */
export function LocationMenu({ location, locale, currency, slug }: { location: MenuLocation; locale: ContentLanguage; currency: string; slug: string }) {
  const { t } = useTranslation();
  if (location.categories.length === 0) return <p className="px-4 py-8">{t('menu.noProducts')}</p>;
  const orders = location.ordering?.orders ?? null;
  // the same form action on every dish: the page stays one HTML for every guest (the table code travels apart, decision 0032)
  const addAction = orders && !orders.paused ? `/${slug}/comanda/adauga${orderLangParam(locale)}` : undefined;
  // a dish with choices links to its page (issue 35), the same address for every guest
  const choose = { path: `/${slug}/comanda/fel/`, query: dishLangParam(locale) };
  return (
    <>
      <nav
        aria-label={t('menu.categories')}
        className="sticky top-0 z-10 border-y border-stone-200 bg-stone-50/95 backdrop-blur dark:border-stone-800 dark:bg-stone-950/95 print:hidden"
      >
        <ul className="flex gap-1 overflow-x-auto px-2 py-1">
          {location.categories.map((category) => (
            <li key={category.id} className="shrink-0">
              <a
                href={`#c-${category.id}`}
                data-category-link=""
                className="inline-flex min-h-11 items-center rounded-full px-3 font-medium whitespace-nowrap hover:bg-stone-200 aria-[current=true]:bg-primary-700 aria-[current=true]:text-white dark:hover:bg-stone-800"
              >
                {fieldIn(category, 'name', locale)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="px-4 pb-16">
        {orders?.paused ? (
          <p role="status" className="mt-4 rounded-lg border border-stone-400 bg-stone-100 p-3 font-medium dark:border-stone-600 dark:bg-stone-900" data-testid="orders-paused">
            {t('order.pausedOnMenu')}
          </p>
        ) : null}
        {/* the one form every dish's "Adaugă" button submits (its `form` attribute) */}
        {addAction ? <form id={ADD_FORM} method="post" action={addAction} data-add="" /> : null}
        {location.categories.map((category) => (
          <section key={category.id} id={`c-${category.id}`} data-category="" aria-labelledby={`h-${category.id}`} className="scroll-mt-16 pt-8 first:pt-4">
            <h2 id={`h-${category.id}`} className="text-2xl font-bold text-primary-700 dark:text-primary-100 print:text-black">
              {fieldIn(category, 'name', locale)}
            </h2>
            <CategoryServing schedule={category.schedule} servedNow={category.servedNow} />
            <ul className="mt-4 grid gap-4 md:grid-cols-2">
              {category.products.map((product) => (
                <MenuProductItem key={product.id} product={product} locale={locale} currency={currency} addForm={addAction ? ADD_FORM : undefined} choose={choose} />
              ))}
            </ul>
          </section>
        ))}
        <p id="menu-empty" hidden role="status" className="py-8 text-center text-lg">
          {t('menu.noResults')}
        </p>
      </main>
    </>
  );
}
