import { getEnv, getPublicUrl, type Env } from '#app/env.server.ts';
import { getI18n, type Locale } from '#app/i18n/i18n.ts';
import { logger } from '#app/logger.server.ts';
import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { isOwnImageRef } from '#app/modules/image/file-storage.ts';
import { publicImageUrl, type FileStorage } from '#app/modules/image/storage.server.ts';
import { qrDownloadFilename, type QrDownloadFormat } from './qr-downloads.ts';
import { findQrRestaurant } from './qr.repo.server.ts';
import { DOWNLOAD_SVG_SIZE_PX, menuShortLink, PRINT_PNG_SIZE_PX, renderQrPng, renderQrSvg } from './qr.server.ts';
import { logoAsPrintJpeg, renderTableCardPdf } from './table-card.server.ts';

export interface QrData {
  name: string;
  slug: string;
  shortCode: string;
  logoUrl: string | null;
}

/** Name, slug, permanent short code and logo of the scope's restaurant (docs/style.md, Scopes). */
export async function getQrData(scope: RestaurantScope): Promise<QrData> {
  authorize(scope, 'qr.manage');
  const restaurant = await findQrRestaurant(scope.db, scope.restaurantId);
  if (!restaurant) throw new AppError('not-found');
  const { logoKey, ...rest } = restaurant;
  return { ...rest, logoUrl: publicImageUrl(logoKey) };
}

/**
 * The origin printed into the code: always the configured public address (PUBLIC_URL, or its
 * default), never the host this request came to. An owner who opened the admin at 127.0.0.1 or
 * through an internal proxy must not print cards that only work on their own network (issue 17,
 * friction 3); e-mails and the menu's canonical links use the same address.
 */
export function qrLinkOrigin(env: Env = getEnv()): string {
  return getPublicUrl(env);
}

/**
 * The logo's bytes, read through our storage by key. Only one of our uploads is read: an external
 * logo (`ext:` URL) is skipped, never fetched (no server-side requests to addresses an owner typed in).
 */
export async function readOwnLogo(storage: FileStorage, logoKey: string | null): Promise<Buffer | undefined> {
  if (!logoKey || !isOwnImageRef(logoKey)) return undefined;
  return storage.read(logoKey);
}

/** The logo ready for the card, or none: a logo we cannot read or decode must not cost the owner the card. */
export async function loadCardLogo(storage: FileStorage, logoKey: string | null): Promise<Buffer | undefined> {
  try {
    const bytes = await readOwnLogo(storage, logoKey);
    return bytes ? await logoAsPrintJpeg(bytes) : undefined;
  } catch (error) {
    logger.warn({ err: error, logoKey }, 'qr card: logo left out');
    return undefined;
  }
}

export interface QrPage {
  slug: string;
  shortUrl: string;
  /** the code as inline SVG, titled in the page's language */
  svg: string;
  pngSizePx: number;
}

/** What the QR page shows: the short link, the code as SVG, and the PNG's size for the download list. */
export async function getQrPage(scope: RestaurantScope, { origin, locale }: { origin: string; locale: Locale }): Promise<QrPage> {
  authorize(scope, 'qr.manage');
  const restaurant = await getQrData(scope);
  const shortUrl = menuShortLink(origin, restaurant.shortCode);
  const title = getI18n(locale).t('qr.svgTitle', { name: restaurant.name, url: shortUrl });
  return { slug: restaurant.slug, shortUrl, svg: renderQrSvg(shortUrl, { title }), pngSizePx: PRINT_PNG_SIZE_PX };
}

export interface QrDownload {
  body: Buffer;
  contentType: string;
  filename: string;
}

/** One of the QR page's downloads for the restaurant the caller owns, in the caller's language. */
export async function renderQrDownload(
  scope: RestaurantScope,
  storage: FileStorage,
  format: QrDownloadFormat,
  { origin, locale }: { origin: string; locale: Locale },
): Promise<QrDownload> {
  authorize(scope, 'qr.manage');
  const restaurant = await findQrRestaurant(scope.db, scope.restaurantId);
  if (!restaurant) throw new AppError('not-found');
  const url = menuShortLink(origin, restaurant.shortCode);
  const filename = qrDownloadFilename(restaurant.slug, format);
  switch (format) {
    case 'qr.svg': {
      const title = getI18n(locale).t('qr.svgTitle', { name: restaurant.name, url });
      const svg = `<?xml version="1.0" encoding="UTF-8"?>\n${renderQrSvg(url, { title, sizePx: DOWNLOAD_SVG_SIZE_PX })}\n`;
      return { body: Buffer.from(svg, 'utf8'), contentType: 'image/svg+xml; charset=utf-8', filename };
    }
    case 'qr.png':
      return { body: await renderQrPng(url), contentType: 'image/png', filename };
    case 'card-a6.pdf':
    case 'card-a4.pdf': {
      const logo = await loadCardLogo(storage, restaurant.logoKey);
      const size = format === 'card-a4.pdf' ? 'A4' : 'A6';
      const body = await renderTableCardPdf({ restaurantName: restaurant.name, logo, url, size, locale });
      return { body, contentType: 'application/pdf', filename };
    }
  }
}
