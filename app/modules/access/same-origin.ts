/**
 * Cross-site request forgery guard for every state-changing request (server/react-router-handler.ts)
 * and for resource-route actions (React Router checks the Origin of document and `.data` actions
 * itself, not of resource routes). The rule is React Router's: a request whose Origin names another
 * origin than the request URL is refused; with no Origin header (older browsers, scripts) the
 * browser's Sec-Fetch-Site, when sent, must say same-origin.
 *
 * `Origin: null` is what a browser sends for one of our own forms when the page's referrer policy
 * is `no-referrer` (the Fetch standard's "serialize a request origin"), and also what a sandboxed
 * frame or a `data:` page on another site sends: alone it proves nothing, so it passes only with
 * `Sec-Fetch-Site: same-origin`, a header no page can set (a cross-site form says `cross-site`).
 */
export function isSameOriginRequest(request: Request): boolean {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  if (origin === 'null') return site === 'same-origin';
  if (origin !== null) {
    try {
      return new URL(origin).origin === new URL(request.url).origin;
    } catch {
      return false;
    }
  }
  return site === null || site === 'same-origin' || site === 'none';
}

/** Throws a 403 response unless the request comes from one of our own pages. */
export function requireSameOrigin(request: Request): void {
  if (!isSameOriginRequest(request)) throw new Response('Forbidden', { status: 403 });
}
