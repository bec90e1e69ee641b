import { describe, expect, it } from 'vitest';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { createAuth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { createOrPromoteAdmin } from './admin-accounts.server.ts';

describe(`admin accounts on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  let auth: ReturnType<typeof createAuth>;
  const sent: string[] = [];
  test.beforeAll(({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
    auth = createAuth(
      database,
      parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'a'.repeat(32) }),
      authServices(database, {
        deliverInstead: { send: async (mail) => void sent.push(mail.text) },
      }),
    );
  });

  it('creates an admin without a password, who can sign in with a one-time link', async () => {
    const { created, userId } = await createOrPromoteAdmin(systemScope(database.db, 'script:admin-create'), auth, 'boss@example.com');
    expect(created).toBe(true);
    const user = await database.db.selectFrom('user').select(['role']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user.role).toBe('admin');
    const accounts = await database.db.selectFrom('account').select('id').where('userId', '=', userId).execute();
    expect(accounts).toEqual([]);
    await auth.api.signInMagicLink({ body: { email: 'boss@example.com', callbackURL: '/admin' }, headers: new Headers() });
    expect(sent.at(-1)).toMatch(/magic-link\/verify\?token=\w+/);
  });

  it('refuses a scope that claims to be an admin but is not', async () => {
    await expect(createOrPromoteAdmin(scopes.forgedAdmin(), auth, 'sneaky@example.com')).rejects.toMatchObject({ code: 'forbidden' });
    expect(await database.db.selectFrom('user').select('id').where('email', '=', 'sneaky@example.com').execute()).toEqual([]);
  });

  it('promotes an existing user instead of creating a second one', async () => {
    await auth.api.signUpEmail({ body: { email: 'owner@example.com', password: 'secret-123', name: 'Owner' } });
    const { created, userId } = await createOrPromoteAdmin(systemScope(database.db, 'script:admin-create'), auth, 'owner@example.com');
    expect(created).toBe(false);
    const users = await database.db.selectFrom('user').select(['id', 'role']).where('email', '=', 'owner@example.com').execute();
    expect(users).toEqual([{ id: userId, role: 'admin' }]);
    const audit = await database.db.selectFrom('auditEvent').select(['action', 'actorId']).where('targetId', '=', userId).execute();
    expect(audit).toEqual([{ action: 'user.promote', actorId: 'script:admin-create' }]);
  });
});
