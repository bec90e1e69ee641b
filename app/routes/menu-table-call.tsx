import { I18nextProvider } from 'react-i18next';
import { data, redirect } from 'react-router';
import { resolveAuthSecret } from '#app/auth/auth-secret.server.ts';
import { requestInfoContext } from '#app/context.ts';
import { getDb } from '#app/db/db.server.ts';
import { getEnv } from '#app/env.server.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { APP_ERROR_STATUS, isAppError } from '#app/modules/errors/app-error.ts';
import { readCart, TABLE_CODE } from '#app/modules/ordering/cart-cookie.ts';
import { orderPageLocale } from '#app/modules/ordering/guest-locale.ts';
import { orderClientKey } from '#app/modules/ordering/order-placement.service.server.ts';
import { callFromTable, findTableCallPlace } from '#app/modules/ordering/table-calls.service.server.ts';
import { isTableCallKind } from '#app/modules/ordering/table-calls.types.ts';
import { TableCallView, type TableCallViewData } from '#app/ui/ordering/table-call-view.tsx';
import type { Route } from './+types/menu-table-call';

/** Sent as HTML and CSS only (decisions 0025, 0026): three plain form buttons. */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const { t } = getI18n(loaderData?.view.locale ?? 'ro');
  return [{ title: `${t('tableCalls.title')} · ${loaderData?.view.restaurantName ?? ''}` }, { name: 'robots', content: 'noindex' }];
};

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * The table a call comes from: the `?via=` the menu's script adds (a table's QR code opened the
 * menu with it), or without JavaScript the Referer of the menu's link, or the cart's table.
 */
function tableCodeOf(request: Request, slug: string): string | null {
  const url = new URL(request.url);
  let via = url.searchParams.get('via');
  if (!via) {
    try {
      const referer = new URL(request.headers.get('referer') ?? '');
      if (referer.origin === url.origin && referer.pathname === `/${slug}`) via = referer.searchParams.get('via');
    } catch {
      via = null;
    }
  }
  via ??= readCart(request.headers.get('cookie'))?.tableCode ?? null;
  return via && TABLE_CODE.test(via) ? via : null;
}

async function pageOf(request: Request, slug: string, via: string | null, extra: Pick<TableCallViewData, 'sent' | 'error'>) {
  const url = new URL(request.url);
  const locale = orderPageLocale(url, getRequestLocale(request));
  const place = await findTableCallPlace(getDb(), slug, via);
  const lang = locale === 'en' ? 'lang=en' : '';
  const menuQuery = new URLSearchParams({ ...(place ? { loc: place.locationId } : {}), ...(via ? { via } : {}), ...(lang ? { lang: 'en' } : {}) });
  const view: TableCallViewData = {
    locale,
    restaurantName: place?.restaurantName ?? '',
    tableLabel: place?.tableLabel ?? null,
    via: place ? via : null,
    action: `/${slug}/comanda/masa${lang ? `?${lang}` : ''}`,
    menuHref: `/${slug}${menuQuery.size > 0 ? `?${menuQuery}` : ''}`,
    ...extra,
  };
  return view;
}

export const loader = publicRoute(async ({ request, params }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const sent = url.searchParams.get('sent');
  const view = await pageOf(request, params.slug, tableCodeOf(request, params.slug), { sent: isTableCallKind(sent) ? sent : null, error: null });
  return data({ view }, { headers: { 'Cache-Control': 'no-store' } });
});

export const action = publicRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const url = new URL(request.url);
  const locale = orderPageLocale(url, getRequestLocale(request));
  const form = await request.formData();
  const posted = String(form.get('via') ?? '');
  const via = TABLE_CODE.test(posted) ? posted : null;
  try {
    const call = await callFromTable(
      getDb(),
      { slug: params.slug, tableCode: via, kind: form.get('kind'), locale },
      { clientKey: orderClientKey(context.get(requestInfoContext).clientIp, resolveAuthSecret(getEnv())) },
    );
    // after a post, a page of its own: a reload does not call again
    const query = new URLSearchParams({ via: via ?? '', sent: call.kind, ...(locale === 'en' ? { lang: 'en' } : {}) });
    throw redirect(`/${params.slug}/comanda/masa?${query}`, { status: 303 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const view = await pageOf(request, params.slug, via, { sent: null, error: getI18n(locale).t(`appErrors.${error.code}`, error.params) });
    return data({ view }, { status: APP_ERROR_STATUS[error.code], headers: { 'Cache-Control': 'no-store' } });
  }
});

export default function TableCallPage({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData?.view ?? loaderData.view;
  return (
    <I18nextProvider i18n={getI18n(view.locale)}>
      <TableCallView data={view} />
    </I18nextProvider>
  );
}
