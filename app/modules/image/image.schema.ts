/**
 * Shapes and limits of an image upload, safe to import from the browser: the upload control
 * checks the size before sending a byte, and the server checks it again (docs/product-spec.md section 5).
 * Plain TypeScript on purpose: the editor imports it, and zod would add ~80 KB to its first load.
 */

/** The largest file accepted, checked before anything is decoded. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/** The most pixels (width × height, read from the file's header) an upload may have. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** What the editor uploads an image for; product and category images share one size. */
export const IMAGE_UPLOAD_KINDS = ['logo', 'cover', 'product', 'category'] as const;
export type ImageUploadKind = (typeof IMAGE_UPLOAD_KINDS)[number];

export function isImageUploadKind(value: unknown): value is ImageUploadKind {
  return typeof value === 'string' && (IMAGE_UPLOAD_KINDS as readonly string[]).includes(value);
}

/** The output sizes of docs/product-spec.md section 5. */
export type ImageKind = 'logo' | 'cover' | 'other';

export function imageKindOf(kind: ImageUploadKind): ImageKind {
  return kind === 'logo' || kind === 'cover' ? kind : 'other';
}

/** A byte count in MB with one decimal. */
export function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10;
}

/** The size named when a file over the limit is refused: never shown rounded down to the limit itself. */
export function oversizeMegabytes(bytes: number): number {
  return Math.max(megabytes(bytes), megabytes(MAX_UPLOAD_BYTES) + 0.1);
}

/** What the upload route answers on success. */
export interface UploadedImage {
  id: string;
  url: string;
  /** WebP variants for `<source srcset>`, smallest first, e.g. '/uploads/…/200.webp 200w, …' */
  srcSet: string;
}

/** WebP variants as a `srcset` value, narrowest first. */
export function srcSetOf(variants: readonly { width: number; url: string }[]): string {
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');
}
