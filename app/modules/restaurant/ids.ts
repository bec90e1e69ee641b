import { randomBytes, randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

/** A permanent short code for the QR link /m/{code}: 8 URL-safe characters. */
export function newShortCode(): string {
  return randomBytes(6).toString('base64url');
}
