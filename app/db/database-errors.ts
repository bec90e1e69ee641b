/**
 * Whether an error means "the database cannot be reached right now" rather than "this query is
 * wrong": a PostgreSQL connection cut (pg_terminate_backend, restart, failover, network), a
 * server refusing connections, or SQLite busy beyond its busy_timeout. The HTTP server answers
 * these with a translated 503 in one place (server/index.ts), never a 500, and keeps serving.
 */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /connection (?:error|ended|refused|reset)/i,
  /not queryable/i,
  /timeout exceeded when trying to connect/i,
  /not currently accepting connections/i,
  /the database system is (?:starting up|shutting down|in recovery mode)/i,
  /terminating connection due to administrator command/i,
  /database is locked/i,
  /database table is locked/i,
];
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

function isUnavailableOne(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, errcode, message } = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash, cannot connect now), 53300 (too many connections)
    if (/^08...$/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300') return true;
    if (UNAVAILABLE_NODE_CODES.has(code)) return true;
  }
  // node:sqlite: SQLITE_BUSY (5) and SQLITE_LOCKED (6), with extended codes in the high bits
  if (typeof errcode === 'number' && ((errcode & 0xff) === 5 || (errcode & 0xff) === 6)) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && !seen.has(current)) {
    if (isUnavailableOne(current)) return true;
    seen.add(current);
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
