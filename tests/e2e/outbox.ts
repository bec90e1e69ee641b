import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Decodes the quoted-printable body nodemailer writes for long non-ASCII lines. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link of the newest outbox e-mail to `to` (e-mails are written there without SMTP). */
export function latestLinkTo(dataDir: string, to: string): string | undefined {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.eml') && name.includes(to.replace(/[^a-z0-9@.-]/gi, '_')));
  } catch {
    return undefined;
  }
  const newest = files.sort().at(-1);
  if (!newest) return undefined;
  const message = decodeQuotedPrintable(readFileSync(join(dir, newest), 'utf8'));
  return /https?:\/\/[^\s"<]+/.exec(message)?.[0];
}
