import { assertAdmin, withDb, type AdminScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { PAGE_SIZE, type Page } from './backoffice.types.ts';
import { countMessages, countUnreadMessages, deleteMessage, findMessage, listMessagesPage, markMessagesRead, writeMessageHandled } from './messages.repo.server.ts';

export interface InboxMessage {
  id: string;
  name: string;
  email: string;
  restaurantName: string | null;
  message: string;
  locale: string;
  createdAt: string;
  /** unread until an admin has had it on screen once */
  unread: boolean;
  handledAt: string | null;
}

/**
 * The contact inbox, newest first: open messages (or all), searched in sender, restaurant and text.
 * The page an admin opens marks its messages read (the unread count is "not yet seen").
 */
export async function listInbox(scope: AdminScope, query: { q?: string; show: 'open' | 'all'; page: number }, now: Date = new Date()): Promise<Page<InboxMessage>> {
  assertAdmin(scope);
  const q = query.q?.trim() || undefined;
  const total = await countMessages(scope.db, q, query.show);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await listMessagesPage(scope.db, q, query.show, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  await markMessagesRead(
    scope.db,
    rows.filter((row) => row.readAt === null).map((row) => row.id),
    now.toISOString(),
  );
  return {
    items: rows.map(({ readAt, ...row }) => ({ ...row, unread: readAt === null })),
    total,
    page,
    pageCount,
  };
}

/** The number in the admin navigation. */
export function countUnread(scope: AdminScope): Promise<number> {
  assertAdmin(scope);
  return countUnreadMessages(scope.db);
}

/** Marks a message handled (or open again). */
export async function setMessageHandled(scope: AdminScope, id: string, handled: boolean, now: Date = new Date()): Promise<void> {
  assertAdmin(scope);
  await scope.db.transaction().execute(async (trx) => {
    if (!(await writeMessageHandled(trx, id, handled ? now.toISOString() : null, now.toISOString()))) throw new AppError('not-found');
    await recordAudit(withDb(scope, trx), { action: handled ? 'contact.handle' : 'contact.reopen', target: { type: 'contactMessage', id } });
  });
}

/**
 * Deletes a message for good (a GDPR erasure request). The audit row names the message's id only,
 * never its sender or text, so the erasure is not undone by the log.
 */
export async function deleteInboxMessage(scope: AdminScope, id: string): Promise<void> {
  assertAdmin(scope);
  await scope.db.transaction().execute(async (trx) => {
    const message = await findMessage(trx, id);
    if (!message || !(await deleteMessage(trx, id))) throw new AppError('not-found');
    await recordAudit(withDb(scope, trx), { action: 'contact.delete', target: { type: 'contactMessage', id } });
  });
}
