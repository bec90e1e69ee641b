import { afterAll, describe, expect, it } from 'vitest';
import { createAuth } from '#app/auth/auth.server.ts';
import { openDatabase, type DatabaseHandle } from '#app/db/connection.server.ts';
import { parseEnv } from '#app/env.server.ts';
import { withDb } from '#app/modules/access/scope.server.ts';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { addMember } from '#tests/factories/builders.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { auditActions, insertTeam, ownersOf, rolesIn } from '#tests/support/team-world.ts';
import { changeMemberRole, leaveRestaurant, removeMember, transferOwnership } from './team.service.server.ts';

/**
 * The last owner under concurrency and the transfer of ownership with the password (decision
 * 0029). On PostgreSQL the two changes run on two connection pools (two app processes); on SQLite
 * on the one connection the app has per process, where the dialect queues transactions: node:sqlite
 * is synchronous, so a second connection in this process would block the event loop while it waits
 * for the first's lock, which could then never commit.
 */

let database: TestDatabase;
let scopes: ActorScopes;
let second: DatabaseHandle | undefined;
let auth: ReturnType<typeof createAuth>;

test.beforeAll(({ database: fileDatabase, scopes: fileScopes }) => {
  database = fileDatabase;
  scopes = fileScopes;
  if (testDialect === 'postgres') second = openDatabase({ ...database.location, poolSize: 4 });
  auth = createAuth(database, parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'h'.repeat(32) }), authServices(database));
});
afterAll(() => second?.db.destroy());

/** The other process's handle (see above). */
const other = () => second?.db ?? database.db;

const db = () => database.db;
const versionOf = async (membershipId: string) => (await db().selectFrom('membership').select('updatedAt').where('id', '=', membershipId).executeTakeFirstOrThrow()).updatedAt;

describe(`two owners acting on each other at the same moment on ${testDialect}`, () => {
  it('removing each other: one removal wins, the other is refused, exactly one owner remains (ten rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const { restaurantId, mates } = await insertTeam(db(), scopes, ['owner', 'owner']);
      const [a, b] = mates;
      const results = await Promise.allSettled([removeMember(a!.scope, b!.membershipId), removeMember(withDb(b!.scope, other()), a!.membershipId)]);
      expect(
        results.filter((result) => result.status === 'fulfilled'),
        `round ${round}`,
      ).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      // the loser waited for the lock and found itself removed (or, had it counted first, the last owner)
      expect(['forbidden', 'last-owner']).toContain((refused.reason as { code?: string }).code);
      expect(await ownersOf(db(), restaurantId)).toBe(1);
      expect(await ownersOf(other(), restaurantId)).toBe(1);
      expect(await auditActions(db(), restaurantId)).toEqual(['member.remove']);
    }
  });

  it('leaving together: one leaves, the other is told they are the last owner', async () => {
    for (let round = 0; round < 5; round++) {
      const { restaurantId, mates } = await insertTeam(db(), scopes, ['owner', 'owner']);
      const results = await Promise.allSettled([leaveRestaurant(mates[0]!.scope), leaveRestaurant(withDb(mates[1]!.scope, other()))]);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(((results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason as { code?: string }).code).toBe('last-owner');
      expect(await ownersOf(db(), restaurantId)).toBe(1);
    }
  });

  it('demoting each other: one demotion wins, one owner remains', async () => {
    for (let round = 0; round < 5; round++) {
      const { restaurantId, mates } = await insertTeam(db(), scopes, ['owner', 'owner']);
      const [a, b] = mates;
      const [versionA, versionB] = [await versionOf(a!.membershipId), await versionOf(b!.membershipId)];
      const results = await Promise.allSettled([
        changeMemberRole(a!.scope, { membershipId: b!.membershipId, role: 'manager', version: versionB }),
        changeMemberRole(withDb(b!.scope, other()), { membershipId: a!.membershipId, role: 'manager', version: versionA }),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(await ownersOf(db(), restaurantId)).toBe(1);
      expect((await rolesIn(db(), restaurantId)).map((row) => row.role).sort()).toEqual(['manager', 'owner']);
    }
  });
});

describe(`transferring ownership on ${testDialect}`, () => {
  /** An owner with a real password (better-auth's sign-up) and the members of `roles`. */
  async function ownerWithPassword(roles: ('manager' | 'editor' | 'staff')[]) {
    const email = `owner-${Math.random().toString(36).slice(2, 10)}@transfer.example`;
    const signedUp = await auth.api.signUpEmail({ body: { email, password: 'parola-buna-1', name: 'Ana' } });
    const team = await insertTeam(db(), scopes, roles);
    await addMember(db(), team.restaurantId, signedUp.user.id, 'owner');
    const membershipId = (await db().selectFrom('membership').select('id').where('userId', '=', signedUp.user.id).executeTakeFirstOrThrow()).id;
    return { ...team, owner: { userId: signedUp.user.id, membershipId, scope: scopes.owner(team.restaurantId, { id: signedUp.user.id, email }) } };
  }

  it('makes the member owner and the owner manager, audited; a wrong password changes nothing', async () => {
    const { restaurantId, mates, owner } = await ownerWithPassword(['editor']);
    const before = await rolesIn(db(), restaurantId);
    await expect(transferOwnership(owner.scope, auth, { membershipId: mates[0]!.membershipId, password: 'not-the-password' })).rejects.toMatchObject({
      code: 'password-wrong',
      field: 'password',
    });
    expect(await rolesIn(db(), restaurantId)).toEqual(before);
    expect(await transferOwnership(owner.scope, auth, { membershipId: mates[0]!.membershipId, password: 'parola-buna-1' })).toEqual({ email: mates[0]!.email });
    const after = new Map((await rolesIn(db(), restaurantId)).map((row) => [row.userId, row.role]));
    expect(after.get(mates[0]!.userId)).toBe('owner');
    expect(after.get(owner.userId)).toBe('manager');
    expect(await auditActions(db(), restaurantId)).toEqual(['member.transfer-ownership']);
    // the old owner's scope still says owner: the transaction reads the role as it is now
    await expect(transferOwnership(owner.scope, auth, { membershipId: mates[0]!.membershipId, password: 'parola-buna-1' })).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('counts every try against the owner’s password checks: after five wrong ones even the right one waits', async () => {
    const { restaurantId, mates, owner } = await ownerWithPassword(['staff']);
    for (let i = 0; i < 5; i++)
      await expect(transferOwnership(owner.scope, auth, { membershipId: mates[0]!.membershipId, password: `guess-${i}` })).rejects.toMatchObject({ code: 'password-wrong' });
    await expect(transferOwnership(owner.scope, auth, { membershipId: mates[0]!.membershipId, password: 'parola-buna-1' })).rejects.toMatchObject({ code: 'password-attempts' });
    expect(await ownersOf(db(), restaurantId)).toBe(1);
    expect(await auditActions(db(), restaurantId)).toEqual([]);
  });

  it('is an owner’s alone: a manager, an editor and staff are refused before any password check; not to oneself', async () => {
    const { restaurantId, mates, owner } = await ownerWithPassword(['manager', 'editor', 'staff']);
    for (const mate of mates) {
      await expect(transferOwnership(mate.scope, auth, { membershipId: mates[0]!.membershipId, password: 'x' })).rejects.toMatchObject({ code: 'forbidden' });
    }
    await expect(transferOwnership(owner.scope, auth, { membershipId: owner.membershipId, password: 'parola-buna-1' })).rejects.toMatchObject({ code: 'invalid-input' });
    // no password check was counted for the refused members
    expect(
      await db()
        .selectFrom('rateCounter')
        .select('key')
        .where(
          'key',
          'in',
          mates.map((mate) => `password:${mate.userId}`),
        )
        .execute(),
    ).toEqual([]);
    expect(await ownersOf(db(), restaurantId)).toBe(1);
  });
});
