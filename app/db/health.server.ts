import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The cheapest round trip: resolves when the database answers (the load balancer's health check). */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
