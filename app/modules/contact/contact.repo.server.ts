import type { Insertable, Kysely } from 'kysely';
import type { ContactMessageTable, Database } from '#app/db/schema.ts';

/** Contact-form messages: platform data (no restaurant), queries only. */

/** Messages from one sender (keyed hash of the address) since a time, for the hourly limit. */
export async function countContactMessagesSince(db: Kysely<Database>, clientKey: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('contactMessage')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('clientKey', '=', clientKey)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertContactMessage(db: Kysely<Database>, row: Insertable<ContactMessageTable>): Promise<void> {
  await db.insertInto('contactMessage').values(row).execute();
}

/** Records that the team's copy went out (the first time only). */
export async function markContactMessageEmailed(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('contactMessage').set({ emailedAt: at }).where('id', '=', id).where('emailedAt', 'is', null).execute();
}
