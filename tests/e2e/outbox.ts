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

/**
 * The text of the attachment `filename` of the newest outbox e-mail to `to` (a reservation's
 * calendar file), decoded from whatever transfer encoding nodemailer chose; undefined when none.
 */
export function latestAttachmentTo(dataDir: string, to: string, filename: string): string | undefined {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.eml') && name.includes(to.replace(/[^a-z0-9@.-]/gi, '_')));
  } catch {
    return undefined;
  }
  const newest = files.sort().at(-1);
  if (!newest) return undefined;
  const message = readFileSync(join(dir, newest), 'utf8');
  const boundaries = [...message.matchAll(/boundary="?([^"\r\n;]+)"?/g)].map((match) => match[1]!);
  const parts = boundaries.reduce<string[]>((all, boundary) => all.flatMap((part) => part.split(`--${boundary}`)), [message]);
  const part = parts.find((one) => one.includes(`filename=${filename}`) || one.includes(`filename="${filename}"`));
  if (!part) return undefined;
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  const body = part.slice(split).trim();
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
