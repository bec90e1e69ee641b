import { uuidv7 } from 'uuidv7';
import { scopeRestaurantId, scopeRole, type AnyScope } from '#app/modules/access/scope.server.ts';
import { insertAuditEvent } from './audit.repo.server.ts';

export interface AuditEntry {
  /** '<entity>.<verb>', e.g. 'product.update' */
  action: string;
  target: { type: string; id?: string | null };
  before?: unknown;
  after?: unknown;
  /** the restaurant the change belongs to when the scope is not a restaurant's (an admin's grant) */
  restaurantId?: string | null;
}

const SECRET_KEY = /pass(word|wd)?$|password|token|secret|hash|apikey|cookie|authorization/i;
const MAX_SUMMARY = 4_000;

/** A copy with secret-looking keys removed and long strings cut, so the log never holds secrets. */
export function redactSummary(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string') return value.length > 300 ? `${value.slice(0, 300)}…` : value;
  if (typeof value !== 'object') return value;
  if (depth > 4) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactSummary(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEY.test(key)) continue;
    out[key] = redactSummary(item, depth + 1);
  }
  return out;
}

/**
 * An audit row's id: a UUID version 7, which begins with its millisecond and, within one process, grows with every id
 * made in the same millisecond (the library's counter). The log lists newest first by time and then by id, so two
 * changes recorded in the same millisecond (a manager's edit, then an admin's grant) keep the order they happened in;
 * random ids (version 4) ordered them by chance.
 */
export function newAuditId(): string {
  return uuidv7();
}

/**
 * Records one change in the audit log (append-only). Call it with the scope whose `db` is the
 * change's own transaction, so the row exists exactly when the change does.
 */
export async function recordAudit(scope: AnyScope, entry: AuditEntry): Promise<void> {
  let summary = JSON.stringify(redactSummary({ before: entry.before, after: entry.after }));
  if (summary.length > MAX_SUMMARY) summary = JSON.stringify({ truncated: true });
  await insertAuditEvent(scope.db, {
    id: newAuditId(),
    createdAt: new Date().toISOString(),
    actorType: scope.actor.type,
    actorId: scope.actor.id,
    actorEmail: scope.actor.type === 'user' ? scope.actor.email : null,
    actorRole: scopeRole(scope),
    restaurantId: entry.restaurantId ?? scopeRestaurantId(scope),
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id ?? null,
    summary,
    requestId: scope.requestMeta.requestId,
  });
}

/**
 * The fields an update changed, as `{ before, after }` for an audit summary: only keys of `after`
 * whose value differs from `before` (timestamps and order positions are the caller's to leave out).
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const [key, value] of Object.entries(after)) {
    if (before[key] === value) continue;
    out.before[key] = before[key] ?? null;
    out.after[key] = value ?? null;
  }
  return out;
}
