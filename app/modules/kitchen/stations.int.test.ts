import { describe, expect, it } from 'vitest';
import { AddStationInput, UpdateStationInput } from '#app/modules/kitchen/stations.schema.ts';
import { addStation, deleteStation, getStationsPage, moveStation, setCategoryStation, updateStation } from '#app/modules/kitchen/stations.service.server.ts';
import { STATION_LIMITS } from '#app/modules/kitchen/stations.types.ts';
import { buildCategory, buildLocation, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { db, scopes, useFileWorld } from '#tests/support/file-world.ts';

/**
 * Setting up stations (issue 36 item 1): owners and managers add, rename, reorder and delete a
 * location's stations and route categories to them; the staff may not; a category names only a
 * station of its own location; deleting a station sends its categories back to the first.
 */
useFileWorld();

async function restaurantWithTwoLocations() {
  const { id } = await insertRestaurant(db, { slug: `statii-${testDialect}-${newId().slice(0, 6).toLowerCase()}` }, {});
  const restaurantId = id!;
  const hall = buildLocation(restaurantId, { nameRo: 'Sala' });
  const terrace = buildLocation(restaurantId, { nameRo: 'Terasa' });
  await db.insertInto('location').values([hall, terrace]).execute();
  const soups = buildCategory(restaurantId, hall.id, { nameRo: 'Ciorbe' });
  const drinks = buildCategory(restaurantId, hall.id, { nameRo: 'Băuturi' });
  const terraceDrinks = buildCategory(restaurantId, terrace.id, { nameRo: 'Băuturi terasă' });
  await db.insertInto('category').values([soups, drinks, terraceDrinks]).execute();
  return { restaurantId, hall: hall.id, terrace: terrace.id, soups: soups.id, drinks: drinks.id, terraceDrinks: terraceDrinks.id };
}

const fields = (name: string, warn = '10', late = '20') => ({ nameRo: name, nameEn: '', warnMinutes: warn, lateMinutes: late });
const stationsOf = async (restaurantId: string, locationId: string) =>
  (await getStationsPage(scopes.owner(restaurantId), { locale: 'ro' })).locations.find((location) => location.id === locationId)!;

describe(`stations on ${testDialect}`, () => {
  it('adds, renames, reorders and deletes a location’s stations, each audited', async () => {
    const w = await restaurantWithTwoLocations();
    const owner = scopes.owner(w.restaurantId);
    const kitchen = await addStation(owner, AddStationInput.parse({ locationId: w.hall, ...fields('Bucătărie') }));
    const bar = await addStation(scopes.member(w.restaurantId, 'manager'), AddStationInput.parse({ locationId: w.hall, ...fields('Bar', '5', '12') }));
    expect((await stationsOf(w.restaurantId, w.hall)).stations.map((s) => [s.nameRo, s.warnMinutes, s.lateMinutes])).toEqual([
      ['Bucătărie', 10, 20],
      ['Bar', 5, 12],
    ]);
    await updateStation(owner, UpdateStationInput.parse({ stationId: bar.id, ...fields('Bar mare', '6', '15'), nameEn: 'Big bar' }));
    await moveStation(owner, { stationId: bar.id, direction: 'up' });
    expect((await stationsOf(w.restaurantId, w.hall)).stations.map((s) => [s.nameRo, s.nameEn, s.warnMinutes])).toEqual([
      ['Bar mare', 'Big bar', 6],
      ['Bucătărie', null, 10],
    ]);
    // moving the first up changes nothing
    await moveStation(owner, { stationId: bar.id, direction: 'up' });
    expect((await stationsOf(w.restaurantId, w.hall)).stations[0]!.id).toBe(bar.id);
    await deleteStation(owner, { stationId: kitchen.id });
    expect((await stationsOf(w.restaurantId, w.hall)).stations.map((s) => s.id)).toEqual([bar.id]);
    const actions = await db.selectFrom('auditEvent').select('action').where('restaurantId', '=', w.restaurantId).orderBy('createdAt').execute();
    expect(actions.map((row) => row.action)).toEqual(['station.create', 'station.create', 'station.update', 'station.move', 'station.delete']);
  });

  it('refuses the staff, a threshold not in order, a station past the limit, and another restaurant’s station', async () => {
    const w = await restaurantWithTwoLocations();
    const owner = scopes.owner(w.restaurantId);
    await expect(addStation(scopes.member(w.restaurantId, 'staff'), AddStationInput.parse({ locationId: w.hall, ...fields('Bar') }))).rejects.toMatchObject({ code: 'forbidden' });
    const bad = AddStationInput.safeParse({ locationId: w.hall, ...fields('Bar', '20', '20') });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['lateMinutes', 'stationThresholds']]);
    expect(AddStationInput.safeParse({ locationId: w.hall, ...fields('Bar', '0', '20') }).error?.issues[0]?.message).toBe('outOfRange');
    for (let index = 0; index < STATION_LIMITS.maxPerLocation; index++) await addStation(owner, AddStationInput.parse({ locationId: w.hall, ...fields(`Stația ${index}`) }));
    await expect(addStation(owner, AddStationInput.parse({ locationId: w.hall, ...fields('Încă una') }))).rejects.toMatchObject({ code: 'station-limit-reached' });
    const other = await restaurantWithTwoLocations();
    const theirs = (await stationsOf(w.restaurantId, w.hall)).stations[0]!;
    await expect(deleteStation(scopes.owner(other.restaurantId), { stationId: theirs.id })).rejects.toMatchObject({ code: 'not-found' });
    await expect(addStation(scopes.owner(other.restaurantId), AddStationInput.parse({ locationId: w.hall, ...fields('Bar') }))).rejects.toMatchObject({ code: 'not-found' });
    expect((await stationsOf(w.restaurantId, w.hall)).stations).toHaveLength(STATION_LIMITS.maxPerLocation);
  });

  it('routes a category to a station of its own location only; deleting the station sends it back to the first', async () => {
    const w = await restaurantWithTwoLocations();
    const owner = scopes.owner(w.restaurantId);
    await addStation(owner, AddStationInput.parse({ locationId: w.hall, ...fields('Bucătărie') }));
    const bar = await addStation(owner, AddStationInput.parse({ locationId: w.hall, ...fields('Bar') }));
    const terraceBar = await addStation(owner, AddStationInput.parse({ locationId: w.terrace, ...fields('Bar terasă') }));
    await setCategoryStation(owner, { categoryId: w.drinks, stationId: bar.id });
    await expect(setCategoryStation(owner, { categoryId: w.soups, stationId: terraceBar.id })).rejects.toMatchObject({ code: 'station-other-location' });
    await expect(setCategoryStation(scopes.member(w.restaurantId, 'staff'), { categoryId: w.soups, stationId: bar.id })).rejects.toMatchObject({ code: 'forbidden' });
    const hall = await stationsOf(w.restaurantId, w.hall);
    expect(hall.categories.map((category) => [category.name, category.stationId])).toEqual(
      expect.arrayContaining([
        ['Ciorbe', null],
        ['Băuturi', bar.id],
      ]),
    );
    await deleteStation(owner, { stationId: bar.id });
    const drinks = await db.selectFrom('category').select('stationId').where('id', '=', w.drinks).executeTakeFirstOrThrow();
    expect(drinks.stationId).toBeNull();
    const audit = await db.selectFrom('auditEvent').select('action').where('restaurantId', '=', w.restaurantId).where('action', '=', 'category.station').execute();
    expect(audit).toHaveLength(1);
  });
});
