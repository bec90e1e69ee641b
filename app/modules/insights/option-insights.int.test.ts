import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildLocation, insertRestaurant } from '#tests/factories/builders.ts';
import { insertOrder, type LineOptionSpec } from '#tests/factories/orders.ts';
import { db, scopes, useFileWorld } from '#tests/support/file-world.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { getInsights } from './insights.service.server.ts';
import { SEARCH_PRIVACY_K } from './insights.types.ts';

/**
 * Issue 35 item 5: how often each option is chosen, by its name within its group, counted from the
 * orders' lines, and shown only once SEARCH_PRIVACY_K orders chose it (the search terms' rule,
 * decision 0018), so no row names one guest's choice. The declared allergies never reach insights.
 */
useFileWorld();

const NOW = new Date('2026-11-27T10:00:00.000Z');
const LARGE: LineOptionSpec = { groupNameRo: 'Mărime', groupNameEn: 'Size', nameRo: 'Mare', nameEn: 'Large', priceMinor: 4200, pricing: 'set' };
const CHEESE: LineOptionSpec = { groupNameRo: 'Extra', groupNameEn: 'Extras', nameRo: 'Mozzarella', nameEn: null, priceMinor: 500 };
const OAT: LineOptionSpec = { groupNameRo: 'Lapte', groupNameEn: 'Milk', nameRo: 'Ovăz', nameEn: 'Oat', priceMinor: 300 };

async function restaurant(slug: string) {
  const { id } = await insertRestaurant(db, { slug }, {});
  const locations = [buildLocation(id!, { nameRo: 'Salon' }), buildLocation(id!, { nameRo: 'Terasă', sortOrder: 1 })];
  await db.insertInto('location').values(locations).execute();
  return { id: id!, salon: locations[0]!.id, terasa: locations[1]!.id };
}

describe(`the options chosen most, in the insights on ${testDialect}`, () => {
  it('counts portions per option within its group, only once k orders chose it, not declined ones nor lines taken back, by location, nothing of another restaurant', async () => {
    expect(SEARCH_PRIVACY_K).toBe(3);
    const a = await restaurant('statistici-optiuni-a');
    const b = await restaurant('statistici-optiuni-b');
    const order = (restaurantId: string, locationId: string, options: LineOptionSpec[], quantity = 1, extra: { status?: 'declined'; day?: string; takenBack?: true } = {}) =>
      insertOrder(db, {
        restaurantId,
        locationId,
        table: null,
        status: extra.status ?? 'served',
        serviceDay: extra.day ?? '2026-11-26',
        createdAt: `${extra.day ?? '2026-11-26'}T10:00:00.000Z`,
        lines: [{ nameRo: 'Pizza', unitPriceMinor: 4700, quantity, options, cancelledAt: extra.takenBack ? `${extra.day ?? '2026-11-26'}T10:05:00.000Z` : null }],
      });
    // "Mare": three orders, five pizzas; "Mozzarella": three orders, one of them on the terrace
    await order(a.id, a.salon, [LARGE, CHEESE], 3);
    await order(a.id, a.salon, [LARGE, CHEESE]);
    await order(a.id, a.terasa, [LARGE, CHEESE]);
    // a line the staff took back (never made nor paid) counts neither its portions nor its order towards k
    await order(a.id, a.salon, [LARGE, CHEESE, OAT], 9, { takenBack: true });
    // "Ovăz": two orders only (below k), a third declined and a fourth outside the range do not lift it
    await order(a.id, a.salon, [OAT], 4);
    await order(a.id, a.salon, [OAT]);
    await order(a.id, a.salon, [OAT], 1, { status: 'declined' });
    await order(a.id, a.salon, [OAT], 1, { day: '2026-10-01' });
    // another restaurant's choices of the same names count only there
    for (let i = 0; i < 5; i++) await order(b.id, b.salon, [LARGE, OAT]);

    const all = (await getInsights(scopes.owner(a.id), { range: 7, locationId: null, locale: 'ro', now: NOW })).orders;
    // most portions first, then by group and name
    expect(all.topOptions).toEqual([
      { group: 'Extra', name: 'Mozzarella', count: 5 },
      { group: 'Mărime', name: 'Mare', count: 5 },
    ]);
    // in English, an option without an English name keeps its Romanian one
    expect((await getInsights(scopes.owner(a.id), { range: 7, locationId: null, locale: 'en', now: NOW })).orders.topOptions.map((row) => `${row.group}: ${row.name}`)).toEqual([
      'Extras: Mozzarella',
      'Size: Large',
    ]);
    // the salon alone has two orders of each: below k, nothing shown
    expect((await getInsights(scopes.owner(a.id), { range: 7, locationId: a.salon, locale: 'ro', now: NOW })).orders.topOptions).toEqual([]);

    // a third order with oat milk in the range: now it shows
    await order(a.id, a.salon, [OAT]);
    expect((await getInsights(scopes.owner(a.id), { range: 7, locationId: null, locale: 'ro', now: NOW })).orders.topOptions).toContainEqual({
      group: 'Lapte',
      name: 'Ovăz',
      count: 6,
    });
    expect((await getInsights(scopes.owner(b.id), { range: 7, locationId: null, locale: 'ro', now: NOW })).orders.topOptions).toEqual([
      { group: 'Lapte', name: 'Ovăz', count: 5 },
      { group: 'Mărime', name: 'Mare', count: 5 },
    ]);
  });

  it('never reads the allergies a guest declared (health data, GDPR art. 9)', () => {
    const dir = new URL('.', import.meta.url);
    const sources = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.includes('.test.'));
    expect(sources.length).toBeGreaterThan(5);
    for (const name of sources) expect(readFileSync(new URL(name, dir), 'utf8'), name).not.toMatch(/allergies|allergyNote|guestOrderLine\.allergens/);
  });
});
