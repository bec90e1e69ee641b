/**
 * One Content-Security-Policy for the whole site: only our own origin, plus a per-response nonce
 * for the inline scripts React Router writes on hydrated pages. The guest menu has no inline
 * script, so its cached copies are served with the nonce-less policy.
 */
export function cspDirectives(nonce: string | null, https: boolean, imageOrigin: string | null = null, formOrigins: readonly string[] = []): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': nonce ? ["'self'", `'nonce-${nonce}'`] : ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // plus the bucket's origin when images live in S3-compatible storage
    'img-src': ["'self'", 'data:', 'blob:', ...(imageOrigin ? [imageOrigin] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // plus Stripe's hosted pages where card payments are configured: the checkout and portal
    // buttons post to us and we redirect there, which form-action governs too
    'form-action': ["'self'", ...formOrigins],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export function serializeCsp(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join(';');
}

/** The static headers helmet sets, for responses served without going through Express. */
export function staticSecurityHeaders(https: boolean, imageOrigin: string | null = null): Record<string, string> {
  return {
    'Content-Security-Policy': serializeCsp(cspDirectives(null, https, imageOrigin)),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
