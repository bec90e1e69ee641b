import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { registerRestaurantOwner } from './register.service.server.ts';
import { signInWithPassword } from './sign-in.service.server.ts';

describe(`registration and sign-in on ${testDialect}`, () => {
  let database: TestDatabase;
  let auth: ReturnType<typeof createAuth>;
  const headers = new Headers();
  beforeAll(async () => {
    database = await createTestDatabase();
    auth = createAuth(database, parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'z'.repeat(32) }));
  });
  afterAll(() => database.cleanup());

  it('creates the owner, the restaurant with its slug and trial, and signs the owner in', async () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    const result = await registerRestaurantOwner(
      auth,
      database.db,
      { email: 'ana@tara.example', password: 'secret-123', restaurantName: 'Țară și Mare' },
      headers,
      now,
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.slug).toBe(`tara-si-mare-${now.getTime()}`);
    expect(result.cookies.some((c) => c.includes('session_token'))).toBe(true);
    const restaurant = await database.db.selectFrom('restaurant').selectAll().where('id', '=', result.restaurantId).executeTakeFirstOrThrow();
    expect(restaurant).toMatchObject({ ownerId: result.userId, plan: 'free', isPro: 0, productsCount: 0, trialStartDate: now.toISOString() });
    const user = await database.db.selectFrom('user').selectAll().where('id', '=', result.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'restaurant', restaurantId: result.restaurantId, email: 'ana@tara.example' });
  });

  it('refuses a second account with the same e-mail and creates nothing', async () => {
    const before = await database.db.selectFrom('restaurant').select('id').execute();
    const result = await registerRestaurantOwner(auth, database.db, { email: 'ana@tara.example', password: 'other-123', restaurantName: 'Altul' }, headers);
    expect(result).toEqual({ ok: false, error: 'email-already-in-use' });
    expect(await database.db.selectFrom('restaurant').select('id').execute()).toHaveLength(before.length);
  });

  it('signs in with the right password and gives one answer for a wrong password or an unknown e-mail', async () => {
    expect((await signInWithPassword(auth, { email: 'ana@tara.example', password: 'secret-123' }, headers)).ok).toBe(true);
    expect(await signInWithPassword(auth, { email: 'ana@tara.example', password: 'wrong-123' }, headers)).toEqual({ ok: false, error: 'invalid-credential' });
    expect(await signInWithPassword(auth, { email: 'nobody@tara.example', password: 'wrong-123' }, headers)).toEqual({ ok: false, error: 'invalid-credential' });
  });
});
