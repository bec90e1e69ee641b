import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AppError } from '#app/modules/errors/app-error.ts';

/** At most this many pages are read: a menu, not a book. */
const MAX_PAGES = 30;

/**
 * A PDF's text as lines, top to bottom, page after page: text items on the same baseline (within
 * a few points) are one line, joined left to right with a space where there is a gap. A scanned
 * PDF (pictures, no text) gives no lines. pdfjs runs in Node from its legacy build, no worker.
 */
export async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const loading = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, stopAtErrors: false });
  try {
    const document = await loading.promise;
    const lines: string[] = [];
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number++) {
      const page = await document.getPage(number);
      const items = (await page.getTextContent()).items.flatMap((item) =>
        'str' in item && item.str.trim() !== '' ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width }] : [],
      );
      const rows: { y: number; parts: typeof items }[] = [];
      for (const item of items) {
        const row = rows.find((r) => Math.abs(r.y - item.y) < 3);
        if (row) row.parts.push(item);
        else rows.push({ y: item.y, parts: [item] });
      }
      rows.sort((a, b) => b.y - a.y);
      for (const row of rows) {
        row.parts.sort((a, b) => a.x - b.x);
        let text = '';
        let end = -Infinity;
        for (const part of row.parts) {
          text += text && part.x - end > 1 ? ` ${part.text}` : part.text;
          end = part.x + part.width;
        }
        lines.push(text);
      }
      lines.push('');
    }
    return lines;
  } catch {
    throw new AppError('import-unreadable');
  } finally {
    await loading.destroy();
  }
}
