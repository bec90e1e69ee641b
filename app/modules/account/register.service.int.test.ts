import { describe, expect, it } from 'vitest';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { createAuth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalDiskStorage } from '#app/modules/image/storage.server.ts';
import { RestaurantSettingsInput } from '#app/modules/restaurant-settings/restaurant-settings.schema.ts';
import { getRestaurantSettings, updateRestaurantSettings } from '#app/modules/restaurant-settings/restaurant-settings.service.server.ts';
import { settingsFormValues } from '#app/modules/restaurant-settings/settings-form.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { registerRestaurantOwner } from './register.service.server.ts';
import { signInWithPassword } from './sign-in.service.server.ts';

describe(`registration and sign-in on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  let auth: ReturnType<typeof createAuth>;
  const headers = new Headers();
  test.beforeAll(({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
    auth = createAuth(database, parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'z'.repeat(32) }), authServices(database));
  });

  it('creates the owner, the restaurant with its slug and trial, and signs the owner in', async () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    const result = await registerRestaurantOwner(auth, database.db, { email: 'ana@tara.example', password: 'secret-123', restaurantName: 'Țară și Mare' }, headers, now);
    if (!result.ok) throw new Error(result.error);
    expect(result.slug).toBe(`tara-si-mare-${now.getTime()}`);
    expect(result.cookies.some((c) => c.includes('session_token'))).toBe(true);
    const restaurant = await database.db.selectFrom('restaurant').selectAll().where('id', '=', result.restaurantId).executeTakeFirstOrThrow();
    const trialEnd = new Date(now.getTime() + 60 * 24 * 3600 * 1000).toISOString();
    expect(restaurant).toMatchObject({ productsCount: 0, planKind: 'trial', proUntil: null, publishedUntil: trialEnd, ownerLocale: 'ro' });
    const subscriptions = await database.db.selectFrom('subscription').selectAll().where('restaurantId', '=', result.restaurantId).execute();
    expect(subscriptions).toMatchObject([{ kind: 'trial', status: 'active', plan: 'free', startsAt: now.toISOString(), endsAt: trialEnd }]);
    const audit = await database.db.selectFrom('auditEvent').selectAll().where('restaurantId', '=', result.restaurantId).execute();
    expect(audit).toMatchObject([{ action: 'subscription.start-trial', actorType: 'user', actorId: result.userId, actorEmail: 'ana@tara.example' }]);
    const user = await database.db.selectFrom('user').selectAll().where('id', '=', result.userId).executeTakeFirstOrThrow();
    // the trial is the person's (decision 0029): a further restaurant of theirs shares it
    expect(user).toMatchObject({ role: 'restaurant', lastRestaurantId: result.restaurantId, email: 'ana@tara.example', trialEndsAt: trialEnd });
    expect(await database.db.selectFrom('membership').select(['userId', 'role']).where('restaurantId', '=', result.restaurantId).execute()).toEqual([
      { userId: result.userId, role: 'owner' },
    ]);
  });

  it('gives a 60-character name a slug the settings form accepts, so the first settings save works (Hardening item 8)', async () => {
    const restaurantName = 'Restaurantul Tradițional „La Bunica Ștefania” din Făgăraș ȚȚ';
    expect(restaurantName).toHaveLength(60);
    const result = await registerRestaurantOwner(auth, database.db, { email: 'lung@tara.example', password: 'secret-123', restaurantName }, headers);
    if (!result.ok) throw new Error(result.error);
    expect(result.slug.length).toBeLessThanOrEqual(60);
    // the settings form as its loader fills it, posted back unchanged
    const scope = scopes.owner(result.restaurantId);
    const loaded = await getRestaurantSettings(scope);
    const values = settingsFormValues(loaded);
    const parsed = RestaurantSettingsInput.safeParse({ ...values, openingHours: undefined });
    expect(parsed.error?.issues ?? []).toEqual([]);
    const uploads = mkdtempSync(join(tmpdir(), 'bucate-register-'));
    try {
      expect(await updateRestaurantSettings(scope, createLocalDiskStorage(uploads), parsed.data!, loaded.settingsVersion)).toEqual({ slug: result.slug });
    } finally {
      rmSync(uploads, { recursive: true, force: true });
    }
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
