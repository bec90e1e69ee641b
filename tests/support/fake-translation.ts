import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake machine-translation service on 127.0.0.1, one per wire format the app speaks (DeepL v2,
 * Google Cloud Translation v2, LibreTranslate). It records every call, checks the key and the
 * provider's batch limit, and "translates" by writing the target language before the text and
 * upper-casing everything outside the markup the provider is told to leave alone, so a test sees
 * both that a text was translated and that a protected term came back as it was.
 */
export type WireFormat = 'deepl' | 'google' | 'libretranslate';

export interface FakeTranslatorCall {
  texts: string[];
  source: string;
  target: string;
  /** answered with an error status (set by failNext/failAfter or a limit) */
  failed: boolean;
}

export interface FakeTranslator {
  baseUrl: string;
  apiKey: string;
  calls: FakeTranslatorCall[];
  /** the next `count` requests (or every one from now on) answer with this status */
  failNext(status: number, options?: { count?: number; body?: unknown }): void;
  /** requests after the first `calls` succeed answer with `status` until cleared */
  failAfter(calls: number, status: number): void;
  clearFailures(): void;
  /** answers take this long (to test timeouts) */
  delayMs: number;
  /** rewrites each translated text before it is sent (a provider answering HTML, script, nothing…) */
  transform: ((translated: string) => string) | null;
  /** the next request is answered with this body as it is (an HTML error page, say), then normally again */
  rawNext(status: number, body: string, contentType?: string): void;
  close(): Promise<void>;
}

const LIMITS: Record<WireFormat, number> = { deepl: 50, google: 128, libretranslate: 25 };

function fakeTranslate(markup: string, target: string, protectedPattern: RegExp): string {
  let out = '';
  let last = 0;
  // markup to leave alone, and character entities (a real service keeps those as they are too)
  const untouched = new RegExp(`${protectedPattern.source}|&[a-z]+;|&#\\d+;`, 'g');
  for (const match of markup.matchAll(untouched)) {
    out += markup.slice(last, match.index).toUpperCase() + match[0];
    last = (match.index ?? 0) + match[0].length;
  }
  return `${target}: ${out}${markup.slice(last).toUpperCase()}`;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeTranslator(format: WireFormat, options: { apiKey?: string } = {}): Promise<FakeTranslator> {
  const apiKey = options.apiKey ?? `fake-${format}-key`;
  const calls: FakeTranslatorCall[] = [];
  let failures: { status: number; count: number; body?: unknown } | undefined;
  let failAfter: { calls: number; status: number } | undefined;
  let successes = 0;
  let raw: { status: number; body: string; contentType: string } | undefined;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readJson(req);
      if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      let texts: unknown;
      let source: unknown;
      let target: unknown;
      let key: string | null | undefined;
      if (format === 'deepl') {
        if (url.pathname !== '/v2/translate') return send(res, 404, { message: 'not found' });
        ({ text: texts, source_lang: source, target_lang: target } = body);
        key = req.headers.authorization?.replace(/^DeepL-Auth-Key /, '');
      } else if (format === 'google') {
        if (url.pathname !== '/language/translate/v2') return send(res, 404, { error: { code: 404 } });
        ({ q: texts, source, target } = body);
        key = url.searchParams.get('key');
      } else {
        if (url.pathname !== '/translate') return send(res, 404, { error: 'not found' });
        ({ q: texts, source, target } = body);
        key = typeof body.api_key === 'string' ? body.api_key : undefined;
      }
      if (key !== apiKey) {
        if (format === 'google') return send(res, 400, { error: { code: 400, message: 'API key not valid.', errors: [{ reason: 'keyInvalid' }] } });
        return send(res, 403, { message: 'Invalid API key' });
      }
      if (!Array.isArray(texts) || !texts.every((t) => typeof t === 'string') || typeof target !== 'string' || typeof source !== 'string') {
        return send(res, 400, { message: 'bad request' });
      }
      const call: FakeTranslatorCall = { texts: texts as string[], source, target, failed: true };
      calls.push(call);
      if (texts.length > LIMITS[format]) return send(res, 413, { message: `at most ${LIMITS[format]} texts` });
      if (failures && failures.count > 0) {
        failures.count -= 1;
        return send(res, failures.status, failures.body ?? { message: 'failure' });
      }
      if (failAfter && successes >= failAfter.calls) return send(res, failAfter.status, { message: 'failure' });
      if (raw) {
        const answer = raw;
        raw = undefined;
        res.writeHead(answer.status, { 'Content-Type': answer.contentType });
        return void res.end(answer.body);
      }
      call.failed = false;
      successes += 1;
      const lang = target.toLowerCase();
      const rewrite = (text: string) => (fake.transform ? fake.transform(text) : text);
      if (format === 'deepl') {
        return send(res, 200, { translations: (texts as string[]).map((t) => ({ detected_source_language: 'RO', text: rewrite(fakeTranslate(t, lang, /<x>\d+<\/x>/g)) })) });
      }
      const translated = (texts as string[]).map((t) => rewrite(fakeTranslate(t, lang, /<span translate="no">\d+<\/span>/g)));
      if (format === 'google') return send(res, 200, { data: { translations: translated.map((translatedText) => ({ translatedText })) } });
      return send(res, 200, { translatedText: translated });
    })().catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeTranslator = {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    calls,
    delayMs: 0,
    transform: null,
    rawNext(status, body, contentType = 'text/html') {
      raw = { status, body, contentType };
    },
    failNext(status, opts = {}) {
      failures = { status, count: opts.count ?? Number.POSITIVE_INFINITY, body: opts.body };
    },
    failAfter(count, status) {
      failAfter = { calls: count, status };
      successes = 0;
    },
    clearFailures() {
      failures = undefined;
      failAfter = undefined;
      raw = undefined;
      fake.transform = null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
