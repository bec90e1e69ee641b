import { assertAdmin, type AdminScope } from '#app/modules/access/scope.server.ts';
import { FORMULA_START } from '#app/modules/text/spreadsheet-cell.ts';
import { PAGE_SIZE, type Page } from './backoffice.types.ts';
import { countAudit, listAuditActions, listAuditPage, type AuditLogFilter } from './audit-log.repo.server.ts';

export type { AuditLogFilter };

export interface AuditLogRow {
  id: string;
  createdAt: string;
  actorType: string;
  actor: string;
  /** the role a member acted in (owner, manager, editor, staff); null for admins, the system and rows older than roles */
  actorRole: string | null;
  restaurantId: string | null;
  restaurantName: string | null;
  action: string;
  target: string;
  summary: string;
  requestId: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day (YYYY-MM-DD) as the ISO moment it starts (UTC); undefined for anything else, e.g. 2026-02-30 or 2026-13-01. */
function dayStart(day: string): string | undefined {
  if (!DAY.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(start.getTime()) && start.toISOString().startsWith(day) ? start.toISOString() : undefined;
}

/**
 * The log's date filter from the form's days (whole UTC days, `to` inclusive): a day that is not a
 * real calendar day is dropped (and not shown back), as is an end past year 9999, which ISO strings
 * cannot compare.
 */
export function auditDays(fromText: string, toText: string): { fromDay: string; toDay: string; from?: string; to?: string } {
  const from = dayStart(fromText);
  const toStart = dayStart(toText);
  const next = toStart ? new Date(Date.parse(toStart) + DAY_MS).toISOString() : undefined;
  return { fromDay: from ? fromText : '', toDay: toStart ? toText : '', from, to: next && /^\d{4}-/.test(next) ? next : undefined };
}

/** The filter of the log page and its CSV export, from the query string (dates are whole UTC days, `to` inclusive: auditDays). */
export function auditFilterOf(params: URLSearchParams): AuditLogFilter & { fromDay: string; toDay: string } {
  const text = (name: string) => (params.get(name) ?? '').trim().slice(0, 200);
  return {
    actor: text('actor') || undefined,
    restaurantId: text('restaurant') || undefined,
    action: text('action') || undefined,
    ...auditDays(text('from'), text('to')),
  };
}

/** The most rows one export holds (newest first); a narrower filter gets older ones. */
export const AUDIT_EXPORT_LIMIT = 50_000;

function rowOf(event: Awaited<ReturnType<typeof listAuditPage>>[number]): AuditLogRow {
  return {
    id: event.id,
    createdAt: event.createdAt,
    actorType: event.actorType,
    actor: event.actorEmail ?? event.actorId,
    actorRole: event.actorRole,
    restaurantId: event.restaurantId,
    restaurantName: event.restaurantName,
    action: event.action,
    target: event.targetId ? `${event.targetType}:${event.targetId}` : event.targetType,
    summary: event.summary,
    requestId: event.requestId,
  };
}

/** Every admin, owner and system change, newest first, filtered; one page at a time. */
export async function listAuditLog(scope: AdminScope, filter: AuditLogFilter, pageNumber: number): Promise<Page<AuditLogRow> & { actions: string[] }> {
  assertAdmin(scope);
  const [total, actions] = await Promise.all([countAudit(scope.db, filter), listAuditActions(scope.db)]);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, pageNumber), pageCount);
  const rows = await listAuditPage(scope.db, filter, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return { items: rows.map(rowOf), total, page, pageCount, actions };
}

/** One CSV field: quoted when needed, and a would-be formula neutralised as the menu export does (FORMULA_START). */
export function csvField(value: string | null): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The filtered log as CSV (UTF-8 with a BOM, so spreadsheets read the diacritics), newest first.
 * The role a member acted in is its own column (`actorRole`, the role's id: owner, manager, editor,
 * staff; empty for admins and the system), beside the actor.
 */
export async function exportAuditLogCsv(scope: AdminScope, filter: AuditLogFilter): Promise<string> {
  assertAdmin(scope);
  const rows = (await listAuditPage(scope.db, filter, { limit: AUDIT_EXPORT_LIMIT, offset: 0 })).map(rowOf);
  const header = ['createdAt', 'actorType', 'actor', 'actorRole', 'restaurantId', 'restaurantName', 'action', 'target', 'summary', 'requestId'];
  const lines = rows.map((row) =>
    [row.createdAt, row.actorType, row.actor, row.actorRole, row.restaurantId, row.restaurantName, row.action, row.target, row.summary, row.requestId].map(csvField).join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
