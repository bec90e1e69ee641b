import { I18nextProvider } from 'react-i18next';
import { data } from 'react-router';
import { getDb } from '#app/db/db.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { localized } from '#app/i18n/localized.ts';
import { orderPageLocale } from '#app/modules/ordering/guest-locale.ts';
import { lineOptionView } from '#app/modules/ordering/order-line-details.ts';
import { getGuestOrderPage } from '#app/modules/ordering/guest-order.service.server.ts';
import { OrderView, type OrderViewData } from '#app/ui/ordering/order-view.tsx';
import type { Route } from './+types/menu-order';

/** Sent as HTML and CSS only (decisions 0025, 0026), with the small script that follows the order live. */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const { t } = getI18n(loaderData?.view.locale ?? 'ro');
  return [
    { title: loaderData ? `${t('order.orderTitle', { number: loaderData.view.number })} · ${loaderData.view.restaurantName}` : t('order.cartTitle') },
    { name: 'robots', content: 'noindex' },
  ];
};

/**
 * The guest's order page at its unguessable address (decision 0032): only that order, never a
 * name or a phone. An unknown token is a plain 404 (nothing says whether the restaurant exists).
 */
export const loader = publicRoute(async ({ request, params }: Route.LoaderArgs) => {
  const page = await getGuestOrderPage(getDb(), params.slug, params.token);
  if (!page) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const { order, restaurant } = page;
  const locale = orderPageLocale(url, order.locale === 'en' ? 'en' : 'ro');
  const lang = locale === 'en' ? '?lang=en' : '';
  const view: OrderViewData = {
    locale,
    restaurantName: restaurant.name,
    number: order.number,
    status: order.status,
    kind: order.kind,
    tableLabel: order.tableLabel,
    pickupTime: order.pickupTime,
    etaMinutes: order.etaMinutes,
    declineReason: order.declineReason,
    currency: order.currency,
    totalMinor: order.totalMinor,
    lines: order.lines.map((line) => ({
      name: localized(line.nameRo, line.nameEn, locale),
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      note: line.note,
      options: line.options.map((option) => lineOptionView(option, locale)),
      flagged: line.flagged,
      cancelled: line.cancelledAt !== null,
    })),
    allergies: order.allergies,
    allergyNote: order.allergyNote,
    placedAt: order.createdAt,
    updatedAt: order.updatedAt,
    liveUrl: `/${restaurant.slug}/comanda/${params.token}/live`,
    selfUrl: `/${restaurant.slug}/comanda/${params.token}${lang}`,
    menuHref: `/${restaurant.slug}?loc=${encodeURIComponent(order.locationId)}${locale === 'en' ? '&lang=en' : ''}`,
  };
  return data({ view, htmlLang: locale }, { headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } });
});

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  return (
    <I18nextProvider i18n={getI18n(loaderData.view.locale)}>
      <OrderView data={loaderData.view} />
    </I18nextProvider>
  );
}
