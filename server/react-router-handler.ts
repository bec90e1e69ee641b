import type express from 'express';
import { writeReadableStreamToWritable } from '@react-router/node';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import type { RequestInfo } from '#app/context.ts';
import { isSameOriginRequest } from '#app/modules/access/same-origin.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { MAX_UPLOAD_BYTES, oversizeMegabytes } from '#app/modules/image/image.schema.ts';
import { localeOfCookie, sendServerError } from './error-page.ts';
import { BodyRejected, bodyKindOf, bodyLimitOf, countingBody, normalizeApiBody, normalizeFormBody, readBodyWithin } from './request-guard.ts';

/**
 * React Router behind Express, as @react-router/express does it, plus what that adapter cannot do:
 * the request body is capped, checked and normalized before any route reads it
 * (server/request-guard.ts), and a request whose loader or action found the database unreachable
 * is answered with a translated 503 instead of the 500 page.
 */
export function createReactRouterHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext(req: express.Request, res: express.Response): Promise<{ context: RouterContextProvider; info: RequestInfo }>;
}): express.RequestHandler {
  const handleRequest = createRequestHandler(options.build, options.mode);
  return async (req, res, next) => {
    let isUpload = false;
    try {
      const controller = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) controller.abort();
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) for (const one of value) headers.append(name, one);
        else if (value !== undefined) headers.set(name, value);
      }
      const host = (req.get('host') ?? '').split(/[\\/?#@\s]/)[0] || 'localhost';
      let url: URL;
      try {
        url = new URL(req.originalUrl, `${req.protocol}://${host}`);
      } catch {
        return sendServerError(req, res, 400);
      }
      const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
      let uploadTripped: (() => boolean) | undefined;
      let uploadBytes: (() => number) | undefined;
      isUpload = bodyKindOf(url.pathname) === 'upload';

      if (req.method !== 'GET' && req.method !== 'HEAD') {
        const kind = bodyKindOf(url.pathname);
        // every state-changing request, resource routes included, comes from one of our pages;
        // a webhook proves its caller by signature instead
        if (kind !== 'webhook' && !isSameOriginRequest(new Request(url, { headers }))) return sendServerError(req, res, 403, { close: true });
        // an opaque origin passed only as the browser's own same-origin form (same-origin.ts): named
        // as ours, or React Router's own check would answer 400 to a form of our no-referrer pages
        if (headers.get('origin') === 'null') headers.set('origin', url.origin);
        const limit = bodyLimitOf(kind);
        const contentType = req.headers['content-type'];
        if (kind === 'upload') {
          const counted = countingBody(req, limit);
          uploadTripped = counted.tripped;
          uploadBytes = counted.bytes;
          init.body = counted.stream;
          init.duplex = 'half';
        } else {
          const raw = await readBodyWithin(req, limit);
          const prepared =
            kind === 'form' ? await normalizeFormBody(raw, contentType) : kind === 'json-api' ? await normalizeApiBody(raw, contentType) : { body: raw, contentType };
          if (prepared.contentType) headers.set('content-type', prepared.contentType);
          headers.set('content-length', String(prepared.body.length));
          init.body = new Uint8Array(prepared.body);
        }
      }

      const { context, info } = await options.getLoadContext(req, res);
      const response = await handleRequest(new Request(url, init), context);
      if (res.destroyed || res.writableEnded) {
        await response.body?.cancel();
        return;
      }
      if (uploadTripped?.()) {
        await response.body?.cancel();
        return sendUploadTooLarge(req, res, uploadBytes?.() ?? 0, false);
      }
      if (info.failure === 'database-unavailable' && response.status >= 500) {
        await response.body?.cancel();
        return sendServerError(req, res, 503, { headers: { 'Retry-After': '5' } });
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [key, value] of response.headers.entries()) res.append(key, value);
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      if (error instanceof BodyRejected && error.status === 413 && isUpload) return sendUploadTooLarge(req, res, error.bytes ?? 0, error.close);
      if (error instanceof BodyRejected) return sendServerError(req, res, error.status, { close: error.close, drain: error.status === 413 });
      if (res.destroyed || res.writableEnded) return;
      next(error);
    }
  };
}

/** The upload control reads JSON `{ error, code }` (restaurant-admin.images.ts): a refused size in that shape. */
function sendUploadTooLarge(req: express.Request, res: express.Response, bytes: number, close: boolean): void {
  const { t } = getI18n(localeOfCookie(req.headers.cookie));
  const params = { sizeMb: oversizeMegabytes(bytes), maxMb: MAX_UPLOAD_BYTES / (1024 * 1024) };
  if (close) res.set('Connection', 'close');
  res
    .set('Cache-Control', 'no-store')
    .status(413)
    .json({ error: t('appErrors.image-too-large', params), code: 'image-too-large' });
  req.resume();
  const cutOff = setTimeout(() => req.socket.destroy(), 10_000).unref();
  req.once('end', () => clearTimeout(cutOff));
}
