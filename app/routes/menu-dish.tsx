import { I18nextProvider } from 'react-i18next';
import { data } from 'react-router';
import { getDb } from '#app/db/db.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { allergenKeysOf, TABLE_CODE } from '#app/modules/ordering/cart-cookie.ts';
import { getDishChoicePage } from '#app/modules/ordering/dish-choice.service.server.ts';
import { dishLangParam, orderContentLanguage, orderPageLocale } from '#app/modules/ordering/guest-locale.ts';
import { DishChoiceView, type DishChoiceViewData } from '#app/ui/ordering/dish-choice-view.tsx';
import type { Route } from './+types/menu-dish';

/** Sent as HTML and CSS only (decisions 0025, 0026), with a small script that shows the running price. */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.view.dish.name} · ${loaderData.view.restaurantName}` : '' },
  { name: 'robots', content: 'noindex' },
];

/** The menu's address this page was opened from, when it is this menu's: its `?via=` is the table's code. */
function menuVia(request: Request, slug: string): string | null {
  try {
    const referer = new URL(request.headers.get('referer') ?? '');
    return referer.origin === new URL(request.url).origin && referer.pathname === `/${slug}` ? referer.searchParams.get('via') : null;
  } catch {
    return null;
  }
}

/**
 * A dish's choices (issue 35 item 2): the add form with its groups, a plain form post the add route
 * validates. The table code comes in `?via=` (the menu's script adds it) or, without JavaScript, in
 * the Referer of the menu's link; the menu filter's allergens in `?a=`.
 */
export const loader = publicRoute(async ({ request, params }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const locale = orderPageLocale(url, getRequestLocale(request));
  // the menu's language (German, …): the menu's names in it, the page's own words in English
  const content = orderContentLanguage(url, locale);
  const filtered = allergenKeysOf(url.searchParams.getAll('a').flatMap((value) => value.split(/[ ,]/)));
  const chosen = url.searchParams.getAll('c').slice(0, 40);
  const code = url.searchParams.get('error');
  const page = await getDishChoicePage(getDb(), params.slug, params.productId, {
    locale,
    content,
    filtered,
    refusal: code ? { code, groupId: url.searchParams.get('g'), chosen } : null,
  });
  if (!page) throw data(null, { status: 404 });
  const via = url.searchParams.get('via') ?? menuVia(request, params.slug);
  const { t } = getI18n(locale);
  const menuQuery = new URLSearchParams({ loc: page.locationId, ...(via && TABLE_CODE.test(via) ? { via } : {}), ...(content !== 'ro' ? { lang: content } : {}) });
  const view: DishChoiceViewData = {
    locale,
    restaurantName: page.restaurant.name,
    currency: page.restaurant.currency,
    dish: page.dish,
    groups: page.groups,
    orderable: page.orderable,
    chosen,
    filtered,
    via: via && TABLE_CODE.test(via) ? via : null,
    error: page.refusal ? t(`appErrors.${page.refusal.code}`, page.refusal.params) : null,
    errorGroup: page.refusal?.field?.startsWith('group-') ? page.refusal.field.slice('group-'.length) : null,
    // the menu's language travels with the post, so a refusal brings the guest back to this page in it
    action: `/${params.slug}/comanda/adauga${dishLangParam(content)}`,
    menuHref: `/${params.slug}?${menuQuery}#d-${page.dish.id}`,
  };
  return data({ view, htmlLang: locale }, { headers: { 'Cache-Control': 'no-store' } });
});

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function DishPage({ loaderData }: Route.ComponentProps) {
  return (
    <I18nextProvider i18n={getI18n(loaderData.view.locale)}>
      <DishChoiceView data={loaderData.view} />
    </I18nextProvider>
  );
}
