import { describe, expect, it } from 'vitest';
import { getPublicMenu } from '#app/modules/guest-menu/menu.service.server.ts';
import { getRestaurantAdminSummary } from '#app/modules/restaurant-settings/restaurant-settings.service.server.ts';
import { addMember, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { listSubscriptions } from './subscription.repo.server.ts';
import { getPlanForRestaurant, previewOwnersTrial, startOwnersTrial } from './subscription.service.server.ts';

const DAY = 24 * 3600 * 1000;
const SIGN_UP = new Date('2026-11-01T09:00:00.000Z');
const FIRST_END = new Date(SIGN_UP.getTime() + 60 * DAY).toISOString();

/** Decision 0029, "Trials of a second restaurant": one 60-day trial per person, whatever they create or delete. */
describe(`the person's trial on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  test.beforeAll(({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
  });

  async function person(name: string) {
    // better-auth's own row, written raw: SQLite stores its booleans as 0/1
    const verified = (testDialect === 'sqlite' ? 1 : true) as unknown as boolean;
    const id = newId();
    const now = SIGN_UP.toISOString();
    await database.db
      .insertInto('user')
      .values({ id, name, email: `${name}@example.com`, emailVerified: verified, image: null, createdAt: now, updatedAt: now, role: 'restaurant', banReason: null })
      .execute();
    return { id, email: `${name}@example.com` };
  }
  /** A restaurant just created by `owner` (no plan rows yet), and the owner's scope in it. */
  async function newRestaurantOf(owner: { id: string; email: string }) {
    const restaurant = await insertRestaurant(database.db, {}, { trial: false });
    await addMember(database.db, restaurant.id, owner.id, 'owner');
    return { restaurant, scope: scopes.owner(restaurant.id, owner) };
  }
  const trialEndOf = async (userId: string) => (await database.db.selectFrom('user').select('trialEndsAt').where('id', '=', userId).executeTakeFirstOrThrow()).trialEndsAt;
  const welcomeJobs = (restaurantId: string) => database.db.selectFrom('job').select('id').where('dedupeKey', '=', `billing.notices:welcome:${restaurantId}`).execute();
  const auditOf = (restaurantId: string) => database.db.selectFrom('auditEvent').select(['action', 'summary']).where('restaurantId', '=', restaurantId).execute();

  it('gives the first restaurant the 60 days and remembers them on the person; a second shares them; after they end, none', async () => {
    const ana = await person('ana');
    expect(await previewOwnersTrial(scopes.user(ana), SIGN_UP)).toEqual({ kind: 'first', endsAt: FIRST_END });

    const first = await newRestaurantOf(ana);
    expect(await startOwnersTrial(first.scope, SIGN_UP)).toEqual({ kind: 'first', endsAt: FIRST_END });
    expect(await trialEndOf(ana.id)).toBe(FIRST_END);
    expect(await listSubscriptions(database.db, first.restaurant.id)).toMatchObject([
      { kind: 'trial', status: 'active', plan: 'free', startsAt: SIGN_UP.toISOString(), endsAt: FIRST_END },
    ]);
    expect(await welcomeJobs(first.restaurant.id)).toHaveLength(1);
    expect((await auditOf(first.restaurant.id)).map((row) => row.action)).toEqual(['subscription.start-trial']);

    // ten days later: the second restaurant's trial ends with the person's, never 60 days from now
    const later = new Date(SIGN_UP.getTime() + 10 * DAY);
    expect(await previewOwnersTrial(scopes.user(ana), later)).toEqual({ kind: 'shared', endsAt: FIRST_END });
    const second = await newRestaurantOf(ana);
    expect(await startOwnersTrial(second.scope, later)).toEqual({ kind: 'shared', endsAt: FIRST_END });
    // dated from when the person's trial began, so no second "60 days" welcome goes out for it
    expect(await listSubscriptions(database.db, second.restaurant.id)).toMatchObject([{ kind: 'trial', status: 'active', startsAt: SIGN_UP.toISOString(), endsAt: FIRST_END }]);
    expect(await welcomeJobs(second.restaurant.id)).toEqual([]);
    expect(await getPlanForRestaurant(second.scope, later)).toMatchObject({ phase: 'trial', remainingDays: 50, trialEndsAt: FIRST_END });
    expect(await trialEndOf(ana.id)).toBe(FIRST_END);
    // each restaurant's plan stands alone: the first one's rows are untouched
    expect(await listSubscriptions(database.db, first.restaurant.id)).toHaveLength(1);

    // past the person's trial: a further restaurant starts without one, offline to guests until it has PRO
    const after = new Date(Date.parse(FIRST_END) + DAY);
    expect(await previewOwnersTrial(scopes.user(ana), after)).toEqual({ kind: 'none', endedAt: FIRST_END });
    const third = await newRestaurantOf(ana);
    expect(await startOwnersTrial(third.scope, after)).toEqual({ kind: 'none', endedAt: FIRST_END });
    expect(await listSubscriptions(database.db, third.restaurant.id)).toEqual([]);
    const row = await database.db.selectFrom('restaurant').select(['planKind', 'publishedUntil', 'proUntil']).where('id', '=', third.restaurant.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ planKind: null, publishedUntil: null, proUntil: null });
    expect((await getPublicMenu(database.db, third.restaurant.slug, after.getTime()))?.status).toBe('inactive');
    expect(await getPlanForRestaurant(third.scope, after)).toMatchObject({ phase: 'trial-ended', remainingDays: 0, trialEndsAt: null });
    // its subscription page says it never had days of its own, not that guests "no longer" see it
    expect((await getRestaurantAdminSummary(third.scope, after)).subscription.trialBeforeIt).toBe(true);
    expect((await getRestaurantAdminSummary(first.scope, after)).subscription).toMatchObject({ phase: 'trial-ended', trialBeforeIt: false });
    expect(await auditOf(third.restaurant.id)).toEqual([{ action: 'subscription.no-trial', summary: JSON.stringify({ before: null, after: { trialEndedAt: FIRST_END } }) }]);
  });

  it('does not give a new trial back when the person’s restaurants are deleted', async () => {
    const ion = await person('ion');
    const first = await newRestaurantOf(ion);
    await startOwnersTrial(first.scope, SIGN_UP);
    await database.db.deleteFrom('restaurant').where('id', '=', first.restaurant.id).execute();
    expect(await database.db.selectFrom('membership').select('id').where('userId', '=', ion.id).execute()).toEqual([]);

    const again = await newRestaurantOf(ion);
    expect(await startOwnersTrial(again.scope, new Date(SIGN_UP.getTime() + 5 * DAY))).toEqual({ kind: 'shared', endsAt: FIRST_END });
  });

  it('gives someone who only worked in another team their own first trial', async () => {
    const owner = await person('maria');
    const waiter = await person('vlad');
    const theirs = await newRestaurantOf(owner);
    await startOwnersTrial(theirs.scope, SIGN_UP);
    await addMember(database.db, theirs.restaurant.id, waiter.id, 'staff');

    const later = new Date(SIGN_UP.getTime() + 30 * DAY);
    const own = await newRestaurantOf(waiter);
    const endsAt = new Date(later.getTime() + 60 * DAY).toISOString();
    expect(await startOwnersTrial(own.scope, later)).toEqual({ kind: 'first', endsAt });
    expect(await trialEndOf(waiter.id)).toBe(endsAt);
  });

  it('refuses a scope the access module did not make, and a member who may not handle the plan', async () => {
    const dan = await person('dan');
    const { restaurant } = await newRestaurantOf(dan);
    await expect(startOwnersTrial(scopes.forgedOwner(restaurant.id), SIGN_UP)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(startOwnersTrial(scopes.member(restaurant.id, 'manager', dan), SIGN_UP)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await listSubscriptions(database.db, restaurant.id)).toEqual([]);
    expect(await trialEndOf(dan.id)).toBeNull();
  });
});
