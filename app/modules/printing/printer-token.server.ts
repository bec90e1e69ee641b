import { createHash, randomBytes } from 'node:crypto';

/** A printer's polling token: 32 random bytes, URL-safe; only its SHA-256 is stored (printer.tokenHash). */
export function newPrinterToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashPrinterToken(token) };
}

export function hashPrinterToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
