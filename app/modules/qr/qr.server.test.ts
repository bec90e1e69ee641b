import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { create as createQr } from 'qrcode';
import sharp, { type SharpOptions } from 'sharp';
import { describe, expect, it } from 'vitest';
import { displayLink, menuShortLink, QUIET_ZONE_MODULES, renderQrPng, renderQrSvg } from './qr.server.ts';
import { logoAsPrintJpeg, renderTableCardPdf } from './table-card.server.ts';

const URL_ = 'https://bucate.example/m/Ab3-x_9Z';
/** every Romanian letter with a diacritic, lower and upper case, and typographic quotes */
const NAME = 'Crâșma „Înșir-te mărgărite” — țuică în ȚARA ȘUNCĂ';

/** Decodes a QR code from any image sharp can read: the proof that the code opens the link. */
async function decodeQr(image: Buffer, input: SharpOptions = {}): Promise<string | undefined> {
  const { data, info } = await sharp(image, input).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

/** The PDF's streams, inflated where they are compressed. */
function pdfStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const raw = Buffer.from(match[1]!, 'latin1');
    try {
      streams.push(inflateSync(raw).toString('latin1'));
    } catch {
      streams.push(match[1]!);
    }
  }
  return streams;
}

function darkModuleCount(url: string): { size: number; dark: number } {
  const { modules } = createQr(url, { errorCorrectionLevel: 'Q' });
  return { size: modules.size, dark: modules.data.reduce((sum, bit) => sum + bit, 0) };
}

describe('menuShortLink', () => {
  it('joins origin and code into the permanent /m/ address', () => {
    expect(menuShortLink('https://bucate.example', 'Ab3-x_9Z')).toBe('https://bucate.example/m/Ab3-x_9Z');
    expect(menuShortLink('https://bucate.example//', 'Ab3')).toBe('https://bucate.example/m/Ab3');
  });

  it('never lets a code break out of its path segment', () => {
    expect(menuShortLink('https://bucate.example', '../admin?x')).toBe('https://bucate.example/m/..%2Fadmin%3Fx');
  });

  it('prints the link without its scheme', () => {
    expect(displayLink('https://bucate.example/m/A')).toBe('bucate.example/m/A');
    expect(displayLink('http://localhost:3000/m/A')).toBe('localhost:3000/m/A');
  });
});

describe('renderQrSvg', () => {
  it('is well-formed XML that scans back to the link', async () => {
    const svg = renderQrSvg(URL_);
    // librsvg refuses malformed XML; rendered ten pixels per module for the decoder
    expect(await decodeQr(Buffer.from(svg), { density: 720 })).toBe(URL_);
  });

  it('draws exactly the code’s dark modules inside a four-module quiet zone', () => {
    const svg = renderQrSvg(URL_);
    const { size, dark } = darkModuleCount(URL_);
    const side = size + 2 * QUIET_ZONE_MODULES;
    expect(svg).toContain(`viewBox="0 0 ${side} ${side}"`);
    expect(svg).toContain(`<rect width="${side}" height="${side}" fill="#fff"/>`);
    const d = /<path fill="#000" d="([^"]+)"/.exec(svg)?.[1] ?? '';
    const runs = [...d.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
    expect(runs.map((r) => r[0]).join('')).toBe(d);
    expect(runs.reduce((sum, r) => sum + Number(r[3]), 0)).toBe(dark);
    for (const [, x, y, length] of runs) {
      expect(Number(x)).toBeGreaterThanOrEqual(QUIET_ZONE_MODULES);
      expect(Number(y)).toBeGreaterThanOrEqual(QUIET_ZONE_MODULES);
      expect(Number(x) + Number(length)).toBeLessThanOrEqual(side - QUIET_ZONE_MODULES);
    }
  });

  it('has an accessible title, escaped, and stays valid with any text in it', async () => {
    const svg = renderQrSvg(URL_, { title: 'Meniul <Bistro> „Ăla” & "Țuică"' });
    expect(svg).toContain('role="img"');
    expect(svg).toContain('<title>Meniul &lt;Bistro&gt; „Ăla” &amp; &quot;Țuică&quot;</title>');
    expect(await decodeQr(Buffer.from(svg), { density: 720 })).toBe(URL_);
    expect(renderQrSvg(URL_)).toContain(`<title>${URL_}</title>`);
  });

  it('states a size only when asked, for files opened in office and design programs', async () => {
    expect(renderQrSvg(URL_)).not.toMatch(/<svg[^>]* width=/);
    const svg = renderQrSvg(URL_, { sizePx: 1000 });
    expect(await sharp(Buffer.from(svg)).metadata()).toMatchObject({ width: 1000, height: 1000 });
    expect(await decodeQr(Buffer.from(svg))).toBe(URL_);
  });
});

describe('renderQrPng', () => {
  it('is a print-resolution PNG (2000 px, 300 dpi) that scans back to the link', async () => {
    const png = await renderQrPng(URL_);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 2000, height: 2000, density: 300 });
    expect(await decodeQr(png)).toBe(URL_);
  });

  it('is exactly the size asked for, with whole pixels per module', async () => {
    const png = await renderQrPng(URL_, { sizePx: 1200 });
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ width: 1200, height: 1200, channels: 1 });
    const data = await sharp(png).raw().toBuffer();
    // only pure black and pure white: no blurred edges from scaling
    expect(new Set(data)).toEqual(new Set([0, 255]));
    expect(await decodeQr(png)).toBe(URL_);
  });
});

describe('renderTableCardPdf', () => {
  const logoPromise = sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 178, g: 58, b: 46, alpha: 0.5 } } })
    .png()
    .toBuffer()
    .then(logoAsPrintJpeg);

  it.each([
    ['A6', [297.64, 419.53]],
    ['A4', [595.28, 841.89]],
  ] as const)('is one %s page', async (size, [width, height]) => {
    const pdf = await renderTableCardPdf({ restaurantName: NAME, url: URL_, size, locale: 'ro' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(1);
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(text);
    expect([Number(box?.[1]), Number(box?.[2])]).toEqual([width, height]);
    expect(Math.round(width)).toBe(size === 'A6' ? 298 : 595);
    expect(Math.round(height)).toBe(size === 'A6' ? 420 : 842);
  });

  it('embeds Lora, with every Romanian diacritic mapped to a real glyph, and no other font', async () => {
    const pdf = await renderTableCardPdf({ restaurantName: NAME, url: URL_, size: 'A6', locale: 'ro' });
    const text = pdf.toString('latin1');
    expect(text.match(/\/FontFile2 /g)).toHaveLength(2);
    const fonts = [...text.matchAll(/\/BaseFont \/(\S+)/g)].map((m) => m[1]!.replace(/^[A-Z]{6}\+/, ''));
    expect(new Set(fonts)).toEqual(new Set(['Lora-Bold', 'Lora-Regular']));
    // pdfkit maps a character the font lacks to glyph 0, which never appears in the ToUnicode map
    const toUnicode = pdfStreams(pdf)
      .filter((s) => s.includes('beginbfrange'))
      .join('\n')
      .toLowerCase();
    for (const letter of 'ăâîșțĂÎȘȚ„”') {
      expect(toUnicode, letter).toContain(`<${letter.codePointAt(0)!.toString(16).padStart(4, '0')}>`);
    }
  });

  it('draws the code as vector rectangles, once per card', async () => {
    const runs = (renderQrSvg(URL_).match(/v1h-/g) ?? []).length;
    expect(runs).toBeGreaterThan(50);
    for (const [cardSize, cards] of [
      ['A6', 1],
      ['A4', 4],
    ] as const) {
      const pdf = await renderTableCardPdf({ restaurantName: 'Casa', url: URL_, size: cardSize, locale: 'en' });
      const content = pdfStreams(pdf).find((s) => / re\n/.test(s)) ?? '';
      // each run of dark modules, plus the short accent rule under the name
      expect(content.match(/ re\n/g)).toHaveLength((runs + 1) * cards);
    }
  });

  it('includes the logo as a JPEG when given, and no image otherwise', async () => {
    const withLogo = await renderTableCardPdf({ restaurantName: NAME, logo: await logoPromise, url: URL_, size: 'A6', locale: 'ro' });
    expect(withLogo.toString('latin1')).toMatch(/\/Subtype \/Image[\s\S]*?\/Filter \/DCTDecode/);
    const without = await renderTableCardPdf({ restaurantName: NAME, url: URL_, size: 'A6', locale: 'ro' });
    expect(without.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('prints the restaurant’s name, the call to scan and the link, and its code scans back to the link', async () => {
    for (const [size, locale, call] of [
      ['A6', 'ro', 'Scanează pentru meniu'],
      ['A4', 'en', 'Scan for the menu'],
    ] as const) {
      const pdf = await renderTableCardPdf({ restaurantName: NAME, url: URL_, size, locale });
      // the text as a PDF reader extracts it (what a guest sees and a screen reader reads)
      const loading = getDocument({ data: new Uint8Array(pdf) });
      const page = await (await loading.promise).getPage(1);
      const lines = (await page.getTextContent()).items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : []));
      await loading.destroy();
      const cards = size === 'A6' ? 1 : 4;
      // a long name wraps onto a second line, whole words kept
      expect(lines.join(' ').split(NAME), size).toHaveLength(cards + 1);
      expect(
        lines.filter((line) => line === call),
        size,
      ).toHaveLength(cards);
      expect(
        lines.filter((line) => line === displayLink(URL_)),
        size,
      ).toHaveLength(cards);
      // the first card's code, redrawn from its rectangles, scans back to the link
      const [width, height] = [page.view[2]!, page.view[3]!];
      const content = pdfStreams(pdf).find((s) => / re\n/.test(s)) ?? '';
      const modules = [...content.matchAll(/^([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re$/gm)].map((m) => m.slice(1, 5).map(Number) as [number, number, number, number]);
      const side = Math.min(...modules.map(([, , , h]) => h).filter((h) => h > 2));
      const runs = modules.filter(([, , , h]) => Math.abs(h - side) < 0.01);
      const firstCard = runs.slice(0, runs.length / cards);
      // rows abut exactly; a tenth of a point more keeps the rasteriser from leaving seams between them
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#fff"/><g shape-rendering="crispEdges">${firstCard.map(([x, y, w, h]) => `<rect x="${x}" y="${y}" width="${w}" height="${h + 0.1}"/>`).join('')}</g></svg>`;
      expect(await decodeQr(Buffer.from(svg), { density: 300 }), size).toBe(URL_);
    }
  });

  it('is titled in the language asked for', async () => {
    const ro = await renderTableCardPdf({ restaurantName: 'Casa', url: URL_, size: 'A6', locale: 'ro' });
    const en = await renderTableCardPdf({ restaurantName: 'Casa', url: URL_, size: 'A6', locale: 'en' });
    expect(ro.toString('latin1')).toContain('/Lang (ro)');
    expect(en.toString('latin1')).toContain('/Lang (en)');
  });
});

describe('logoAsPrintJpeg', () => {
  it('turns a transparent PNG into a JPEG on white, no larger than 1000 px', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const jpeg = await logoAsPrintJpeg(png);
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1000, height: 500 });
    const { dominant } = await sharp(jpeg).stats();
    expect(dominant).toEqual({ r: 248, g: 248, b: 248 });
  });
});
