import { create as createQr } from 'qrcode';
import sharp from 'sharp';

/**
 * The restaurant's QR code in the forms the owner can download: SVG and PNG of the code alone (the
 * printable table card is table-card.server.ts). All pure: no database, no request, no storage.
 */

/**
 * Level Q (about 25% of the symbol may be lost) rather than M: the code is printed on cards that sit
 * on tables, get creased and splashed. The short link keeps the symbol small all the same.
 */
const ERROR_CORRECTION = 'Q' as const;
/** The quiet zone the QR specification asks for: four modules of light on every side. */
export const QUIET_ZONE_MODULES = 4;
/** The PNG download's size: 17 cm wide at 300 dpi, enough for a poster in the window. */
export const PRINT_PNG_SIZE_PX = 2000;
/** The size a downloaded SVG states; being vector, it scales to any size without loss. */
export const DOWNLOAD_SVG_SIZE_PX = 1000;
const PRINT_DPI = 300;

/** The permanent address a printed code opens: `/m/<code>` survives every slug change. */
export function menuShortLink(origin: string, shortCode: string): string {
  return `${origin.replace(/\/+$/, '')}/m/${encodeURIComponent(shortCode)}`;
}

/** The link as printed under the code: without the scheme, which browsers add when it is typed. */
export function displayLink(url: string): string {
  return url.replace(/^https?:\/\//, '');
}

/** The code's dark modules as one row-major array of booleans, quiet zone not included. */
export interface QrMatrix {
  size: number;
  dark: (row: number, col: number) => boolean;
}

export function qrMatrix(url: string): QrMatrix {
  const { modules } = createQr(url, { errorCorrectionLevel: ERROR_CORRECTION });
  return { size: modules.size, dark: (row, col) => modules.get(row, col) === 1 };
}

/** Horizontal runs of dark modules, so a row of five dark modules is one rectangle, not five. */
export function darkRuns(matrix: QrMatrix): { row: number; col: number; length: number }[] {
  const runs: { row: number; col: number; length: number }[] = [];
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.dark(row, col)) col++;
      runs.push({ row, col: start, length: col - start });
    }
  }
  return runs;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/**
 * The code as SVG: one module per user unit, the quiet zone painted white (so it still scans on a
 * dark page), crisp edges, and a `<title>` that names what it opens for screen readers. Without
 * `sizePx` it takes the size its container gives it; a downloaded file gets one, because office
 * and design programs place an SVG at its stated size.
 */
export function renderQrSvg(url: string, options: { title?: string; sizePx?: number } = {}): string {
  const matrix = qrMatrix(url);
  const side = matrix.size + 2 * QUIET_ZONE_MODULES;
  const path = darkRuns(matrix)
    .map(({ row, col, length }) => `M${col + QUIET_ZONE_MODULES} ${row + QUIET_ZONE_MODULES}h${length}v1h-${length}z`)
    .join('');
  const size = options.sizePx ? ` width="${options.sizePx}" height="${options.sizePx}"` : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg"${size} viewBox="0 0 ${side} ${side}" role="img" shape-rendering="crispEdges">`,
    `<title>${escapeXml(options.title ?? url)}</title>`,
    `<rect width="${side}" height="${side}" fill="#fff"/>`,
    `<path fill="#000" d="${path}"/>`,
    '</svg>',
  ].join('');
}

/**
 * The code as a PNG for print, exactly `sizePx` square (never smaller than one pixel per module):
 * a whole number of pixels per module so every edge stays sharp, the few pixels left over added to
 * the quiet zone, tagged 300 dpi so print software sizes it sensibly.
 */
export async function renderQrPng(url: string, { sizePx = PRINT_PNG_SIZE_PX }: { sizePx?: number } = {}): Promise<Buffer> {
  const matrix = qrMatrix(url);
  const side = matrix.size + 2 * QUIET_ZONE_MODULES;
  const pixels = Buffer.alloc(side * side, 0xff);
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (matrix.dark(row, col)) pixels[(row + QUIET_ZONE_MODULES) * side + col + QUIET_ZONE_MODULES] = 0;
    }
  }
  const scale = Math.max(1, Math.floor(sizePx / side));
  const extra = Math.max(0, sizePx - side * scale);
  const before = Math.floor(extra / 2);
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .resize(side * scale, side * scale, { kernel: 'nearest' })
    .extend({ top: before, left: before, bottom: extra - before, right: extra - before, background: '#ffffff' })
    .toColourspace('b-w')
    .withDensity(PRINT_DPI)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
