import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { getLocalePolicy, resolveLocale } from '#app/i18n/locale-policy.ts';
import { getMenuCacheVersion, getPublicMenu } from '#app/modules/guest-menu/menu.service.server.ts';
import { addMember, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { auditDays, exportAuditLogCsv, listAuditLog } from './audit-log.service.server.ts';
import { deleteInboxMessage, listInbox, countUnread, setMessageHandled } from './messages.service.server.ts';
import {
  getContactEmail,
  getPlatformPricing,
  getPlatformSettings,
  invalidatePlatformSettings,
  refreshPlatformSettings,
  updatePlatformSettings,
} from '#app/modules/platform/platform-settings.server.ts';
import { extendTrial, getRestaurantForAdmin, grantManualPro, listRestaurantsForAdmin, revokeManualPro, setRestaurantActive } from './restaurants.service.server.ts';
import { listUsersForBackOffice } from './users.service.server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe(`the back office services on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  test.beforeAll(({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
  });
  afterAll(() => {
    invalidatePlatformSettings();
  });

  async function user(email: string, restaurantId: string | null, role: 'admin' | 'restaurant' = 'restaurant') {
    const now = new Date().toISOString();
    const verified = (testDialect === 'sqlite' ? 1 : true) as unknown as boolean;
    const id = newId();
    await database.db
      .insertInto('user')
      .values({ id, name: email, email, emailVerified: verified, image: null, createdAt: now, updatedAt: now, role, banReason: null, lastRestaurantId: restaurantId })
      .execute();
    await database.db
      .insertInto('account')
      .values({
        id: newId(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: 'scrypt-hash-never-shown',
        accessToken: 'secret-token',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    if (restaurantId) await addMember(database.db, restaurantId, id, 'owner');
    return id;
  }

  it("searches a name fragment through an index: pg_trgm over the folded name, or SQLite's FTS5 trigram table", async () => {
    if (testDialect === 'postgres') {
      const plan = await database.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return sql<{ 'QUERY PLAN': string }>`explain select id from restaurant where bucate_search_fold(name) like '%bunica%'`.execute(trx);
      });
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('restaurant_name_trgm_idx');
    } else {
      const plan = await sql<{ detail: string }>`explain query plan select id from "restaurantSearch" where "restaurantSearch" match '{name slug} : "bunica"'`.execute(database.db);
      expect(plan.rows.map((row) => row.detail).join('\n')).toContain('VIRTUAL TABLE INDEX');
    }
  });

  it('finds a restaurant by its owner’s e-mail, name or slug, and filters by plan state', async () => {
    const trial = await insertRestaurant(database.db, { name: 'Bistro Căutat' });
    const card = await insertRestaurant(database.db, { name: 'Cu Card' }, { providerPlan: 'pro_monthly' });
    const manual = await insertRestaurant(database.db, { name: 'Cu Grant' }, { manualProUntil: new Date(Date.now() + 30 * DAY_MS).toISOString() });
    const ending = await insertRestaurant(database.db, { name: 'Aproape Gata' }, { trial: new Date(Date.now() - 57 * DAY_MS) });
    const lapsed = await insertRestaurant(database.db, { name: 'Expirat' }, { trial: new Date(Date.now() - 90 * DAY_MS) });
    const off = await insertRestaurant(database.db, { name: 'Oprit', active: 0 });
    await user('cineva.anume@example.com', trial.id);
    const admin = scopes.admin();
    const names = async (query: Parameters<typeof listRestaurantsForAdmin>[1]) => (await listRestaurantsForAdmin(admin, query)).items.map((r) => r.name).sort();
    expect(await names({ q: 'CINEVA.anume', sort: 'newest', page: 1 })).toEqual(['Bistro Căutat']);
    expect(await names({ q: trial.slug, sort: 'newest', page: 1 })).toEqual(['Bistro Căutat']);
    // a whole address is looked up through the unique index, whatever its case
    expect(await names({ q: 'Cineva.Anume@Example.com', sort: 'newest', page: 1 })).toEqual(['Bistro Căutat']);
    expect((await listRestaurantsForAdmin(admin, { q: 'cineva', sort: 'newest', page: 1 })).items[0]?.ownerEmail).toBe('cineva.anume@example.com');
    expect((await listUsersForBackOffice(admin, { q: 'CINEVA.ANUME@example.com', sort: 'newest', page: 1 })).items.map((u) => u.email)).toEqual(['cineva.anume@example.com']);
    expect((await listUsersForBackOffice(admin, { q: 'Bistro Căut', sort: 'newest', page: 1 })).items.map((u) => u.email)).toEqual(['cineva.anume@example.com']);
    // LIKE's own wildcards are taken literally
    expect(await names({ q: '%', sort: 'newest', page: 1 })).toEqual([]);
    // a fragment anywhere, whatever its case and diacritics, through the search index (migration 0019)
    const bunica = await insertRestaurant(database.db, { name: 'Bistro La Bunică' });
    const stefan = await user('proprietar.nou@example.com', bunica.id);
    await database.db.updateTable('user').set({ name: 'Ștefan Țurcanu' }).where('id', '=', stefan).execute();
    for (const q of ['bunica', 'BUNICĂ', 'la bun', 'Bunîca'.replace('î', 'i')]) expect(await names({ q, sort: 'newest', page: 1 }), q).toEqual(['Bistro La Bunică']);
    expect(await names({ q: 'prietar.no', sort: 'newest', page: 1 })).toEqual(['Bistro La Bunică']);
    expect((await listUsersForBackOffice(admin, { q: 'stefan turc', sort: 'newest', page: 1 })).items.map((u) => u.email)).toEqual(['proprietar.nou@example.com']);
    expect((await listUsersForBackOffice(admin, { q: 'bunica', sort: 'newest', page: 1 })).items.map((u) => u.email)).toEqual(['proprietar.nou@example.com']);
    // a renamed restaurant is found by its new name only (SQLite: the index follows by trigger)
    await database.db.updateTable('restaurant').set({ name: 'Casa Bunicii' }).where('id', '=', bunica.id).execute();
    expect(await names({ q: 'bistro la', sort: 'newest', page: 1 })).toEqual([]);
    expect(await names({ q: 'casa bunicii', sort: 'newest', page: 1 })).toEqual(['Casa Bunicii']);
    expect(await names({ state: 'pro-card', sort: 'name', page: 1 })).toEqual(['Cu Card']);
    expect(await names({ state: 'pro-manual', sort: 'name', page: 1 })).toEqual(['Cu Grant']);
    expect(await names({ state: 'trial-ending', sort: 'name', page: 1 })).toEqual(['Aproape Gata']);
    expect(await names({ state: 'inactive', sort: 'name', page: 1 })).toEqual(['Expirat']);
    expect(await names({ state: 'deactivated', sort: 'name', page: 1 })).toEqual(['Oprit']);
    expect(await names({ state: 'trial', sort: 'name', page: 1 })).toEqual(['Aproape Gata', 'Bistro Căutat', 'Casa Bunicii', 'Oprit']);
    void [card, manual, ending, lapsed, off];
  });

  it('grants manual PRO for the chosen period, takes it back, never a card-paid PRO, and audits each', async () => {
    const restaurant = await insertRestaurant(database.db, { name: 'Grant Șase Luni' });
    const admin = scopes.admin();
    const now = new Date('2026-11-23T10:00:00.000Z');
    const granted = await grantManualPro(admin, restaurant.id, 6, now);
    expect(granted.endsAt).toBe('2027-05-23T10:00:00.000Z');
    const detail = await getRestaurantForAdmin(admin, restaurant.id, now);
    expect(detail.restaurant.plan).toBe('pro-manual');
    expect(detail.restaurant.until).toBe('2027-05-23T10:00:00.000Z');
    expect(detail.manualRunning).toBe(true);
    await revokeManualPro(admin, restaurant.id, new Date(now.getTime() + 1000));
    expect((await getRestaurantForAdmin(admin, restaurant.id, new Date(now.getTime() + 2000))).restaurant.plan).not.toMatch(/^pro/);
    const paying = await insertRestaurant(database.db, {}, { providerPlan: 'pro_yearly' });
    await expect(revokeManualPro(admin, paying.id)).rejects.toMatchObject({ code: 'pro-not-manual' });
    await expect(grantManualPro(admin, restaurant.id, 0)).rejects.toMatchObject({ code: 'invalid-input' });
    const actions = (await listAuditLog(admin, { restaurantId: restaurant.id }, 1)).items.map((e) => e.action);
    expect(actions).toEqual(['subscription.revoke-manual-pro', 'subscription.grant-manual-pro']);
  });

  it('extends a running trial from its end, and an ended one from now', async () => {
    const admin = scopes.admin();
    const now = new Date();
    const running = await insertRestaurant(database.db, {}, { trial: new Date(now.getTime() - 50 * DAY_MS) });
    const result = await extendTrial(admin, running.id, 14, now);
    expect(Date.parse(result.endsAt)).toBe(now.getTime() - 50 * DAY_MS + 60 * DAY_MS + 14 * DAY_MS);
    const ended = await insertRestaurant(database.db, {}, { trial: new Date(now.getTime() - 100 * DAY_MS) });
    expect(Date.parse((await extendTrial(admin, ended.id, 7, now)).endsAt)).toBe(now.getTime() + 7 * DAY_MS);
    expect((await getRestaurantForAdmin(admin, ended.id, now)).restaurant.plan).toBe('trial');
  });

  it('deactivates a restaurant: no menu for guests and no cache version, until it is reactivated', async () => {
    const admin = scopes.admin();
    const restaurant = await insertRestaurant(database.db);
    const before = await getMenuCacheVersion(database.db, restaurant.slug);
    await setRestaurantActive(admin, restaurant.id, false);
    expect(await getPublicMenu(database.db, restaurant.slug)).toBeUndefined();
    expect(await getMenuCacheVersion(database.db, restaurant.slug)).toBeUndefined();
    await setRestaurantActive(admin, restaurant.id, true);
    const after = await getMenuCacheVersion(database.db, restaurant.slug);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await getPublicMenu(database.db, restaurant.slug))?.status).toBe('active');
  });

  it('lists users with sign-in methods and never a password hash or token', async () => {
    const restaurant = await insertRestaurant(database.db, { name: 'Utilizatori' });
    await user('proprietar.lista@example.com', restaurant.id);
    const page = await listUsersForBackOffice(scopes.admin(), { q: 'proprietar.lista', sort: 'newest', page: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      email: 'proprietar.lista@example.com',
      signInMethods: ['credential'],
      lastSignInAt: null,
      restaurants: [{ id: restaurant.id, name: 'Utilizatori', slug: restaurant.slug, role: 'owner' }],
    });
    expect(JSON.stringify(page)).not.toMatch(/scrypt-hash|secret-token/);
  });

  it('keeps the contact inbox: unread until seen, handled, searched, deleted for good', async () => {
    const admin = scopes.admin();
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const rows = [
      {
        id: newId(),
        name: 'Ana',
        email: 'ana@example.com',
        restaurantName: 'La Ana',
        message: 'Vreau o ofertă',
        locale: 'ro',
        emailedAt: null,
        clientKey: 'k1',
        createdAt: at(10),
      },
      { id: newId(), name: 'Bob', email: 'bob@example.com', restaurantName: null, message: 'Hello there', locale: 'en', emailedAt: null, clientKey: 'k2', createdAt: at(5) },
    ];
    await database.db.insertInto('contactMessage').values(rows).execute();
    expect(await countUnread(admin)).toBe(2);
    const first = await listInbox(admin, { show: 'open', page: 1 });
    expect(first.items.map((m) => m.name)).toEqual(['Bob', 'Ana']);
    expect(first.items.every((m) => m.unread)).toBe(true);
    expect(await countUnread(admin)).toBe(0);
    expect((await listInbox(admin, { q: 'ofert', show: 'all', page: 1 })).items.map((m) => m.name)).toEqual(['Ana']);
    await setMessageHandled(admin, rows[0]!.id, true);
    expect((await listInbox(admin, { show: 'open', page: 1 })).items.map((m) => m.name)).toEqual(['Bob']);
    await deleteInboxMessage(admin, rows[1]!.id);
    expect((await listInbox(admin, { show: 'all', page: 1 })).items.map((m) => m.name)).toEqual(['Ana']);
    await expect(deleteInboxMessage(admin, rows[1]!.id)).rejects.toMatchObject({ code: 'not-found' });
    // the erasure's audit row keeps no trace of the sender
    expect(await exportAuditLogCsv(admin, { action: 'contact.delete' })).not.toContain('bob@example.com');
  });

  it('validates the app config, applies it at once, and lets the stored values win over the environment', async () => {
    const admin = scopes.admin();
    // every save carries the version its form was loaded at (decision 0015)
    const version = async () => (await getPlatformSettings(admin)).version;
    await expect(updatePlatformSettings(admin, { defaultLocale: 'en', availableLocales: ['ro'] }, await version())).rejects.toThrow();
    await expect(updatePlatformSettings(admin, { defaultLocale: 'ro', availableLocales: [] }, await version())).rejects.toThrow();
    await expect(updatePlatformSettings(admin, { defaultLocale: 'de', availableLocales: ['de'] }, await version())).rejects.toThrow();
    await expect(updatePlatformSettings(admin, { defaultLocale: 'ro', availableLocales: ['ro'], priceMonthly: '-3' }, await version())).rejects.toThrow();
    expect(getLocalePolicy().availableLocales).toEqual(['ro', 'en']);

    await updatePlatformSettings(
      admin,
      { defaultLocale: 'en', availableLocales: ['en'], contactEmail: 'echipa@example.com', priceMonthly: '59,90', priceYearly: '', priceCurrency: 'eur' },
      await version(),
    );
    expect(getLocalePolicy()).toEqual({ defaultLocale: 'en', availableLocales: ['en'] });
    expect(resolveLocale('ro')).toBe('en');
    expect(getContactEmail()).toBe('echipa@example.com');
    expect(getPlatformPricing()).toMatchObject({ monthlyMinor: 5990, currency: 'EUR' });
    expect((await getPlatformSettings(admin)).stored.priceYearlyMinor).toBeNull();

    // another process: its snapshot is read from the database once the TTL has passed
    invalidatePlatformSettings();
    await database.db.updateTable('appConfig').set({ availableLocales: '["ro","en"]', defaultLocale: 'ro' }).execute();
    await refreshPlatformSettings(database.db);
    expect(getLocalePolicy()).toEqual({ defaultLocale: 'ro', availableLocales: ['ro', 'en'] });
    expect(resolveLocale('en')).toBe('en');
    expect((await listAuditLog(admin, { action: 'settings.update' }, 1)).total).toBe(1);
    await updatePlatformSettings(admin, { defaultLocale: 'ro', availableLocales: ['ro', 'en'] }, await version());
    expect(getContactEmail()).not.toBe('echipa@example.com');
  });

  it('takes the audit log’s filters literally: no LIKE wildcards in an action prefix, no impossible day, formulas neutralised in the CSV', async () => {
    const admin = scopes.admin();
    const restaurant = await insertRestaurant(database.db, { name: '=HYPERLINK("http://x")' });
    const event = (action: string, createdAt: string) => ({
      id: newId(),
      createdAt,
      actorType: 'user' as const,
      actorId: 'admin-1',
      actorEmail: '+40@example.com',
      restaurantId: restaurant.id,
      action,
      targetType: 'restaurant',
      targetId: restaurant.id,
      summary: '{}',
      requestId: '-1',
    });
    await database.db
      .insertInto('auditEvent')
      .values([event('literal.probe', '2026-03-01T10:00:00.000Z'), event('literal.probe', '2026-04-15T10:00:00.000Z')])
      .execute();
    const actions = async (filter: Parameters<typeof listAuditLog>[1]) => (await listAuditLog(admin, { restaurantId: restaurant.id, ...filter }, 1)).items.map((e) => e.createdAt);
    expect(await actions({ action: 'literal.' })).toHaveLength(2);
    expect(await actions({ action: '%.' })).toEqual([]);
    expect(await actions({ action: 'litera_.' })).toEqual([]);
    // a day that does not exist filters nothing (and is not shown back); the last day there is ends nothing
    expect(auditDays('2026-02-30', '2026-13-01')).toEqual({ fromDay: '', toDay: '', from: undefined, to: undefined });
    expect(await actions(auditDays('2026-02-30', '9999-12-31'))).toHaveLength(2);
    expect(await actions(auditDays('2026-03-01', '2026-03-01'))).toEqual(['2026-03-01T10:00:00.000Z']);
    const csv = await exportAuditLogCsv(admin, { restaurantId: restaurant.id });
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv).toContain("'+40@example.com");
    expect(csv).toContain(",'-1\r\n");
  });

  it('refuses every service to a scope that is not an admin’s', async () => {
    const forged = scopes.forgedAdmin();
    const restaurant = await insertRestaurant(database.db);
    const attempts = [
      listRestaurantsForAdmin(forged, { sort: 'newest', page: 1 }),
      getRestaurantForAdmin(forged, restaurant.id),
      grantManualPro(forged, restaurant.id, 12),
      extendTrial(forged, restaurant.id, 7),
      setRestaurantActive(forged, restaurant.id, false),
      listUsersForBackOffice(forged, { sort: 'newest', page: 1 }),
      listInbox(forged, { show: 'all', page: 1 }),
      getPlatformSettings(forged),
      updatePlatformSettings(forged, { defaultLocale: 'ro', availableLocales: ['ro'] }, 'none'),
      listAuditLog(forged, {}, 1),
      exportAuditLogCsv(forged, {}),
    ];
    for (const attempt of attempts) await expect(attempt).rejects.toMatchObject({ code: 'forbidden' });
    expect((await getRestaurantForAdmin(scopes.admin(), restaurant.id)).restaurant.active).toBe(true);
  });
});
