import { describe, expect, it } from 'vitest';
import { createAuth } from '#app/auth/auth.server.ts';
import { up as clearCopiedNames } from '#app/db/migrations/2026-11-28-0026-user-personal-name.ts';
import { parseEnv } from '#app/env.server.ts';
import { getTeamPage } from '#app/modules/team/team.service.server.ts';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { addMember, insertRestaurant } from '#tests/factories/builders.ts';
import { test, type ActorScopes, type TestDb } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { insertTeam, insertUser } from '#tests/support/team-world.ts';
import { changeOwnName } from './account-name.service.server.ts';
import { registerRestaurantOwner } from './register.service.server.ts';

/**
 * A person's name is their own (issue 33 item 15): registration stored the restaurant's name as
 * the owner's, so the team list and the invitations called the owner by their restaurant.
 */
let db: TestDb;
let scopes: ActorScopes;
let auth: ReturnType<typeof createAuth>;
test.beforeAll(({ database, scopes: fileScopes }) => {
  db = database.db;
  scopes = fileScopes;
  auth = createAuth(database, parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'n'.repeat(32) }), authServices(database));
});

const nameOf = async (userId: string) => (await db.selectFrom('user').select('name').where('id', '=', userId).executeTakeFirstOrThrow()).name;
const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@name.example`;

describe(`a person's own name on ${testDialect}`, () => {
  it("registration keeps the restaurant's name for the restaurant: the owner is their name, or their address until they give one", async () => {
    const email = unique('fara-nume');
    const without = await registerRestaurantOwner(auth, db, { email, password: 'secret-123', restaurantName: 'Casa Albă' }, new Headers());
    if (!without.ok) throw new Error(without.error);
    expect(await nameOf(without.userId)).toBe('');
    const team = await getTeamPage(scopes.member(without.restaurantId, 'owner', { id: without.userId, email }), 'ro');
    expect(team.members.map((member) => member.name)).toEqual([email]);

    const named = await registerRestaurantOwner(auth, db, { email: unique('ana'), password: 'secret-123', restaurantName: 'Casa Verde', name: 'Ana Pop' }, new Headers());
    if (!named.ok) throw new Error(named.error);
    expect(await nameOf(named.userId)).toBe('Ana Pop');
  });

  it('the account page changes it, audited; a name too short, too long or missing is refused and changes nothing', async () => {
    const { restaurantId, mates } = await insertTeam(db, scopes, ['owner', 'staff']);
    const staff = mates[1]!;
    const before = await nameOf(staff.userId);
    for (const bad of ['', ' A ', 'x'.repeat(101), undefined, 42]) {
      expect(await changeOwnName(staff.scope, { name: bad })).toEqual({ ok: false, error: 'name-required' });
    }
    expect(await nameOf(staff.userId)).toBe(before);
    expect(await changeOwnName(staff.scope, { name: '  Ion Ionescu ' })).toEqual({ ok: true, name: 'Ion Ionescu' });
    expect(await nameOf(staff.userId)).toBe('Ion Ionescu');
    const audit = await db
      .selectFrom('auditEvent')
      .select(['action', 'actorId', 'summary'])
      .where('restaurantId', '=', restaurantId)
      .where('action', '=', 'account.name-change')
      .execute();
    expect(audit).toMatchObject([{ actorId: staff.userId }]);
    expect(JSON.parse(audit[0]!.summary)).toEqual({ before: { name: before }, after: { name: 'Ion Ionescu' } });
    // what the team sees
    const team = await getTeamPage(mates[0]!.scope, 'ro');
    expect(team.members.find((member) => member.email === staff.email)?.name).toBe('Ion Ionescu');
  });

  it("the migration clears only a password account's name that is still the name of a restaurant it owns", async () => {
    const restaurant = await insertRestaurant(db, { name: 'Hanul Vechi' });
    const now = new Date().toISOString();
    const person = async (label: string, name: string, role: 'owner' | 'staff', credential: boolean) => {
      const id = await insertUser(db, { email: unique(label), name });
      await addMember(db, restaurant.id, id, role);
      if (credential)
        await db
          .insertInto('account')
          .values({
            id: `acc-${id}`,
            accountId: id,
            providerId: 'credential',
            userId: id,
            accessToken: null,
            refreshToken: null,
            idToken: null,
            scope: null,
            password: 'hash',
            createdAt: now,
            updatedAt: now,
          })
          .execute();
      return id;
    };
    const copied = await person('copied', 'Hanul Vechi', 'owner', true);
    const ownName = await person('own', 'Maria Stan', 'owner', true);
    const google = await person('google', 'Hanul Vechi', 'owner', false);
    const staff = await person('staff', 'Hanul Vechi', 'staff', true);
    await clearCopiedNames(db);
    expect(await nameOf(copied)).toBe('');
    expect(await nameOf(ownName)).toBe('Maria Stan');
    expect(await nameOf(google)).toBe('Hanul Vechi');
    expect(await nameOf(staff)).toBe('Hanul Vechi');
    expect((await db.selectFrom('restaurant').select('name').where('id', '=', restaurant.id).executeTakeFirstOrThrow()).name).toBe('Hanul Vechi');
  });
});
