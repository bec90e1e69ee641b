import type { IncomingMessage, ServerResponse } from 'node:http';
import { catalogues, DEFAULT_LOCALE, LOCALE_COOKIE, type Locale } from '#app/i18n/i18n.ts';
import { escapeHtml } from '#app/modules/text/escape-html.ts';

/**
 * The answers the server gives itself, before or instead of React Router: a small translated page
 * (Romanian, or English when the language cookie says so), or JSON when the caller asked for JSON
 * (the upload control, scripts). One table from status to message.
 */
const MESSAGE_OF = {
  400: 'badRequest',
  403: 'pageForbidden',
  404: 'pageNotFound',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  503: 'serviceUnavailable',
} as const;

export type ServerErrorStatus = keyof typeof MESSAGE_OF;

export function localeOfCookie(cookieHeader: string | undefined | null): Locale {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && (value === 'ro' || value === 'en')) return value;
  }
  return DEFAULT_LOCALE;
}

export function serverErrorMessage(status: ServerErrorStatus, locale: Locale): string {
  return catalogues[locale].errors[MESSAGE_OF[status]];
}

export function renderServerError(status: ServerErrorStatus, headers: { cookie?: string | null; accept?: string | null }) {
  const locale = localeOfCookie(headers.cookie);
  const message = serverErrorMessage(status, locale);
  const accept = headers.accept ?? '';
  if (/application\/json/.test(accept) && !/text\/html/.test(accept)) {
    return { contentType: 'application/json; charset=utf-8', body: JSON.stringify({ error: message, status }) };
  }
  const home = catalogues[locale].notFound.backHome;
  const body = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${status}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;text-align:center"><h1>${status}</h1><p>${escapeHtml(message)}</p><p><a href="/">${escapeHtml(home)}</a></p></body></html>`;
  return { contentType: 'text/html; charset=utf-8', body };
}

/** Writes the page; `close` asks Node to drop the connection (a body we refused to read is still coming). */
export function sendServerError(
  req: IncomingMessage,
  res: ServerResponse,
  status: ServerErrorStatus,
  options: { close?: boolean; drain?: boolean; headers?: Record<string, string> } = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const page = renderServerError(status, { cookie: req.headers.cookie, accept: req.headers.accept });
  res.statusCode = status;
  res.setHeader('Content-Type', page.contentType);
  res.setHeader('Content-Length', Buffer.byteLength(page.body));
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
  if (options.close) res.setHeader('Connection', 'close');
  if (options.close || options.drain) {
    // what is still coming is read and dropped (never held); a client that keeps sending is cut off after a while
    req.resume();
    const cutOff = setTimeout(() => req.socket.destroy(), 10_000).unref();
    req.once('end', () => clearTimeout(cutOff));
  }
  res.end(req.method === 'HEAD' ? undefined : page.body);
}
