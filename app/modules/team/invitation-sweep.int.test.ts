import { describe, expect, it } from 'vitest';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { insertRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { db, useFileWorld } from '#tests/support/file-world.ts';
import { sweepEndedInvitations } from './invitation-sweep.server.ts';

/** Privacy: an invited address is not kept for ever once its invitation ended (the daily `team.sweep`). */
useFileWorld();

const DAY = 24 * 60 * 60 * 1000;

describe(`the sweep of ended invitations on ${testDialect}`, () => {
  it('forgets invitations used, revoked or expired over 30 days ago, and keeps open and recently ended ones', async () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
    const { id: restaurantId } = await insertRestaurant(db, { slug: 'invitatii-vechi' }, {});
    const row = (email: string, fields: { createdAt: string; expiresAt: string; acceptedAt?: string; revokedAt?: string }) => ({
      id: newId(),
      restaurantId: restaurantId!,
      email,
      role: 'editor' as const,
      tokenHash: newId(),
      invitedBy: null,
      locale: 'ro',
      acceptedAt: null,
      acceptedBy: null,
      revokedAt: null,
      ...fields,
    });
    await db
      .insertInto('invitation')
      .values([
        row('expired-long-ago@example.com', { createdAt: at(-50), expiresAt: at(-43) }),
        row('revoked-long-ago@example.com', { createdAt: at(-40), expiresAt: at(-33), revokedAt: at(-39) }),
        row('accepted-long-ago@example.com', { createdAt: at(-40), expiresAt: at(-33), acceptedAt: at(-38) }),
        row('open@example.com', { createdAt: at(-1), expiresAt: at(6) }),
        row('expired-recently@example.com', { createdAt: at(-12), expiresAt: at(-5) }),
        row('revoked-recently@example.com', { createdAt: at(-3), expiresAt: at(4), revokedAt: at(-2) }),
      ])
      .execute();

    expect(await sweepEndedInvitations(systemScope(db, 'test:team.sweep'), now)).toBe(3);
    const left = await db.selectFrom('invitation').select('email').where('restaurantId', '=', restaurantId!).orderBy('email').execute();
    expect(left.map((invitation) => invitation.email)).toEqual(['expired-recently@example.com', 'open@example.com', 'revoked-recently@example.com']);
    // a second run the same day finds nothing more
    expect(await sweepEndedInvitations(systemScope(db, 'test:team.sweep'), now)).toBe(0);
  });
});
