import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { ImportCut } from './import.types.ts';
import { groupTextLines, type PlacedText } from './text-lines.ts';

/** At most this many pages are read: a menu, not a book. */
export const MAX_PDF_PAGES = 30;
/** At most this many lines of text are read (a 10,000-dish menu is about this long). */
export const MAX_PDF_LINES = 20_000;

/**
 * A PDF's text as lines, top to bottom, page after page (an empty line between pages), and what was
 * left unread: pages after the first MAX_PDF_PAGES, lines after the first MAX_PDF_LINES. A scanned
 * PDF (pictures, no text) gives no lines. pdfjs runs in Node from its legacy build, without its own
 * worker: the import's parse worker (parse-pool.server.ts) already keeps it off the request's thread.
 */
export async function pdfLines(bytes: Uint8Array): Promise<{ lines: string[]; cut: ImportCut | null }> {
  const loading = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, stopAtErrors: false, verbosity: 0 });
  try {
    const document = await loading.promise;
    const lines: string[] = [];
    const pages = Math.min(document.numPages, MAX_PDF_PAGES);
    for (let number = 1; number <= pages; number++) {
      const page = await document.getPage(number);
      const items = (await page.getTextContent()).items.flatMap((item): PlacedText[] =>
        'str' in item && item.str.trim() !== '' ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width }] : [],
      );
      page.cleanup();
      for (const line of groupTextLines(items)) {
        if (lines.length === MAX_PDF_LINES) return { lines, cut: { reason: 'lines', read: MAX_PDF_LINES } };
        lines.push(line);
      }
      lines.push('');
    }
    return { lines, cut: document.numPages > pages ? { reason: 'pages', read: pages, total: document.numPages } : null };
  } catch {
    throw new AppError('import-unreadable');
  } finally {
    await loading.destroy();
  }
}
