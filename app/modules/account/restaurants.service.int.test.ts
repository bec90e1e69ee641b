import { describe, expect, it } from 'vitest';
import { landingPathFor, RESTAURANT_CHOOSER_PATH } from '#app/modules/access/access.server.ts';
import { RESTAURANTS_PATH } from '#app/ui/restaurants/restaurant-paths.ts';
import { addMember, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { createRestaurantForOwner } from './register.service.server.ts';
import { addRestaurant, listMyRestaurants, NEW_RESTAURANT_RULE, trialOfNextRestaurant } from './restaurants.service.server.ts';

const DAY = 24 * 3600 * 1000;
const SIGN_UP = new Date('2026-11-01T09:00:00.000Z');

/** "Adaugă un restaurant" and the user's list of restaurants (issue 24 item 2, decision 0029). */
describe(`a user's restaurants on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  test.beforeAll(({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
  });

  async function person(name: string, role: 'restaurant' | 'admin' = 'restaurant') {
    // better-auth's own row, written raw: SQLite stores its booleans as 0/1
    const verified = (testDialect === 'sqlite' ? 1 : true) as unknown as boolean;
    const id = newId();
    const email = `${name}@example.com`;
    await database.db
      .insertInto('user')
      .values({ id, name, email, emailVerified: verified, image: null, createdAt: SIGN_UP.toISOString(), updatedAt: SIGN_UP.toISOString(), role, banReason: null })
      .execute();
    return { id, email, role };
  }
  const restaurantCount = async () => (await database.db.selectFrom('restaurant').select('id').execute()).length;
  const userRow = (id: string) => database.db.selectFrom('user').select(['lastRestaurantId', 'trialEndsAt']).where('id', '=', id).executeTakeFirstOrThrow();

  it('creates a further restaurant with its own slug and plan, its creator the owner, sharing the creator’s trial', async () => {
    const ana = await person('ana');
    const trialEnd = new Date(SIGN_UP.getTime() + 60 * DAY).toISOString();
    const first = await createRestaurantForOwner(database.db, ana, 'Casa Veche', SIGN_UP);
    expect(first.trial).toEqual({ kind: 'first', endsAt: trialEnd });
    const later = new Date(SIGN_UP.getTime() + 10 * DAY);
    expect(await trialOfNextRestaurant(scopes.user(ana), later)).toEqual({ trial: { kind: 'shared', endsAt: trialEnd }, timeZone: 'Europe/Bucharest' });

    const added = await addRestaurant(scopes.user(ana), { restaurantName: '  Bistro Nou  ' }, 'en', later);
    if (!added.ok) throw new Error(added.error);
    expect(added.slug).toBe(`bistro-nou-${later.getTime()}`);
    expect(added.trial).toEqual({ kind: 'shared', endsAt: trialEnd });
    const restaurant = await database.db.selectFrom('restaurant').select(['id', 'name', 'ownerLocale', 'planKind']).where('slug', '=', added.slug).executeTakeFirstOrThrow();
    expect(restaurant).toMatchObject({ name: 'Bistro Nou', ownerLocale: 'en', planKind: 'trial' });
    // the next sign-in lands in the new restaurant
    expect((await userRow(ana.id)).lastRestaurantId).toBe(restaurant.id);
    expect(await listMyRestaurants(scopes.user(ana))).toEqual([
      { id: restaurant.id, name: 'Bistro Nou', slug: added.slug, role: 'owner' },
      { id: first.restaurantId, name: 'Casa Veche', slug: first.slug, role: 'owner' },
    ]);
  });

  it('refuses an empty or too long name with its own message, creating nothing and counting nothing', async () => {
    const ion = await person('ion');
    const before = await restaurantCount();
    for (const restaurantName of ['', '   ', 'A', undefined]) {
      expect(await addRestaurant(scopes.user(ion), { restaurantName }, 'ro')).toEqual({ ok: false, error: 'restaurant-name-required' });
    }
    expect(await addRestaurant(scopes.user(ion), { restaurantName: 'x'.repeat(101) }, 'ro')).toEqual({ ok: false, error: 'restaurant-name-too-long' });
    expect(await restaurantCount()).toBe(before);
    expect(await userRow(ion.id)).toEqual({ lastRestaurantId: null, trialEndsAt: null });
    // none of the refusals counted against the hourly limit
    expect(await database.db.selectFrom('rateCounter').select('key').where('key', '=', `new-restaurant:${ion.id}`).execute()).toEqual([]);
  });

  it('lets one person create a few restaurants an hour, then says when the next one can be made', async () => {
    const maria = await person('maria');
    const start = new Date();
    for (let i = 1; i <= NEW_RESTAURANT_RULE.max; i++) {
      expect(await addRestaurant(scopes.user(maria), { restaurantName: `Local ${i}` }, 'ro', new Date(start.getTime() + i * 1000))).toMatchObject({ ok: true });
    }
    const before = await restaurantCount();
    const refused = await addRestaurant(scopes.user(maria), { restaurantName: 'Încă unul' }, 'ro', new Date(start.getTime() + 60_000));
    expect(refused).toMatchObject({ ok: false, error: 'too-many-restaurants' });
    expect(refused.ok === false && 'retryAfterSeconds' in refused && refused.retryAfterSeconds).toBeGreaterThan(3000);
    expect(await restaurantCount()).toBe(before);
    // the first one of them got the person's first trial, the others share it
    const trials = await database.db
      .selectFrom('subscription')
      .innerJoin('membership', 'membership.restaurantId', 'subscription.restaurantId')
      .select('subscription.endsAt')
      .where('membership.userId', '=', maria.id)
      .execute();
    expect(new Set(trials.map((row) => row.endsAt))).toEqual(new Set([(await userRow(maria.id)).trialEndsAt]));
    expect(trials).toHaveLength(NEW_RESTAURANT_RULE.max);
  });

  it('refuses a platform admin, who owns no restaurants', async () => {
    const admin = await person('platform', 'admin');
    await expect(addRestaurant(scopes.user({ ...admin, role: 'admin' }), { restaurantName: 'Al adminului' }, 'ro')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('lists a member’s role in each restaurant, and sends someone with no restaurant left to the chooser', async () => {
    const vlad = await person('vlad');
    const theirs = await insertRestaurant(database.db, { name: 'Hanul din Deal' });
    await addMember(database.db, theirs.id, vlad.id, 'staff');
    expect(await listMyRestaurants(scopes.user(vlad))).toEqual([{ id: theirs.id, name: 'Hanul din Deal', slug: theirs.slug, role: 'staff' }]);
    expect(await listMyRestaurants(scopes.member(theirs.id, 'staff', vlad))).toHaveLength(1);
    await expect(listMyRestaurants(scopes.forgedOwner(theirs.id))).rejects.toMatchObject({ code: 'forbidden' });
    const session = { id: vlad.id, email: vlad.email, name: 'vlad', role: 'restaurant' as const, emailVerified: true };
    // staff land on the orders board (issue 33 item 16), here and in the restaurant they opened last
    expect(await landingPathFor(database.db, session)).toBe(`/${theirs.slug}/admin/orders`);
    await database.db.updateTable('user').set({ lastRestaurantId: theirs.id }).where('id', '=', vlad.id).execute();
    expect(await landingPathFor(database.db, session)).toBe(`/${theirs.slug}/admin/orders`);
    // removed from their only team: the chooser, where they can add a restaurant (it was /contact)
    await database.db.deleteFrom('membership').where('userId', '=', vlad.id).execute();
    expect(await landingPathFor(database.db, session)).toBe(RESTAURANT_CHOOSER_PATH);
    // the page's own copy of the path, which the browser cannot import from the server module
    expect(RESTAURANTS_PATH).toBe(RESTAURANT_CHOOSER_PATH);
  });
});
