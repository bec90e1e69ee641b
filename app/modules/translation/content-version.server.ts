import { createHash } from 'node:crypto';

/**
 * The version of a small form over stored texts that have no version column of their own (a
 * translations panel's field, the content languages): a digest of exactly what the form was loaded
 * with. A save compares it under the restaurant's row lock (decision 0015), so it is refused when any
 * of those texts changed since, and only then.
 */
export function contentVersion(parts: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}
