/**
 * Request URLs as they may be logged: tokens people carry in links (password reset, e-mail
 * verification, magic links, OAuth codes, checkout sessions) are replaced, wherever they sit.
 */
const SECRET_QUERY_PARAMS = new Set([
  'token',
  'code',
  'state',
  'session_id',
  'sessionid',
  'session',
  'key',
  'signature',
  'sig',
  'secret',
  'password',
  'otp',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'auth',
  'authorization',
]);
/** a path segment after one of these is a token */
const SECRET_PATH_BEFORE = /^(?:reset-password|verify|verify-email|magic-link|token|invite|invitation|invitatie|confirm|callback-token)$/i;
export const REDACTED = '[redacted]';

/** A path with the segments after SECRET_PATH_BEFORE replaced. */
function redactPath(path: string): string {
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (SECRET_PATH_BEFORE.test(segments[i - 1]!) && segments[i] !== '') segments[i] = REDACTED;
  }
  return segments.join('/');
}

/** A query value that is itself a path on this site (`?redirect=/invitatie/<token>`), with its secret segments replaced. */
function redactPathValue(value: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
  if (!decoded.startsWith('/')) return value;
  const queryStart = decoded.indexOf('?');
  const path = queryStart === -1 ? decoded : decoded.slice(0, queryStart);
  const redacted = redactPath(path);
  return redacted === path ? value : encodeURIComponent(redacted + (queryStart === -1 ? '' : decoded.slice(queryStart)));
}

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  let result = redactPath(queryStart === -1 ? url : url.slice(0, queryStart));
  if (queryStart !== -1) {
    const parts = url
      .slice(queryStart + 1)
      .split('&')
      .map((part) => {
        const eq = part.indexOf('=');
        const rawName = eq === -1 ? part : part.slice(0, eq);
        let name = rawName;
        try {
          name = decodeURIComponent(rawName.replace(/\+/g, ' '));
        } catch {
          // an undecodable name is kept as it came
        }
        if (eq === -1) return part;
        if (SECRET_QUERY_PARAMS.has(name.toLowerCase()) || /token|secret|password/i.test(name)) return `${rawName}=${REDACTED}`;
        return `${rawName}=${redactPathValue(part.slice(eq + 1))}`;
      });
    result += `?${parts.join('&')}`;
  }
  return result;
}
