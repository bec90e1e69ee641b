/**
 * The image-release rule, pure so every case is unit-tested; image-cleanup applies it inside the
 * transaction of the change that stopped using the pictures.
 */

/**
 * docs/product-spec.md sections 4 and 5: an image file is removed only when no remaining category, product or
 * restaurant picture still uses it, and only when it is one of our uploads (an external URL is left).
 */
export function imagesToRemove(candidates: readonly string[], stillUsed: Iterable<string | null>, owns: (key: string) => boolean): string[] {
  const used = new Set<string | null>(stillUsed);
  return [...new Set(candidates)].filter((key) => key !== '' && !used.has(key) && owns(key));
}
