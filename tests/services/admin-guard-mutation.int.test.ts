import { describe, expect, it, vi } from 'vitest';
import { test } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { adminViolations } from './account-service-rows.ts';
import { createServiceWorld, type ServiceWorld } from './service-world.ts';

/**
 * The mutation an outside review made by hand (issue 24): `setUserDisabled` without its
 * `assertAdmin`. Every test of the fast leg passed with it; the back office's forged-scope checks
 * (account-services.int.test.ts, through `adminViolations`) must not. The mutation: while
 * `setUserDisabled` starts (its check is its first statement), `assertAdmin` lets anything through.
 */
const mutation = vi.hoisted(() => ({ skipAssertAdmin: false }));

vi.mock('#app/modules/access/scope.server.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('#app/modules/access/scope.server.ts')>();
  return { ...real, assertAdmin: (scope: Parameters<typeof real.assertAdmin>[0]) => (mutation.skipAssertAdmin ? undefined : real.assertAdmin(scope)) };
});

vi.mock('#app/modules/account/admin-users.service.server.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('#app/modules/account/admin-users.service.server.ts')>();
  return {
    ...real,
    setUserDisabled(...args: Parameters<typeof real.setUserDisabled>) {
      mutation.skipAssertAdmin = true;
      try {
        return real.setUserDisabled(...args);
      } finally {
        mutation.skipAssertAdmin = false;
      }
    },
  };
});

describe(`the back office's forged-scope checks catch setUserDisabled without assertAdmin on ${testDialect}`, () => {
  let world: ServiceWorld;
  test.beforeAll(async ({ database, scopes, storage, stripe }) => {
    world = await createServiceWorld(database, scopes, storage, stripe.billing);
  });

  it('reports the forged admin disabling a user, and nothing about the other services', async () => {
    const violations = await adminViolations(world);
    expect(violations).toEqual(
      expect.arrayContaining([
        "account/admin-users.service.server.ts#setUserDisabled: a forged admin scope: expected 'forbidden', got a result",
        expect.stringMatching(/^account\/admin-users\.service\.server\.ts#setUserDisabled: refused calls changed .*user/),
      ]),
    );
    expect(violations.filter((violation) => !violation.startsWith('account/admin-users.service.server.ts#setUserDisabled:'))).toEqual([]);
  });
});
