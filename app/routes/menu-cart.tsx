import { I18nextProvider } from 'react-i18next';
import { data, redirect } from 'react-router';
import { resolveAuthSecret } from '#app/auth/auth-secret.server.ts';
import { requestInfoContext } from '#app/context.ts';
import { getDb } from '#app/db/db.server.ts';
import { getEnv, isHttps } from '#app/env.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { formatPrice } from '#app/i18n/localized.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { redirectToNotFound } from '#app/modules/access/redirects.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { APP_ERROR_STATUS, AppError, isAppError } from '#app/modules/errors/app-error.ts';
import { cartSetCookie, encodeCart, readCart } from '#app/modules/ordering/cart-cookie.ts';
import { applyCartForm } from '#app/modules/ordering/cart-form.ts';
import { getCartPage } from '#app/modules/ordering/guest-cart.service.server.ts';
import { choiceError, type PricedLine } from '#app/modules/ordering/order-pricing.server.ts';
import { orderPageLocale } from '#app/modules/ordering/guest-locale.ts';
import { orderClientKey, placeGuestOrder } from '#app/modules/ordering/order-placement.service.server.ts';
import { CartView, type CartViewData, type CartViewResult } from '#app/ui/ordering/cart-view.tsx';
import type { Route } from './+types/menu-cart';

/** Sent as HTML and CSS only (decisions 0025, 0026): every control is a plain form button. */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const { t } = getI18n(loaderData?.view.locale ?? 'ro');
  return [{ title: `${t('order.cartTitle')} · ${loaderData?.view.restaurantName ?? ''}` }, { name: 'robots', content: 'noindex' }];
};

/** The Set-Cookie of an action (the cart's notes kept on a refusal) reaches the page. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has('Set-Cookie') ? actionHeaders : loaderHeaders;
}

/** The add route's refusals the page may say in its own words (only a code travels in the address). */
const ADD_ERRORS = new Set(['ordering-off', 'ordering-paused', 'order-cart-full', 'order-too-many-lines', 'order-quantity']);

export const loader = publicRoute(async ({ request, params }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const locale = orderPageLocale(url, getRequestLocale(request));
  const cart = readCart(request.headers.get('cookie'));
  const page = await getCartPage(getDb(), params.slug, cart, locale);
  if (!page) throw redirectToNotFound(getI18n(locale).t('errors.restaurantNotFound'));
  const { t } = getI18n(locale);
  const choiceMessage = (line: PricedLine) => {
    const error = choiceError(line, t('order.goneDish'));
    return error ? t(`appErrors.${error.code}`, error.params) : null;
  };
  // what the allergy question shows ticked: the guest's last choice, or the menu filter's allergens
  const declared = cart?.allergies ?? [];
  const added = url.searchParams.get('error') ?? '';
  const addError = added in APP_ERROR_STATUS ? (ADD_ERRORS.has(added) ? t(`appErrors.${added}`, { max: 50 }) : t('order.addFailed')) : undefined;
  const menuQuery = new URLSearchParams({ loc: page.location.id, ...(cart?.tableCode ? { via: cart.tableCode } : {}), ...(locale === 'en' ? { lang: 'en' } : {}) });
  const view: CartViewData = {
    locale,
    restaurantName: page.restaurant.name,
    locationName: page.location.name,
    currency: page.priced.currency,
    lines: page.priced.lines.map((line) => ({
      name: line.name,
      unitPriceMinor: line.unitPriceMinor,
      quantity: line.quantity,
      note: line.note,
      unavailable: line.problem !== null,
      options: line.chosen.map((option) => ({
        group: locale === 'en' ? (option.groupNameEn ?? option.groupNameRo) : option.groupNameRo,
        name: locale === 'en' ? (option.nameEn ?? option.nameRo) : option.nameRo,
      })),
      problem: choiceMessage(line),
      flagKeys: line.flagKeys,
    })),
    totalMinor: page.priced.totalMinor,
    allergens: [...new Set(page.priced.lines.flatMap((line) => line.allergens))],
    allergies: declared,
    allergyNote: cart?.allergyNote ?? '',
    state: !page.ordering.ordersEnabled ? 'off' : page.ordering.paused ? 'paused' : 'open',
    kinds: { dineIn: page.ordering.dineIn, pickup: page.ordering.pickup },
    table: page.table?.label ?? null,
    tableCodeInvalid: Boolean(cart?.tableCode) && !page.table,
    note: locale === 'en' ? (page.ordering.guestNoteEn ?? page.ordering.guestNoteRo) : page.ordering.guestNoteRo,
    todayHours: page.todayHours,
    earliestPickup: page.earliestPickup,
    menuHref: `/${params.slug}?${menuQuery}`,
    action: `/${params.slug}/comanda${locale === 'en' ? '?lang=en' : ''}`,
  };
  return data({ view, htmlLang: locale, addError }, { headers: { 'Cache-Control': 'no-store' } });
});

export const action = publicRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { slug } = params;
  const url = new URL(request.url);
  const locale = orderPageLocale(url, getRequestLocale(request));
  const { t } = getI18n(locale);
  const self = `/${slug}/comanda${locale === 'en' ? '?lang=en' : ''}`;
  const form = await request.formData();
  const text = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : '');
  const texts = (name: string) =>
    form
      .getAll(name)
      .filter((value): value is string => typeof value === 'string')
      .slice(0, 20);
  const cart = readCart(request.headers.get('cookie'));
  const values = {
    kind: text('kind'),
    name: text('name').slice(0, 200),
    phone: text('phone').slice(0, 50),
    pickupTime: text('pickupTime').slice(0, 10),
    table: text('table').slice(0, 80),
  };
  const refuse = (error: AppError, headers: Record<string, string> = {}) => {
    const result: CartViewResult = {
      error: t(`appErrors.${error.code}`, error.params),
      field: error.field,
      values: { ...values, notes: cart?.lines.map((_, i) => text(`note-${i}`)), allergies: texts('allergy'), allergyNote: text('allergyNote').slice(0, 400) },
    };
    return data(result, { status: error.status, headers: { 'Cache-Control': 'no-store', ...headers } });
  };
  if (!cart) return refuse(new AppError('order-empty'));
  const intent = text('intent');
  const applied = applyCartForm(cart, intent, (name) => text(name), texts);
  if (applied instanceof AppError) return refuse(applied);
  const value = encodeCart(applied);
  if (value === null) return refuse(new AppError('order-cart-full'));
  const cookie = { 'Set-Cookie': cartSetCookie(slug, value, isHttps()) };
  if (intent !== 'send') throw redirect(self, { status: 303, headers: cookie });

  const seen = Number(text('total'));
  try {
    const result = await placeGuestOrder(
      getDb(),
      {
        slug,
        locationId: applied.locationId,
        kind: values.kind === 'pickup' ? 'pickup' : 'dineIn',
        tableCode: applied.tableCode,
        customerName: values.name,
        customerPhone: values.phone,
        pickupTime: values.pickupTime,
        lines: applied.lines,
        idempotencyKey: applied.key,
        seenTotalMinor: Number.isSafeInteger(seen) ? seen : -1,
        locale,
        allergies: applied.allergies ?? [],
        allergyNote: applied.allergyNote ?? null,
      },
      { clientKey: orderClientKey(context.get(requestInfoContext).clientIp, resolveAuthSecret(getEnv())) },
    );
    if (result.status === 'price-changed') {
      const changed: CartViewResult = {
        priceChangedTotal: formatPrice(result.totalMinor, result.currency, locale),
        values: { ...values, notes: applied.lines.map((line) => line.note ?? ''), allergies: applied.allergies ?? [], allergyNote: applied.allergyNote ?? '' },
      };
      return data(changed, { status: 409, headers: { 'Cache-Control': 'no-store', ...cookie } });
    }
    // placed: the cart is done; the order's own page follows it
    throw redirect(`/${slug}/comanda/${result.token}${locale === 'en' ? '?lang=en' : ''}`, { status: 303, headers: { 'Set-Cookie': cartSetCookie(slug, null, isHttps()) } });
  } catch (error) {
    if (isAppError(error)) return refuse(error, cookie);
    throw error;
  }
});

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const result: CartViewResult | undefined = actionData ?? (loaderData.addError ? { error: loaderData.addError } : undefined);
  return (
    <I18nextProvider i18n={getI18n(loaderData.view.locale)}>
      <CartView data={loaderData.view} result={result} />
    </I18nextProvider>
  );
}
