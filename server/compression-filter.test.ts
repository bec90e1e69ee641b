import { get, type Server } from 'node:http';
import compression from 'compression';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { compressUnlessEventStream } from './compression-filter.ts';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** The app's compression in front of a page and a live stream whose second event waits for the test. */
async function serve(): Promise<{ base: string; sendSecond: () => void }> {
  let sendSecond = () => {};
  const app = express();
  app.use(compression({ filter: compressUnlessEventStream }));
  app.get('/page', (_req, res) => void res.type('text/html').send(`<p>${'dish '.repeat(500)}</p>`));
  app.get('/live', (_req, res) => {
    res.set({ 'Content-Type': 'text/event-stream; charset=utf-8' });
    res.write('id: 1\ndata: {}\n\n');
    sendSecond = () => res.end('id: 2\ndata: {}\n\n');
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  const address = server.address();
  return { base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, sendSecond: () => sendSecond() };
}

describe('the compression filter', () => {
  it('still compresses pages', async () => {
    const { base } = await serve();
    const encoding = await new Promise((resolve, reject) => {
      get(`${base}/page`, { headers: { 'accept-encoding': 'gzip, br' } }, (response) => {
        response.resume();
        resolve(response.headers['content-encoding']);
      }).on('error', reject);
    });
    expect(encoding).toBe('br');
  });

  it('sends a live stream as written, uncompressed: the first event arrives while the stream is still open', async () => {
    const { base, sendSecond } = await serve();
    const received: string[] = [];
    const ended = new Promise<{ encoding: string | undefined }>((resolve, reject) => {
      get(`${base}/live`, { headers: { 'accept-encoding': 'gzip, br' } }, (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          received.push(chunk);
          // the second event is written only once the first was read
          if (received.join('').includes('id: 1\n')) sendSecond();
        });
        response.on('end', () => resolve({ encoding: response.headers['content-encoding'] }));
      }).on('error', reject);
    });
    const { encoding } = await ended;
    expect(encoding).toBeUndefined();
    expect(received.join('')).toBe('id: 1\ndata: {}\n\nid: 2\ndata: {}\n\n');
  });
});
