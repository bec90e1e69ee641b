import { data, redirect } from 'react-router';
import { getDb } from '#app/db/db.server.ts';
import { isHttps } from '#app/env.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { formatPrice } from '#app/i18n/localized.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { AppError, isAppError } from '#app/modules/errors/app-error.ts';
import { allergenKeysOf, cartCount, cartSetCookie, encodeCart, readCart, type Cart } from '#app/modules/ordering/cart-cookie.ts';
import { addDishToCart, getCartPage } from '#app/modules/ordering/guest-cart.service.server.ts';
import { orderContentLanguage, orderPageLocale } from '#app/modules/ordering/guest-locale.ts';
import type { Route } from './+types/menu-cart-add';

/**
 * "Adaugă" on the guest menu (decision 0032): a plain form post that puts one more of the dish in
 * the cart cookie and returns to the dish (303), or, asked by the cart script (Accept: JSON), the
 * cart's count and total. The table code comes with the script (`via`), or, without JavaScript,
 * from the menu's own address the form was posted from (its Referer, same origin only). A refusal
 * returns to the cart page, which says why; the cart stays as it was. A dish's choice page (issue 35)
 * posts the options (`o`), a note (`n`), a quantity (`q`) and the menu filter's allergens (`a`); its
 * refusals go back to that page, which names the dish and the group.
 */

const wantsJson = (request: Request) => (request.headers.get('accept') ?? '').includes('application/json');

/** The menu's address the form was posted from, when it is this menu's (same origin, `/<slug>`). */
function menuReferer(request: Request, slug: string): URL | null {
  const referer = request.headers.get('referer');
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.origin === new URL(request.url).origin && url.pathname === `/${slug}` ? url : null;
  } catch {
    return null;
  }
}

async function summaryOf(slug: string, cart: Cart | null, locale: 'ro' | 'en') {
  const page = await getCartPage(getDb(), slug, cart, locale);
  const count = cartCount(cart);
  const total = page ? formatPrice(page.priced.totalMinor, page.priced.currency, locale) : '';
  return { count, summary: count > 0 ? getI18n(locale).t('order.cartSummary', { count, total }) : '' };
}

/** The cart's count and total, for the cart script when the menu opens with a cart already. */
export const loader = publicRoute(async ({ request, params }: Route.LoaderArgs) => {
  const locale = orderPageLocale(new URL(request.url), getRequestLocale(request));
  return data({ ok: true, ...(await summaryOf(params.slug, readCart(request.headers.get('cookie')), locale)) }, { headers: { 'Cache-Control': 'no-store' } });
});

/** The posted texts of a name (check boxes send one per ticked box), at most `max`. */
const texts = (form: FormData, name: string, max = 40) =>
  form
    .getAll(name)
    .filter((value): value is string => typeof value === 'string')
    .slice(0, max);

export const action = publicRoute(async ({ request, params }: Route.ActionArgs) => {
  const { slug } = params;
  const url = new URL(request.url);
  const locale = orderPageLocale(url, getRequestLocale(request));
  const form = await request.formData();
  const productId = String(form.get('p') ?? '');
  const from = menuReferer(request, slug);
  const via = String(form.get('via') ?? '') || from?.searchParams.get('via') || null;
  const json = wantsJson(request);
  // the menu's language the guest reads (ro, en, German, …): the pages this sends them back to keep it
  const content = orderContentLanguage(url, locale);
  const lang: Record<string, string> = content === 'ro' ? {} : { lang: content };
  const options = texts(form, 'o');
  const fromDish = form.get('from') === 'dish';
  const filtered = allergenKeysOf(texts(form, 'a'));
  try {
    const quantity = form.has('q') ? Number(form.get('q')) : 1;
    const added = {
      productId,
      options,
      note:
        String(form.get('n') ?? '')
          .trim()
          .slice(0, 1000) || null,
      quantity,
    };
    const { cart, name } = await addDishToCart(getDb(), slug, added, readCart(request.headers.get('cookie')), { tableCode: via, locale, filtered });
    const value = encodeCart(cart);
    if (value === null) throw new AppError('order-cart-full');
    const headers = { 'Set-Cookie': cartSetCookie(slug, value, isHttps()), 'Cache-Control': 'no-store' };
    if (json) return data({ ok: true, ...(await summaryOf(slug, cart, locale)), message: getI18n(locale).t('order.added', { name }) }, { headers });
    const menu = new URLSearchParams({ loc: cart.locationId, ...(cart.tableCode ? { via: cart.tableCode } : {}), ...lang });
    const back = from ? `${from.pathname}${from.search}` : `/${slug}?${menu}`;
    return redirect(`${back}#d-${encodeURIComponent(productId)}`, { status: 303, headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (json) return data({ ok: false, error: getI18n(locale).t(`appErrors.${error.code}`, error.params) }, { status: error.status, headers: { 'Cache-Control': 'no-store' } });
    // only the code (and ids) travel in the address: the page says it in its own words (no text from a link is shown)
    const query = new URLSearchParams({ ...lang, error: error.code });
    if (fromDish && /^[A-Za-z0-9_-]{1,64}$/.test(productId)) {
      // back to the dish's page with the guest's choices, the table code and the filter kept
      if (error.field?.startsWith('group-')) query.set('g', error.field.slice('group-'.length));
      for (const id of options) query.append('c', id);
      if (via) query.set('via', via);
      for (const key of filtered) query.append('a', key);
      return redirect(`/${slug}/comanda/fel/${productId}?${query}`, { status: 303, headers: { 'Cache-Control': 'no-store' } });
    }
    return redirect(`/${slug}/comanda?${query}`, { status: 303, headers: { 'Cache-Control': 'no-store' } });
  }
});
