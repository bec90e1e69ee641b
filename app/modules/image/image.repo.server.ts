import type { Kysely } from 'kysely';
import type { Database, NewStoredImage } from '#app/db/schema.ts';

/** Records one uploaded image of a restaurant (the row carries its restaurantId). */
export async function insertStoredImage(db: Kysely<Database>, row: NewStoredImage): Promise<void> {
  await db.insertInto('storedImage').values(row).execute();
}
