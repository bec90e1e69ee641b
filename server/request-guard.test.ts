import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyKindOf, countingBody, normalizeTextInput } from './request-guard.ts';

let server: Server | undefined;
afterEach(() => server?.close());

describe('countingBody', () => {
  it('hands on a large body byte for byte', async () => {
    const payload = randomBytes(5 * 1024 * 1024 + 123);
    server = createServer(async (req, res) => {
      const { stream } = countingBody(req, 10 * 1024 * 1024);
      const received = Buffer.from(await new Response(stream).arrayBuffer());
      res.end(received.equals(payload) ? 'same' : `different ${received.length}`);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const answer = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: new Uint8Array(payload) });
    expect(await answer.text()).toBe('same');
  });
});

describe('normalizeTextInput', () => {
  it('drops C0 controls but tab and newline, turns CR into LF, drops bidi overrides', () => {
    expect(normalizeTextInput('a\u0000b\tc\r\nd\re\u0007\u001b\u007f\u202ef\u2066g\u2069')).toBe('ab\tc\nd\nefg');
  });
});

describe('bodyKindOf', () => {
  it('treats the image upload and the menu import file as uploads, every other admin post as a form', () => {
    expect(bodyKindOf('/bistro/admin/images')).toBe('upload');
    expect(bodyKindOf('/bistro/admin/import/file')).toBe('upload');
    expect(bodyKindOf('/bistro/admin/import')).toBe('form');
    expect(bodyKindOf('/bistro/admin/settings')).toBe('form');
  });
});
