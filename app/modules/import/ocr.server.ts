import { lstatSync, mkdirSync, readlinkSync, symlinkSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';

const require = createRequire(import.meta.url);
const LANGUAGES = ['ron', 'eng'] as const;
/** The Romanian model alone reads Romanian and English menus best (measured, decision 0020): with English added, ș ț ă are often lost. */
const DEFAULT_LANGUAGES: readonly (typeof LANGUAGES)[number][] = ['ron'];

/**
 * tesseract.js reads every language from one folder (`langPath`); the Romanian and English data
 * come from their npm packages (@tesseract.js-data/*, the LSTM "best_int" models) in two folders,
 * so one folder of links to them is made once. With a local langPath, no cache writes and the core
 * and worker scripts resolved from node_modules, recognition never touches the network.
 */
function languageFolder(): string {
  const folder = join(tmpdir(), 'bucate-ocr-languages');
  mkdirSync(folder, { recursive: true });
  for (const language of LANGUAGES) {
    const link = join(folder, `${language}.traineddata.gz`);
    const target = require.resolve(`@tesseract.js-data/${language}/4.0.0_best_int/${language}.traineddata.gz`);
    // a link left by another checkout or an older install points elsewhere (or nowhere): replace it
    if (currentTarget(link) === target) continue;
    try {
      unlinkSync(link);
    } catch {
      // there was none
    }
    symlinkSync(target, link);
  }
  return folder;
}

function currentTarget(link: string): string | undefined {
  try {
    return lstatSync(link).isSymbolicLink() ? readlinkSync(link) : undefined;
  } catch {
    return undefined;
  }
}

/** The largest side an image is read at: enough for menu text, small enough for a few seconds a page. */
const MAX_SIDE = 2400;

/**
 * A photo prepared for recognition: turned upright by its EXIF orientation, gray, contrast
 * stretched, at most MAX_SIDE pixels on its longer side, PNG. Throws on bytes that are not an image.
 */
export async function prepareForOcr(image: Uint8Array): Promise<Buffer> {
  return sharp(image, { limitInputPixels: 50_000_000 }).rotate().resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).grayscale().normalise().png().toBuffer();
}

/**
 * The text lines of a prepared image, Romanian and English models together, with the page's
 * skew detected and undone (`rotateAuto`). `onProgress` gets 0–100 while recognition runs.
 */
export async function recognizeLines(
  prepared: Buffer,
  onProgress: (percent: number) => void = () => {},
  languages: readonly (typeof LANGUAGES)[number][] = DEFAULT_LANGUAGES,
): Promise<string[]> {
  const worker = await createWorker([...languages], OEM.LSTM_ONLY, {
    langPath: languageFolder(),
    cacheMethod: 'none',
    gzip: true,
    workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
    logger: (message) => {
      if (message.status === 'recognizing text') onProgress(Math.round(message.progress * 100));
    },
  });
  try {
    const result = await worker.recognize(prepared, { rotateAuto: true });
    return result.data.text.split('\n');
  } finally {
    await worker.terminate();
  }
}
