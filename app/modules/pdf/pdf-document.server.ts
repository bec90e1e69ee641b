import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * What every PDF the app draws shares (the table card, the printed menu, the kitchen ticket): the
 * font, the document's metadata and the way its bytes are collected. Each drawing stays with its
 * module; this module imports none of them.
 */

const require = createRequire(import.meta.url);

export interface PdfFonts {
  regular: string;
  bold: string;
  italic: string;
}

let fonts: PdfFonts | undefined;

/**
 * Lora from its npm package, never a system font (decision 0006): a warm book face whose TrueType
 * files each hold the whole Latin Extended range, so ă â î ș ț print on any printer from the same
 * font as the other letters (the @fontsource files are split by unicode range). Paths, not buffers,
 * so pdfkit parses each font once per document; it embeds only the glyphs used.
 */
export function pdfFonts(): PdfFonts {
  fonts ??= {
    regular: require.resolve('@expo-google-fonts/lora/400Regular/Lora_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/lora/700Bold/Lora_700Bold.ttf'),
    italic: require.resolve('@expo-google-fonts/lora/400Regular_Italic/Lora_400Regular_Italic.ttf'),
  };
  return fonts;
}

export type PdfOptions = Omit<PDFKit.PDFDocumentOptions, 'font' | 'lang' | 'displayTitle' | 'info'> & {
  /** what a viewer shows as the window's title */
  title: string;
  /** the text's language, for screen readers and hyphenation in viewers */
  lang: string;
};

/**
 * A new document set in Lora regular, in `lang`, its title shown by viewers, made by Bucate (the
 * page size, margins and the rest are the caller's). `bytes` resolves with the whole file once the
 * caller has drawn it and called `doc.end()`.
 */
export function openPdf({ title, lang, ...options }: PdfOptions): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    ...options,
    font: pdfFonts().regular,
    lang,
    displayTitle: true,
    info: { Title: title, Creator: 'Bucate', Producer: 'Bucate' },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
