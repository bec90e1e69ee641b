import type { IncomingMessage } from 'node:http';
import { MAX_UPLOAD_BYTES } from '#app/modules/image/image.schema.ts';
import { MULTIPART_OVERHEAD_BYTES } from '#app/modules/image/image-upload-request.server.ts';
import type { ServerErrorStatus } from './error-page.ts';

/**
 * What the server checks before React Router sees a request, so that every route gets the same
 * protection without repeating it: a path with bytes no page has (NUL, control characters, broken
 * percent-encoding) is not found; a body is capped by the kind of route before a byte is buffered
 * (a declared Content-Length and a running count for chunked bodies); a page action accepts only
 * the two encodings a form sends, must parse, and has its text values normalized once.
 */

/** A form's fields: a few kilobytes at most; 64 KB leaves room for the longest description. */
export const FORM_BODY_LIMIT = 64 * 1024;
/** better-auth's JSON endpoints and (future) webhooks */
export const API_BODY_LIMIT = 64 * 1024;
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
/** the image upload resource route: the image limit plus room for the multipart framing */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;

export type BodyKind = 'form' | 'upload' | 'json-api' | 'webhook';

/** The route kind decides the cap and how the body is checked. */
export function bodyKindOf(pathname: string): BodyKind {
  if (pathname.startsWith('/api/auth/')) return 'json-api';
  if (pathname.startsWith('/api/webhooks/')) return 'webhook';
  // a receipt printer polling for its tickets (Star CloudPRNT, decision 0036): JSON from a device,
  // no page of ours, proven by the token in its address as a webhook is by its signature
  if (pathname.startsWith('/api/print/')) return 'webhook';
  // the image upload, and the menu import's file (app/modules/import caps it lower itself)
  if (/^\/[^/]+\/admin\/(?:images|import\/file)(?:\.data)?\/?$/.test(pathname)) return 'upload';
  return 'form';
}

export function bodyLimitOf(kind: BodyKind): number {
  return { form: FORM_BODY_LIMIT, upload: UPLOAD_BODY_LIMIT, 'json-api': API_BODY_LIMIT, webhook: WEBHOOK_BODY_LIMIT }[kind];
}

// C0 controls except tab and newline (CR is turned into LF first), DEL, and the bidi overrides
// and isolates that can make text read differently from how it is stored.
// oxlint-disable-next-line no-control-regex
const UNWANTED_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/** Text as it may be stored: CRLF and CR become LF; other controls and bidi overrides are dropped. */
export function normalizeTextInput(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(UNWANTED_CHARACTERS, '');
}

/** Passwords are compared, never shown: they are left exactly as typed. */
const isSecretField = (name: string) => /password/i.test(name);

// oxlint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Whether a request target has only bytes a page of ours could have; otherwise it is not found. */
export function isAcceptableTarget(rawUrl: string): boolean {
  if (CONTROL_CHARACTERS.test(rawUrl)) return false;
  const queryStart = rawUrl.indexOf('?');
  const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (CONTROL_CHARACTERS.test(decoded)) return false;
  if (queryStart !== -1) {
    for (const [name, value] of new URLSearchParams(rawUrl.slice(queryStart + 1))) {
      // NUL can never be stored or compared (PostgreSQL refuses it): such a query names nothing
      if (name.includes('\u0000') || value.includes('\u0000')) return false;
    }
  }
  return true;
}

export class BodyRejected extends Error {
  readonly status: ServerErrorStatus;
  /** for 413: the size declared or counted so far */
  readonly bytes: number | undefined;
  /**
   * whether the rest of the body is still to come unannounced (declared too large: close the
   * connection after answering); a body cut while counting is drained instead, so the client,
   * still sending, reads our answer rather than a reset
   */
  readonly close: boolean;
  constructor(status: ServerErrorStatus, bytes?: number, close = false) {
    super(`request body rejected with ${status}`);
    this.status = status;
    this.bytes = bytes;
    this.close = close;
  }
}

/** The declared length, or undefined for a chunked body. */
function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isFinite(length) ? length : undefined;
}

/** Throws 413 before reading when the declared length is over the limit. */
export function checkDeclaredLength(req: IncomingMessage, limit: number): void {
  const length = declaredLength(req);
  // answered at once, the rest drained: a client still sending (fetch, a browser) then reads our 413
  // rather than a connection reset mid-upload
  if (length !== undefined && length > limit) throw new BodyRejected(413, length);
}

/** Reads a small body whole, counting as it goes: a chunked body past the limit stops at once (413). */
export function readBodyWithin(req: IncomingMessage, limit: number): Promise<Buffer> {
  checkDeclaredLength(req, limit);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        cleanup();
        // the rest is read and dropped (never held), so the client gets our 413 rather than a reset
        req.resume();
        reject(new BodyRejected(413, total));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * A stream of the request body that errors once more than `limit` bytes have passed; `tripped()`
 * tells afterwards whether that happened (the route then failed on a cut body: the answer is 413).
 */
export function countingBody(req: IncomingMessage, limit: number): { stream: ReadableStream<Uint8Array>; tripped(): boolean; bytes(): number } {
  checkDeclaredLength(req, limit);
  let total = 0;
  let over = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (over) return;
        total += chunk.length;
        if (total > limit) {
          over = true;
          req.resume();
          controller.error(new BodyRejected(413, total));
          return;
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.on('end', () => {
        if (!over) controller.close();
      });
      req.on('error', (error) => {
        if (!over) controller.error(error);
      });
    },
    pull() {
      if (!over) req.resume();
    },
    cancel() {
      req.pause();
    },
  });
  return { stream, tripped: () => over, bytes: () => total };
}

function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * A page action's body, checked and normalized: only urlencoded and multipart forms (415
 * otherwise), a multipart body that does not parse is 400, and every text field value passes
 * through normalizeTextInput. Returns the body to hand on and its content type.
 */
export async function normalizeFormBody(raw: Buffer, contentType: string | undefined): Promise<{ body: Buffer; contentType: string }> {
  const media = mediaTypeOf(contentType);
  if (media === '' && raw.length === 0) return { body: raw, contentType: 'application/x-www-form-urlencoded' };
  if (media === 'application/x-www-form-urlencoded') {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    } catch {
      throw new BodyRejected(400);
    }
    const clean = new URLSearchParams();
    for (const [name, value] of new URLSearchParams(text)) {
      clean.append(normalizeTextInput(name), isSecretField(name) ? value : normalizeTextInput(value));
    }
    return { body: Buffer.from(clean.toString()), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
  }
  if (media === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType! } }).formData();
    } catch {
      throw new BodyRejected(400);
    }
    const clean = new FormData();
    for (const [name, value] of form) {
      const cleanName = normalizeTextInput(name);
      if (typeof value === 'string') clean.append(cleanName, isSecretField(name) ? value : normalizeTextInput(value));
      else clean.append(cleanName, value, value.name);
    }
    const encoded = new Response(clean);
    return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
  }
  throw new BodyRejected(415);
}

function normalizeJsonValue(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return isSecretField(key) ? value : normalizeTextInput(value);
  if (Array.isArray(value)) return value.map((item) => normalizeJsonValue(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [normalizeTextInput(k), normalizeJsonValue(v, k)]));
  }
  return value;
}

/** better-auth's endpoints take JSON (or forms): text normalized the same way; malformed JSON is 400. */
export async function normalizeApiBody(raw: Buffer, contentType: string | undefined): Promise<{ body: Buffer; contentType: string | undefined }> {
  const media = mediaTypeOf(contentType);
  if (media === 'application/json') {
    if (raw.length === 0) return { body: raw, contentType };
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
    } catch {
      throw new BodyRejected(400);
    }
    return { body: Buffer.from(JSON.stringify(normalizeJsonValue(parsed))), contentType };
  }
  if (media === 'application/x-www-form-urlencoded' || media === 'multipart/form-data') return normalizeFormBody(raw, contentType);
  if (raw.length === 0) return { body: raw, contentType };
  throw new BodyRejected(415);
}
