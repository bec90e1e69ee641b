import sharp, { type Metadata } from 'sharp';
import { AppError } from '#app/modules/errors/app-error.ts';
import { MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES, oversizeMegabytes, type ImageKind } from './image.schema.ts';

export { MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES };
export type { ImageKind };

/** docs/product-spec.md section 5: the largest JPEG each kind is stored at (aspect kept, never enlarged), and its quality. */
export const IMAGE_OUTPUT = {
  logo: { maxWidth: 512, maxHeight: 512, quality: 90, variantWidths: [200, 400] },
  cover: { maxWidth: 1920, maxHeight: 1080, quality: 85, variantWidths: [640, 1280, 1920] },
  other: { maxWidth: 800, maxHeight: 800, quality: 85, variantWidths: [200, 400] },
} as const satisfies Record<ImageKind, { maxWidth: number; maxHeight: number; quality: number; variantWidths: readonly number[] }>;

export const WEBP_QUALITY = 75;

export interface ProcessedImage {
  jpeg: Buffer;
  width: number;
  height: number;
  /** WebP copies for the menu's srcset, narrowest first */
  variants: { width: number; webp: Buffer }[];
}

/** The literal rule of docs/product-spec.md section 5: a file name containing 'logo' is a logo, 'cover' a cover. */
export function imageKindFromName(name: string): ImageKind {
  const lower = name.toLowerCase();
  if (lower.includes('logo')) return 'logo';
  if (lower.includes('cover')) return 'cover';
  return 'other';
}

type Container = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

/** sharp's name for the decoder each accepted container must be read by. */
const DECODER: Record<Container, Metadata['format']> = { jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', avif: 'heif' };

const startsWith = (input: Buffer, bytes: number[] | string, at = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return input.length >= at + expected.length && input.subarray(at, at + expected.length).equals(expected);
};

/**
 * The container the file's first bytes announce, or undefined. Only these reach sharp at all, so
 * an SVG (which sharp would rasterise, scripts and external references included), a PDF or a text
 * file is refused before any decoder sees it.
 */
function sniffContainer(input: Buffer): Container | undefined {
  if (startsWith(input, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(input, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(input, 'GIF87a') || startsWith(input, 'GIF89a')) return 'gif';
  if (startsWith(input, 'RIFF') && startsWith(input, 'WEBP', 8)) return 'webp';
  if (startsWith(input, 'ftyp', 4)) {
    // ISO-BMFF: the major brand and the compatible brands must name AVIF; HEIC (HEVC) has no decoder here
    const boxSize = Math.min(input.readUInt32BE(0), input.length, 256);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      if (at === 12) continue; // minor version, not a brand
      const brand = input.toString('latin1', at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return undefined;
}

/** sharp's errors are plain Errors; which of ours each one means. */
function fromSharpError(error: unknown, size?: { width: number; height: number }): AppError {
  const message = error instanceof Error ? error.message : String(error);
  if (/unsupported image format/i.test(message)) return new AppError('image-unsupported');
  if (/pixel limit/i.test(message)) return tooManyPixels(size?.width ?? 0, size?.height ?? 0);
  return new AppError('image-corrupt');
}

function tooManyPixels(width: number, height: number): AppError {
  return new AppError('image-too-many-pixels', { width, height, maxMegapixels: MAX_INPUT_PIXELS / 1_000_000 });
}

/**
 * Checks an uploaded file and turns it into what the menu serves (docs/product-spec.md section 5): the content
 * decides (JPEG, PNG, WebP, GIF's first frame, AVIF; never the name or the declared type), at
 * most 15 MB and 50 megapixels, checked before decoding; a truncated or corrupt file is refused
 * rather than stored half grey. The output is a progressive JPEG turned upright by its EXIF
 * orientation, in sRGB, transparency on white, with every piece of metadata (EXIF with GPS, XMP,
 * IPTC) dropped, plus WebP copies for srcset. Throws AppError with an image-* code.
 */
export async function processImage(input: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  if (input.length === 0) throw new AppError('image-missing');
  if (input.length > MAX_UPLOAD_BYTES) {
    throw new AppError('image-too-large', { sizeMb: oversizeMegabytes(input.length), maxMb: MAX_UPLOAD_BYTES / (1024 * 1024) });
  }
  const container = sniffContainer(input);
  if (!container) throw new AppError('image-unsupported');

  // 'warning' is the strictest level: libvips stops at a premature end of data instead of
  // filling the rest of the picture with grey (sharp's advice for untrusted input).
  const options = { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true, pages: 1 } as const;

  // Reads the header only: no pixel is decoded yet. The pixel guard is off here so that the
  // dimensions can be read and named in the message; the decode below has it on again.
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch (error) {
    throw fromSharpError(error);
  }
  if (metadata.format !== DECODER[container]) throw new AppError('image-unsupported');
  if (container === 'avif' && metadata.compression !== 'av1') throw new AppError('image-unsupported');
  const { width, height } = metadata;
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels(width, height);

  const spec = IMAGE_OUTPUT[kind];
  try {
    // Decode once, to the stored size, as 8-bit sRGB on white; every output is encoded from this.
    const { data: pixels, info } = await sharp(input, options)
      .resize({ width: spec.maxWidth, height: spec.maxHeight, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

    // Without keepMetadata()/withMetadata() sharp writes no EXIF, XMP, IPTC or ICC profile.
    const jpeg = await sharp(pixels, raw).jpeg({ quality: spec.quality, progressive: true, mozjpeg: true }).toBuffer();
    const variants = await Promise.all(
      variantWidths(spec.variantWidths, info.width).map(async (variantWidth) => ({
        width: variantWidth,
        webp: await sharp(pixels, raw).resize({ width: variantWidth, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer(),
      })),
    );
    return { jpeg, width: info.width, height: info.height, variants };
  } catch (error) {
    throw fromSharpError(error, { width, height });
  }
}

/**
 * The srcset widths for an image stored `width` pixels wide: the kind's widths that need no
 * enlarging, or the image's own width when it is narrower than all of them (always at least one).
 */
export function variantWidths(candidates: readonly number[], width: number): number[] {
  const fitting = candidates.filter((candidate) => candidate <= width);
  return fitting.length > 0 ? fitting : [width];
}
