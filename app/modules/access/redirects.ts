import { redirect } from 'react-router';
import { ro } from '#app/i18n/ro.ts';
import { can, type Role } from './policy.ts';

/**
 * Redirects of docs/product-spec.md sections 2 and 6. The message parameter carries the specification's Romanian text;
 * the target page shows it translated when it is one of ours.
 */
export function redirectToNotFound(message: string = ro.errors.pageNotFound): Response {
  return redirect(`/not-found?message=${encodeURIComponent(message)}`);
}

export function redirectToUnauthorized(message: string = ro.errors.pageForbidden): Response {
  return redirect(`/unauthorized?message=${encodeURIComponent(message)}`);
}

/** docs/product-spec.md section 6: a signed-out user goes to login with the full path to come back to. */
export function redirectToLogin(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** A redirect that carries the Set-Cookie values better-auth produced (sign-in, sign-out). */
export function redirectWithCookies(location: string, cookies: string[]): Response {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return redirect(location, { headers });
}

const REDIRECT_BASE = 'http://redirect-guard.invalid';
// oxlint-disable-next-line no-control-regex
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/**
 * Only a path on this site may be a redirect target: never another origin (open-redirect guard).
 * The target is parsed as a browser would (which drops tabs and newlines and reads `\` as `/`)
 * against a placeholder origin and must stay on it; anything with control characters or
 * backslashes is refused outright, and the normalized path is what is returned.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || CONTROL_OR_BACKSLASH.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE || url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a member's sign-in lands in a restaurant (issue 33 item 16): whoever works the service and
 * may not edit the menu (staff) on the orders board, everyone else on the menu editor.
 */
export function restaurantLandingPath(slug: string, role: Role): string {
  return can(role, 'orders.board') && !can(role, 'menu.edit') ? `/${slug}/admin/orders` : `/${slug}/admin`;
}
