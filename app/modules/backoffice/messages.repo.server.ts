import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { containsPattern, like } from './search.repo.server.ts';

/** The contact inbox: the messages the contact form stored, and an admin's marks on them. */

function messagesQuery(db: Kysely<Database>, q: string | undefined, show: 'open' | 'all') {
  let query = db.selectFrom('contactMessage');
  if (show === 'open') query = query.where('handledAt', 'is', null);
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) => eb.or([like('name', pattern), like('email', pattern), like('restaurantName', pattern), like('message', pattern)]));
  }
  return query;
}

export function listMessagesPage(db: Kysely<Database>, q: string | undefined, show: 'open' | 'all', page: { limit: number; offset: number }) {
  return messagesQuery(db, q, show)
    .select(['id', 'name', 'email', 'restaurantName', 'message', 'locale', 'createdAt', 'readAt', 'handledAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countMessages(db: Kysely<Database>, q: string | undefined, show: 'open' | 'all'): Promise<number> {
  const row = await messagesQuery(db, q, show)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Messages no admin has opened yet (the number in the admin navigation). */
export async function countUnreadMessages(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('contactMessage')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findMessage(db: Kysely<Database>, id: string) {
  return db.selectFrom('contactMessage').select(['id', 'email', 'readAt', 'handledAt']).where('id', '=', id).executeTakeFirst();
}

export async function markMessagesRead(db: Kysely<Database>, ids: readonly string[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('contactMessage').set({ readAt: at }).where('id', 'in', ids).where('readAt', 'is', null).execute();
}

export async function writeMessageHandled(db: Kysely<Database>, id: string, handledAt: string | null, at: string): Promise<boolean> {
  const result = await db
    .updateTable('contactMessage')
    .set((eb) => ({ handledAt, readAt: eb.fn.coalesce('readAt', eb.val(at)) }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteMessage(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('contactMessage').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
