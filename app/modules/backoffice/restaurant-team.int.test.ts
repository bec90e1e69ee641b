import { describe, expect, it } from 'vitest';
import type { InvitationTable } from '#app/db/schema.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { addMember, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { exportAuditLogCsv, listAuditLog } from './audit-log.service.server.ts';
import { getRestaurantForAdmin, grantManualPro, listRestaurantsForAdmin } from './restaurants.service.server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe(`a restaurant's team in the back office on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  test.beforeAll(({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
  });

  /** A user (better-auth's row, written raw: SQLite keeps booleans as 0/1), a member of `restaurantId` in `role` since `since`. */
  async function member(email: string, restaurantId: string, role: 'owner' | 'manager' | 'editor' | 'staff', since: string, banned = false) {
    const now = new Date().toISOString();
    const flag = (value: boolean) => (testDialect === 'sqlite' ? (value ? 1 : 0) : value) as unknown as boolean;
    const id = newId();
    await database.db
      .insertInto('user')
      .values({
        id,
        name: `Nume ${email}`,
        email,
        emailVerified: flag(true),
        image: null,
        createdAt: now,
        updatedAt: now,
        role: 'restaurant',
        banned: flag(banned),
        banReason: null,
        lastRestaurantId: restaurantId,
      })
      .execute();
    await addMember(database.db, restaurantId, id, role);
    await database.db.updateTable('membership').set({ createdAt: since }).where('userId', '=', id).where('restaurantId', '=', restaurantId).execute();
    return id;
  }

  function invitation(restaurantId: string, email: string, row: Partial<InvitationTable>): InvitationTable {
    return {
      id: newId(),
      restaurantId,
      email,
      role: 'editor',
      tokenHash: `hash-${newId()}`,
      invitedBy: null,
      locale: 'ro',
      createdAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-11-27T10:00:00.000Z',
      acceptedAt: null,
      acceptedBy: null,
      revokedAt: null,
      ...row,
    };
  }

  it('lists every member with their role and since when, and only the invitations still pending', async () => {
    const now = new Date('2026-11-25T10:00:00.000Z');
    const restaurant = await insertRestaurant(database.db, { name: 'Echipa Mare' });
    const other = await insertRestaurant(database.db, { name: 'Altă Echipă' });
    const owner = await member('prima.proprietara@example.com', restaurant.id, 'owner', '2026-01-01T08:00:00.000Z');
    const manager = await member('manager.echipa@example.com', restaurant.id, 'manager', '2026-03-01T08:00:00.000Z');
    await member('ospatar.oprit@example.com', restaurant.id, 'staff', '2026-05-01T08:00:00.000Z', true);
    await member('altundeva@example.com', other.id, 'owner', '2026-01-01T08:00:00.000Z');
    const gone = await member('plecat@example.com', other.id, 'manager', '2026-01-01T08:00:00.000Z');
    await database.db
      .insertInto('invitation')
      .values([
        invitation(restaurant.id, 'in.asteptare@example.com', { role: 'manager', invitedBy: owner }),
        invitation(restaurant.id, 'de.la.plecat@example.com', { invitedBy: gone, createdAt: '2026-11-21T10:00:00.000Z' }),
        invitation(restaurant.id, 'expirata@example.com', { invitedBy: owner, expiresAt: '2026-11-24T10:00:00.000Z' }),
        // one that expires at this very moment is not pending any more
        invitation(restaurant.id, 'chiar.acum@example.com', { invitedBy: owner, expiresAt: now.toISOString() }),
        invitation(restaurant.id, 'revocata@example.com', { invitedBy: manager, revokedAt: '2026-11-22T10:00:00.000Z' }),
        invitation(restaurant.id, 'acceptata@example.com', { invitedBy: manager, acceptedAt: '2026-11-22T10:00:00.000Z', acceptedBy: manager }),
        invitation(other.id, 'alt.restaurant@example.com', { invitedBy: owner }),
      ])
      .execute();
    // the inviter's account is deleted: the invitation stays, without a name for who sent it
    await database.db.deleteFrom('user').where('id', '=', gone).execute();

    const detail = await getRestaurantForAdmin(scopes.admin(), restaurant.id, now);
    expect(detail.members).toEqual([
      { id: owner, email: 'prima.proprietara@example.com', name: 'Nume prima.proprietara@example.com', role: 'owner', since: '2026-01-01T08:00:00.000Z', disabled: false },
      { id: manager, email: 'manager.echipa@example.com', name: 'Nume manager.echipa@example.com', role: 'manager', since: '2026-03-01T08:00:00.000Z', disabled: false },
      expect.objectContaining({ email: 'ospatar.oprit@example.com', role: 'staff', disabled: true }),
    ]);
    expect(detail.invitations.map(({ email, role, invitedBy, expiresAt }) => ({ email, role, invitedBy, expiresAt }))).toEqual([
      { email: 'in.asteptare@example.com', role: 'manager', invitedBy: 'prima.proprietara@example.com', expiresAt: '2026-11-27T10:00:00.000Z' },
      { email: 'de.la.plecat@example.com', role: 'editor', invitedBy: null, expiresAt: '2026-11-27T10:00:00.000Z' },
    ]);
    // a token's hash is a secret, not something to show
    expect(JSON.stringify(detail)).not.toContain('hash-');
    // two days later both have expired
    expect((await getRestaurantForAdmin(scopes.admin(), restaurant.id, new Date(now.getTime() + 2 * DAY_MS))).invitations).toEqual([]);

    // the list: the first owner, and how many members there are in all; any member's address finds it
    const list = await listRestaurantsForAdmin(scopes.admin(), { q: 'manager.echipa@example.com', sort: 'newest', page: 1 }, now);
    expect(list.items.map(({ name, ownerEmail, membersCount }) => ({ name, ownerEmail, membersCount }))).toEqual([
      { name: 'Echipa Mare', ownerEmail: 'prima.proprietara@example.com', membersCount: 3 },
    ]);
    expect((await listRestaurantsForAdmin(scopes.admin(), { q: 'ospatar.opr', sort: 'newest', page: 1 }, now)).items.map((item) => item.name)).toEqual(['Echipa Mare']);
  });

  it('names the role a member acted in, on the log, its CSV (its own column) and the restaurant page', async () => {
    const restaurant = await insertRestaurant(database.db, { name: 'Jurnal cu Roluri' });
    const manager = scopes.member(restaurant.id, 'manager', { email: 'ana.manager@example.com' });
    await recordAudit(manager, { action: 'product.update', target: { type: 'product', id: 'p-1' } });
    await grantManualPro(scopes.admin(), restaurant.id, 1);

    const log = await listAuditLog(scopes.admin(), { restaurantId: restaurant.id }, 1);
    expect(log.items.map(({ action, actor, actorRole }) => ({ action, actor, actorRole }))).toEqual([
      { action: 'subscription.grant-manual-pro', actor: 'admin@bucate.localhost', actorRole: null },
      { action: 'product.update', actor: 'ana.manager@example.com', actorRole: 'manager' },
    ]);

    const [header, ...lines] = (await exportAuditLogCsv(scopes.admin(), { restaurantId: restaurant.id }))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const columns = header!.split(',');
    expect(columns.slice(2, 4)).toEqual(['actor', 'actorRole']);
    const cells = lines.map((line) => line.split(','));
    expect(cells.map((row) => [row[columns.indexOf('actor')], row[columns.indexOf('actorRole')], row[columns.indexOf('action')]])).toEqual([
      ['admin@bucate.localhost', '', 'subscription.grant-manual-pro'],
      ['ana.manager@example.com', 'manager', 'product.update'],
    ]);

    const detail = await getRestaurantForAdmin(scopes.admin(), restaurant.id);
    expect(detail.audit.map(({ actor, actorRole }) => ({ actor, actorRole }))).toEqual([
      { actor: 'admin@bucate.localhost', actorRole: null },
      { actor: 'ana.manager@example.com', actorRole: 'manager' },
    ]);
  });

  it('shows a team only to an admin: a forged admin scope or a member’s is refused', async () => {
    const restaurant = await insertRestaurant(database.db);
    await database.db
      .insertInto('invitation')
      .values(invitation(restaurant.id, 'secret@example.com', { expiresAt: new Date(Date.now() + DAY_MS).toISOString() }))
      .execute();
    await expect(getRestaurantForAdmin(scopes.forgedAdmin(), restaurant.id)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(getRestaurantForAdmin(scopes.owner(restaurant.id) as never, restaurant.id)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(listRestaurantsForAdmin(scopes.forgedAdmin(), { sort: 'newest', page: 1 })).rejects.toMatchObject({ code: 'forbidden' });
    expect((await getRestaurantForAdmin(scopes.admin(), restaurant.id)).invitations.map((row) => row.email)).toEqual(['secret@example.com']);
  });
});
