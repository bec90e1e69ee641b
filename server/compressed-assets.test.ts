import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { compressedAssets } from './compressed-assets.ts';

let server: Server | undefined;
let dir: string | undefined;
afterEach(() => {
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The bytes on the wire (fetch would decompress them) with the headers. */
function rawGet(url: string, encoding: string): Promise<{ status: number; body: Buffer; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: response.headers }));
    }).on('error', reject);
  });
}

async function serve(): Promise<{ base: string; css: string }> {
  dir = mkdtempSync(join(tmpdir(), 'bucate-assets-'));
  const css = `.dish{display:flex}\n${Array.from({ length: 400 }, (_, n) => `.c${n}{margin:${n}px}`).join('\n')}`;
  writeFileSync(join(dir, 'app-abc123.css'), css);
  const app = express();
  app.use('/assets', compressedAssets(dir));
  app.use('/assets', express.static(dir));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  const address = server.address();
  return { base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/assets`, css };
}

describe('compressed build assets', () => {
  it('answers the first request as the static files do, then from memory at maximum compression', async () => {
    const { base, css } = await serve();
    const first = await rawGet(`${base}/app-abc123.css`, 'br, gzip');
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.body.toString()).toBe(css);

    await expect.poll(async () => (await rawGet(`${base}/app-abc123.css`, 'br, gzip')).headers['content-encoding']).toBe('br');
    const br = await rawGet(`${base}/app-abc123.css`, 'br, gzip');
    expect(br.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(css);
    expect(br.body.length).toBeLessThan(css.length / 4);

    const gz = await rawGet(`${base}/app-abc123.css`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(css);

    // a client that accepts neither gets the file itself
    const plain = await rawGet(`${base}/app-abc123.css`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(css);
  });

  it('leaves missing files and other names to the next handler', async () => {
    const { base } = await serve();
    expect((await rawGet(`${base}/missing-1.css`, 'br')).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await rawGet(`${base}/missing-1.css`, 'br')).status).toBe(404);
    expect((await rawGet(`${base}/..%2Fsecret.css`, 'br')).status).toBe(404);
  });
});
