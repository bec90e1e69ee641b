import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { callAuthEndpoint, createAuth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import type { SessionUser } from '#app/modules/access/access.server.ts';
import { createLocalDiskStorage } from '#app/modules/image/storage.server.ts';
import { addMember, buildCategory, buildLocation, buildProduct } from '#tests/factories/builders.ts';
import { insertGuestOrder, insertReservation } from '#tests/factories/insight-orders.ts';
import { insertUser } from '#tests/support/team-world.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { deleteAccount, exportAccountData } from './account-data.service.server.ts';
import { registerRestaurantOwner } from './register.service.server.ts';

describe(`account data (GDPR) on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  let auth: ReturnType<typeof createAuth>;
  let uploads: string;
  type Owner = SessionUser & { restaurantId: string };
  const owners: Owner[] = [];

  test.beforeAll(async ({ database: fileDatabase, scopes: fileScopes, uploads: fileUploads }) => {
    database = fileDatabase;
    scopes = fileScopes;
    uploads = fileUploads;
    auth = createAuth(database, parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'g'.repeat(32) }), authServices(database));
    for (const name of ['A', 'B']) {
      const result = await registerRestaurantOwner(
        auth,
        database.db,
        { email: `${name}@gdpr.example`, password: 'secret-123', restaurantName: `Restaurant ${name}` },
        new Headers(),
      );
      if (!result.ok) throw new Error(result.error);
      const location = buildLocation(result.restaurantId);
      const category = buildCategory(result.restaurantId, location.id);
      await database.db.insertInto('location').values(location).execute();
      await database.db.insertInto('category').values(category).execute();
      await database.db
        .insertInto('product')
        .values(buildProduct(result.restaurantId, category.id, { nameRo: `Ciorbă ${name}` }))
        .execute();
      await createLocalDiskStorage(uploads).put(`restaurants/${result.restaurantId}/logo.jpg`, Buffer.from('x'), 'image/jpeg');
      owners.push({ id: result.userId, email: `${name.toLowerCase()}@gdpr.example`, name, role: 'restaurant', restaurantId: result.restaurantId, emailVerified: false });
    }
  });
  const owner = (user: Owner) => scopes.owner(user.restaurantId, { id: user.id, email: user.email });
  /**
   * The time a test gets for the password work it waits for: each hash or check is one scrypt
   * derivation (better-auth: N=16384, r=16, 32 MB), about 0.1 s on an idle core but 1.5-3 s
   * measured at a load average of 37 on the shared 2 cores, where 11 of them passed the 20 s default.
   */
  const passwordWork = (derivations: number) => ({ timeout: 10_000 + derivations * 4_000 });
  /** the account's own audit rows (registration also records the trial's start) */
  const auditOf = (user: Owner) =>
    database.db.selectFrom('auditEvent').select(['action', 'actorId', 'restaurantId', 'targetId']).where('actorId', '=', user.id).where('action', 'like', 'account.%').execute();

  it('exports the owner’s own data and menu, no secrets, nothing of another restaurant', async () => {
    const [a, b] = owners as [Owner, Owner];
    const exported = await exportAccountData(scopes.user({ id: a.id, email: a.email }));
    expect(exported.user?.email).toBe('a@gdpr.example');
    expect(exported.restaurants.map((r) => r.restaurant.id)).toEqual([a.restaurantId]);
    expect(exported.restaurants[0]?.products.map((p) => p.nameRo)).toEqual(['Ciorbă A']);
    expect(exported.memberships).toEqual([{ restaurant: 'Restaurant A', slug: expect.any(String), role: 'owner', since: expect.any(String) }]);
    const text = JSON.stringify(exported);
    expect(text).not.toContain('"password"');
    expect(text).not.toContain('"token"');
    expect(text).not.toContain(b.restaurantId);
    // a member of B who owns nothing gets B in their memberships, never B's menu
    await addMember(database.db, b.restaurantId, a.id, 'editor');
    const asEditor = await exportAccountData(scopes.user({ id: a.id, email: a.email }));
    expect(asEditor.restaurants.map((r) => r.restaurant.id)).toEqual([a.restaurantId]);
    expect(asEditor.memberships.map((m) => m.role).sort()).toEqual(['editor', 'owner']);
    await database.db.deleteFrom('membership').where('userId', '=', a.id).where('restaurantId', '=', b.restaurantId).execute();
    // a copy of a user's scope the access module did not make is refused
    await expect(exportAccountData({ ...scopes.user({ id: a.id, email: a.email }) })).rejects.toThrow();
  });

  it('says how many orders and reservations the restaurant holds and how long guests’ contact details stay, never the details (issue 25)', async () => {
    const [a] = owners as [Owner, Owner];
    const location = await database.db.selectFrom('location').select('id').where('restaurantId', '=', a.restaurantId).executeTakeFirstOrThrow();
    await insertGuestOrder(database.db, a.restaurantId, location.id, { customerName: 'Oaspete Secret', createdAt: new Date(Date.now() - 40 * 86_400_000).toISOString() });
    await insertGuestOrder(database.db, a.restaurantId, location.id);
    await insertReservation(database.db, a.restaurantId, location.id, { email: 'oaspete@example.com' });
    const exported = await exportAccountData(scopes.user({ id: a.id, email: a.email }));
    expect(exported.restaurants[0]?.ordersAndReservations).toMatchObject({
      ordersOn: false,
      reservationsOn: false,
      orders: 2,
      reservations: 1,
      ordersLast30Days: 1,
      reservationsLast30Days: 1,
      contactRetentionDays: 30,
      retention: { ro: expect.stringContaining('30 de zile'), en: expect.stringContaining('30 days') },
    });
    const text = JSON.stringify(exported);
    expect(text).not.toContain('Oaspete Secret');
    expect(text).not.toContain('oaspete@example.com');
  });

  it('exports contact messages sent from the address only once the address is verified', async () => {
    const [, b] = owners as [Owner, Owner];
    // a guest used this address on the contact form before anyone registered it
    await database.db
      .insertInto('contactMessage')
      .values({
        id: `cm-${Date.now()}`,
        name: 'Guest',
        email: b.email,
        restaurantName: null,
        message: 'Mesaj privat de la un oaspete.',
        locale: 'ro',
        emailedAt: null,
        clientKey: 'guest',
        createdAt: new Date().toISOString(),
      })
      .execute();
    const scopeOfB = () => scopes.user({ id: b.id, email: b.email });
    expect((await exportAccountData(scopeOfB())).contactMessages).toEqual([]);
    await (await auth.$context).internalAdapter.updateUser(b.id, { emailVerified: true });
    expect((await exportAccountData(scopeOfB())).contactMessages.map((m) => m.message)).toEqual(['Mesaj privat de la un oaspete.']);
  });

  it('exports invitations addressed to the account only once its address is verified; the inviter always sees those they sent', async () => {
    const [a] = owners as [Owner, Owner];
    // an owner invited an address someone then registered without proving it theirs
    const email = `invitee-${Date.now()}@gdpr.example`;
    const userId = await insertUser(database.db, { email });
    const now = new Date().toISOString();
    await database.db
      .insertInto('invitation')
      .values({
        id: `inv-${Date.now()}`,
        restaurantId: a.restaurantId,
        email,
        role: 'staff',
        tokenHash: 'h'.repeat(64),
        invitedBy: a.id,
        locale: 'ro',
        createdAt: now,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        acceptedAt: null,
        acceptedBy: null,
        revokedAt: null,
      })
      .execute();
    const invitee = () => scopes.user({ id: userId, email });
    expect((await exportAccountData(invitee())).invitations).toEqual([]);
    expect((await exportAccountData(scopes.user({ id: a.id, email: a.email }))).invitations.map((i) => i.email)).toContain(email);
    await (await auth.$context).internalAdapter.updateUser(userId, { emailVerified: true });
    expect((await exportAccountData(invitee())).invitations).toEqual([expect.objectContaining({ email, role: 'staff', restaurantName: 'Restaurant A' })]);
  });

  // registration's hash, five wrong guesses (the right one and change-password are refused before any check)
  it('limits password checks per user: after 5 wrong guesses even the right password is refused, with a wait', passwordWork(6), async () => {
    const result = await registerRestaurantOwner(auth, database.db, { email: 'guessed@gdpr.example', password: 'secret-123', restaurantName: 'Restaurant C' }, new Headers());
    if (!result.ok) throw new Error(result.error);
    const c = scopes.owner(result.restaurantId, { id: result.userId, email: 'guessed@gdpr.example' });
    for (let i = 0; i < 5; i++) expect(await deleteAccount(c, auth, createLocalDiskStorage(uploads), `guess-${i}`)).toEqual({ ok: false, error: 'invalid-credential' });
    const refused = await deleteAccount(c, auth, createLocalDiskStorage(uploads), 'secret-123');
    expect(refused).toMatchObject({ ok: false, error: 'too-many-requests' });
    expect(refused.ok === false && 'retryAfterSeconds' in refused && refused.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(await database.db.selectFrom('user').select('id').where('id', '=', result.userId).execute()).toHaveLength(1);
    // better-auth's own password checks count against the same user: change-password is refused too
    const cookie = result.cookies.map((line) => line.split(';')[0]).join('; ');
    const change = await callAuthEndpoint(auth, '/change-password', { currentPassword: 'secret-123', newPassword: 'another-secret-1' }, new Headers({ cookie }));
    expect(change.status).toBe(429);
    expect(Number(change.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  // registration's hash, four wrong guesses, and change-password's two (better-auth hashes the new password before it checks the current one)
  it('counts better-auth’s change-password checks against the user as well', passwordWork(7), async () => {
    const result = await registerRestaurantOwner(auth, database.db, { email: 'changer@gdpr.example', password: 'secret-123', restaurantName: 'Restaurant D' }, new Headers());
    if (!result.ok) throw new Error(result.error);
    const headers = new Headers({ cookie: result.cookies.map((line) => line.split(';')[0]).join('; ') });
    const d = scopes.owner(result.restaurantId, { id: result.userId, email: 'changer@gdpr.example' });
    // four wrong guesses by deleting (one derivation each) leave one check, and a wrong change-password
    // takes it: five change-passwords would cost ten derivations for the same proof
    for (let i = 0; i < 4; i++) expect(await deleteAccount(d, auth, createLocalDiskStorage(uploads), `guess-${i}`)).toEqual({ ok: false, error: 'invalid-credential' });
    const wrong = await callAuthEndpoint(auth, '/change-password', { currentPassword: 'guess-4', newPassword: 'another-secret-1' }, headers);
    expect(wrong.status).toBe(400);
    // had the change-password check not counted, this would be the fifth check and pass
    const right = await callAuthEndpoint(auth, '/change-password', { currentPassword: 'secret-123', newPassword: 'another-secret-1' }, headers);
    expect(right.status).toBe(429);
    expect(await deleteAccount(d, auth, createLocalDiskStorage(uploads), 'secret-123')).toMatchObject({ ok: false, error: 'too-many-requests' });
  });

  it('refuses to delete with a wrong password and changes nothing', async () => {
    const [a] = owners as [Owner];
    expect(await deleteAccount(owner(a), auth, createLocalDiskStorage(uploads), 'wrong-password')).toEqual({ ok: false, error: 'invalid-credential' });
    expect(await database.db.selectFrom('product').select('id').where('restaurantId', '=', a.restaurantId).execute()).toHaveLength(1);
    expect(await auditOf(a)).toEqual([]);
  });

  it('deletes the account, the restaurant, its menu and its files; the other restaurant is untouched', async () => {
    const [a, b] = owners as [Owner, Owner];
    expect(await deleteAccount(owner(a), auth, createLocalDiskStorage(uploads), 'secret-123')).toEqual({ ok: true });
    for (const table of ['location', 'category', 'product'] as const) {
      expect(await database.db.selectFrom(table).select('id').where('restaurantId', '=', a.restaurantId).execute()).toEqual([]);
    }
    expect(await database.db.selectFrom('user').select('id').where('id', '=', a.id).execute()).toEqual([]);
    expect(await database.db.selectFrom('account').select('id').where('userId', '=', a.id).execute()).toEqual([]);
    expect(existsSync(join(uploads, 'restaurants', a.restaurantId))).toBe(false);
    expect(existsSync(join(uploads, 'restaurants', b.restaurantId, 'logo.jpg'))).toBe(true);
    expect(await database.db.selectFrom('product').select('id').where('restaurantId', '=', b.restaurantId).execute()).toHaveLength(1);
    expect(await auditOf(a)).toEqual([{ action: 'account.delete', actorId: a.id, restaurantId: a.restaurantId, targetId: a.id }]);
  });

  // two registrations' hashes, two password checks
  it('keeps a restaurant that has another owner when one owner deletes their account', passwordWork(4), async () => {
    const shared = await registerRestaurantOwner(auth, database.db, { email: 'first@gdpr.example', password: 'secret-123', restaurantName: 'Restaurant E' }, new Headers());
    const second = await registerRestaurantOwner(auth, database.db, { email: 'second@gdpr.example', password: 'secret-123', restaurantName: 'Restaurant F' }, new Headers());
    if (!shared.ok || !second.ok) throw new Error('registration failed');
    await addMember(database.db, shared.restaurantId, second.userId, 'owner');
    expect(await deleteAccount(scopes.owner(shared.restaurantId, { id: shared.userId, email: 'first@gdpr.example' }), auth, createLocalDiskStorage(uploads), 'secret-123')).toEqual(
      { ok: true },
    );
    expect(await database.db.selectFrom('restaurant').select('id').where('id', '=', shared.restaurantId).execute()).toHaveLength(1);
    expect(await database.db.selectFrom('membership').select(['userId', 'role']).where('restaurantId', '=', shared.restaurantId).execute()).toEqual([
      { userId: second.userId, role: 'owner' },
    ]);
    // the second owner, now alone in both, takes both with them
    expect(
      await deleteAccount(scopes.owner(second.restaurantId, { id: second.userId, email: 'second@gdpr.example' }), auth, createLocalDiskStorage(uploads), 'secret-123'),
    ).toEqual({ ok: true });
    expect(await database.db.selectFrom('restaurant').select('id').where('id', 'in', [shared.restaurantId, second.restaurantId]).execute()).toEqual([]);
  });
});
