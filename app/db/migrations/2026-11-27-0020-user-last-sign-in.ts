import type { Kysely } from 'kysely';

/**
 * When each user last signed in (password, e-mail link or Google), written by the auth
 * configuration whenever it creates a session. The back office read it from the live sessions,
 * so it said "never" once a user signed out or was disabled. Filled here from the sessions that
 * still exist; users without one stay unknown (null).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').addColumn('lastSignInAt', 'timestamptz').execute();
  await db
    .updateTable('user')
    .set((eb) => ({
      lastSignInAt: eb
        .selectFrom('session')
        .select((s) => s.fn.max('session.createdAt').as('lastAt'))
        .whereRef('session.userId', '=', 'user.id'),
    }))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('lastSignInAt').execute();
}
