import { describe, expect, it } from 'vitest';
import { isSameOriginRequest, requireSameOrigin } from './same-origin.ts';

const post = (headers: Record<string, string>) => new Request('https://bucate.example/la-mama/admin/images', { method: 'POST', headers });

describe('isSameOriginRequest (CSRF guard of resource-route actions)', () => {
  it('accepts our own origin, and requests that carry no origin at all', () => {
    expect(isSameOriginRequest(post({ origin: 'https://bucate.example' }))).toBe(true);
    expect(isSameOriginRequest(post({ 'sec-fetch-site': 'same-origin' }))).toBe(true);
    expect(isSameOriginRequest(post({}))).toBe(true);
  });

  it('accepts an opaque origin only when the browser itself says the form is ours (a no-referrer page)', () => {
    // what Chromium sends for a form of a page with `Referrer-Policy: no-referrer` (issue 33 item 9)
    expect(isSameOriginRequest(post({ origin: 'null', 'sec-fetch-site': 'same-origin' }))).toBe(true);
    // a sandboxed frame or a data: page elsewhere: opaque, and the browser says so
    for (const site of ['cross-site', 'same-site', 'none']) expect(isSameOriginRequest(post({ origin: 'null', 'sec-fetch-site': site })), site).toBe(false);
    // a browser that sends no Sec-Fetch-Site cannot prove it
    expect(isSameOriginRequest(post({ origin: 'null' }))).toBe(false);
  });

  it('refuses another site, a sibling subdomain, another scheme or port, and an opaque origin', () => {
    for (const origin of ['https://evil.example', 'https://menu.bucate.example', 'http://bucate.example', 'https://bucate.example:8443', 'null', 'not a url']) {
      expect(isSameOriginRequest(post({ origin })), origin).toBe(false);
    }
    expect(isSameOriginRequest(post({ 'sec-fetch-site': 'cross-site' }))).toBe(false);
    expect(isSameOriginRequest(post({ 'sec-fetch-site': 'same-site' }))).toBe(false);
  });

  it('throws a 403 response for a forged request', () => {
    let thrown: unknown;
    try {
      requireSameOrigin(post({ origin: 'https://evil.example' }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
  });
});
