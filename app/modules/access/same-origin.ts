/**
 * Cross-site request forgery guard for resource-route actions. React Router checks the Origin
 * header of document and `.data` actions itself, but not of resource routes (a route module
 * without a component), so those call this. The rule is React Router's: a request whose Origin
 * names another origin than the request URL is refused; with no Origin header (older browsers,
 * scripts) the browser's Sec-Fetch-Site, when sent, must say same-origin.
 */
export function isSameOriginRequest(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) {
    if (origin === 'null') return false;
    try {
      return new URL(origin).origin === new URL(request.url).origin;
    } catch {
      return false;
    }
  }
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

/** Throws a 403 response unless the request comes from one of our own pages. */
export function requireSameOrigin(request: Request): void {
  if (!isSameOriginRequest(request)) throw new Response('Forbidden', { status: 403 });
}
