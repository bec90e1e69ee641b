import { request as httpRequest } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts';
import { routeUrlPatterns } from '#tests/support/route-table.ts';
import type { TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';

/**
 * Probes of the "Hardening" issue against the built server, on the dialect under test: bodies
 * capped before they are read, wrong or broken bodies refused with a translated 4xx, bad bytes in
 * the path not found, text values normalized before any action stores them.
 */
let database: TestDatabase;
let server: BuiltServer;

test.beforeAll(async ({ database: fileDatabase }) => {
  database = fileDatabase;
  server = await startBuiltServer(database.location);
});
afterAll(async () => {
  await server?.stop();
});

const ro = {
  pageNotFound: 'Pagina nu există.',
  tooLarge: 'Cererea este prea mare.',
  unsupported: 'Formularul a fost trimis într-un format neacceptat.',
  bad: 'Cererea nu a putut fi citită.',
};

function post(path: string, body: BodyInit | undefined, headers: Record<string, string> = {}) {
  return fetch(`${server.baseUrl}${path}`, { method: 'POST', body, headers: { origin: server.baseUrl, ...headers }, redirect: 'manual' });
}

/** Sends headers announcing `declared` bytes and only a little body, then waits for the answer. */
function declareHuge(path: string, declared: number, cookie = '') {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(declared), origin: server.baseUrl, cookie },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write('email=a%40b.ro&password=');
  });
}

/** A chunked body (no Content-Length) that keeps coming past the limit. */
function chunked(path: string, totalBytes: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl } });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    let sent = 0;
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const pump = () => {
      while (sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('request bodies are capped before they are read', () => {
  it('answers 413, translated, to a declared 64 MB sign-in without reading it', async () => {
    const started = Date.now();
    const answer = await declareHuge('/login', 64 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(ro.tooLarge);
    expect(Date.now() - started).toBeLessThan(5_000);
    const english = await declareHuge('/contact', 64 * 1024 * 1024, 'lang=en');
    expect(english.status).toBe(413);
    expect(english.body).toContain('The request is too large.');
  });

  it("answers 413 to a 30 MB image upload in the upload control's shape, in both languages", async () => {
    for (const [lang, text] of [
      ['ro', 'Fișierul are 30 MB'],
      ['en', 'The file is 30 MB'],
    ] as const) {
      const form = new FormData();
      form.set('kind', 'product');
      form.set('file', new Blob([new Uint8Array(30 * 1024 * 1024)], { type: 'image/jpeg' }), 'mare.jpg');
      const response = await fetch(`${server.baseUrl}/bistro/admin/images`, { method: 'POST', body: form, headers: { origin: server.baseUrl, cookie: `lang=${lang}` } });
      expect(response.status).toBe(413);
      const body = (await response.json()) as { code: string; error: string };
      expect(body.code).toBe('image-too-large');
      expect(body.error, lang).toContain(text);
    }
  });

  it('answers 413 to a chunked body that passes the form limit', async () => {
    const answer = await chunked('/contact', 2 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(ro.tooLarge);
  });

  it('answers 413 to an upload declared over the image limit', async () => {
    const answer = await declareHuge('/bistro/admin/images', 200 * 1024 * 1024);
    expect(answer.status).toBe(413);
    // in the upload control's shape
    expect(JSON.parse(answer.body)).toEqual({ code: 'image-too-large', error: expect.stringContaining('200') });
  });
});

describe('page actions take forms only', () => {
  const routes = ['/login', '/contact', '/set-locale', '/bistro/admin/settings', '/login.data'];
  it.each(routes)('%s: JSON, text/plain and a body without type are 415; a broken multipart is 400', async (path) => {
    for (const [body, type] of [
      ['{"email":"a@b.ro"}', 'application/json'],
      ['email=a@b.ro', 'text/plain'],
    ] as const) {
      const response = await post(path, body, { 'content-type': type });
      expect(response.status, `${path} ${type}`).toBe(415);
      expect(await response.text()).toContain(ro.unsupported);
    }
    const untyped = await fetch(`${server.baseUrl}${path}`, { method: 'POST', body: new Blob(['email=a@b.ro']), headers: { origin: server.baseUrl } });
    expect(untyped.status, `${path} untyped`).toBe(415);
    const broken = await post(path, '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', { 'content-type': 'multipart/form-data; boundary=x' });
    expect(broken.status, `${path} broken multipart`).toBe(400);
    expect(await broken.text()).toContain(ro.bad);
    const english = await post(path, '{}', { 'content-type': 'application/json', cookie: 'lang=en' });
    expect(await english.text()).toContain('The form was sent in a format we do not accept.');
  });
});

describe('bad bytes', () => {
  it.each(['/%00', '/m/%00', '/bistro%00', '/%E0%A4%A', '/m/%ff', '/a%0Ab', '/login?redirect=%00', '/bistro/admin/products/%00'])('%s is not found', async (path) => {
    const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
    expect(response.status, path).toBe(404);
    expect(await response.text()).toContain(ro.pageNotFound);
  });

  it('stores text without control or bidi override characters', async () => {
    const form = new URLSearchParams({
      name: 'Ana\u0000 Pop\u202e',
      email: 'ana@example.com',
      message: 'Bun\u0007ă ziua,\r\nvreau un meniu\u2066 digital.',
    });
    const response = await post('/contact', form);
    expect(response.status).toBe(200);
    const stored = await database.db.selectFrom('contactMessage').select(['name', 'message']).executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: 'Ana Pop', message: 'Bună ziua,\nvreau un meniu digital.' });
  });

  it('keeps serving after all of the above', async () => {
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  });
});

describe('state-changing requests come from our own pages', () => {
  /** every path of the route table, parameters filled in */
  const routePaths = async () => (await routeUrlPatterns()).map((pattern) => pattern.replace(/:[^/]+/g, 'bistro').replace(/\*/g, 'x'));

  it('every route refuses a foreign Origin with 403, for every state-changing method', async () => {
    const paths = await routePaths();
    expect(paths).toContain('/logout');
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      if (path.startsWith('/api/webhooks/')) continue; // proves its caller by signature
      if (path.startsWith('/api/print/')) {
        // a printer polls from no page of ours: the token in its address is its proof (decision 0036), so a foreign
        // or missing Origin is no refusal there, and an unknown token is 401 whatever the origin
        for (const method of ['POST', 'DELETE']) {
          const response = await fetch(`${server.baseUrl}${path}`, {
            method,
            body: '{}',
            headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
            redirect: 'manual',
          });
          expect(response.status, `${method} ${path}`).toBe(401);
        }
        continue;
      }
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const response = await fetch(`${server.baseUrl}${path}`, {
          method,
          body: new URLSearchParams({ intent: 'x' }),
          headers: { origin: 'https://evil.example' },
          redirect: 'manual',
        });
        expect(response.status, `${method} ${path}`).toBe(403);
      }
      const noOrigin = await fetch(`${server.baseUrl}${path}`, { method: 'POST', body: new URLSearchParams(), headers: { 'sec-fetch-site': 'cross-site' }, redirect: 'manual' });
      expect(noOrigin.status, `cross-site POST ${path}`).toBe(403);
      // an opaque origin (a sandboxed frame, a no-referrer page) passes only as a browser's same-origin form
      for (const site of [{ 'sec-fetch-site': 'cross-site' }, {}] as Record<string, string>[]) {
        const opaque = await fetch(`${server.baseUrl}${path}`, { method: 'POST', body: new URLSearchParams(), headers: { origin: 'null', ...site }, redirect: 'manual' });
        expect(opaque.status, `opaque-origin POST ${path} ${JSON.stringify(site)}`).toBe(403);
      }
    }
  });
});
