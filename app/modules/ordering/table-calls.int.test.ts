import { describe, expect, it } from 'vitest';
import { buildCategory, buildLocation, buildProduct, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';
import { updateOrderingSettings } from './ordering-settings.service.server.ts';
import { callFromTable, clearTableCall, findTableCallPlace, getOpenTableCalls } from './table-calls.service.server.ts';
import { orderingSettingsForm } from '#tests/factories/orders.ts';

/**
 * Calls from the table (issue 36 item 5): a table's code calls the waiter or asks for the bill, once
 * per table per two minutes; the staff see the open calls with the table's name, live, and clear
 * them once. A code of another restaurant, or of a location without dine-in orders, calls nobody.
 */
useFileWorld();

/** 20:00 in Bucharest on a Friday */
const NOW = Date.parse('2026-11-27T18:00:00.000Z');

async function restaurantWithTable(dineIn = true) {
  const slug = `chemari-${testDialect}-${newId().slice(0, 6).toLowerCase()}`;
  const { id } = await insertRestaurant(db, { slug, name: 'Bistro la masă' }, {});
  const restaurantId = id!;
  const hall = buildLocation(restaurantId, { nameRo: 'Sala' });
  await db.insertInto('location').values(hall).execute();
  const category = buildCategory(restaurantId, hall.id);
  await db.insertInto('category').values(category).execute();
  await db.insertInto('product').values(buildProduct(restaurantId, category.id)).execute();
  const table = { id: newId(), restaurantId, locationId: hall.id, label: 'Masa 7', code: `c${newId().slice(0, 8)}`, sortOrder: 1, createdAt: new Date(NOW).toISOString() };
  await db.insertInto('diningTable').values(table).execute();
  const input = orderingSettingsForm(hall.id, { ordersEnabled: 'on', ...(dineIn ? { dineIn: 'on' } : { pickup: 'on' }) });
  await updateOrderingSettings(scopes.owner(restaurantId), storage, input);
  return { restaurantId, slug, hall: hall.id, table };
}

const staff = (restaurantId: string) => scopes.member(restaurantId, 'staff', { id: `staff-of-${restaurantId}` });

const liveEvents = (restaurantId: string) =>
  db.selectFrom('liveEvent').select(['type', 'payload']).where('restaurantId', '=', restaurantId).where('type', 'like', 'table.%').orderBy('id').execute();

describe(`calls from the table on ${testDialect}`, () => {
  it('reaches the staff with the table and the kind, live, and is cleared once', async () => {
    const w = await restaurantWithTable();
    expect(await findTableCallPlace(db, w.slug, w.table.code, new Date(NOW))).toEqual({ restaurantName: 'Bistro la masă', tableLabel: 'Masa 7', locationId: w.hall });
    const call = await callFromTable(db, { slug: w.slug, tableCode: w.table.code, kind: 'bill-card', locale: 'en' }, { clientKey: 'guest-1', now: NOW });
    expect(call).toEqual({ kind: 'bill-card', tableLabel: 'Masa 7' });

    const open = await getOpenTableCalls(staff(w.restaurantId), w.hall);
    expect(open).toMatchObject([{ tableLabel: 'Masa 7', kind: 'bill-card', locationId: w.hall, calledAt: '20:00' }]);
    expect(await getOpenTableCalls(staff(w.restaurantId), newId())).toEqual([]);
    const [called] = await liveEvents(w.restaurantId);
    expect(called?.type).toBe('table.called');
    expect(JSON.parse(called!.payload)).toEqual({ callId: open[0]!.id, locationId: w.hall });

    expect(await clearTableCall(staff(w.restaurantId), open[0]!.id)).toEqual({ tableLabel: 'Masa 7' });
    expect(await getOpenTableCalls(scopes.owner(w.restaurantId), null)).toEqual([]);
    expect((await liveEvents(w.restaurantId)).map((event) => event.type)).toEqual(['table.called', 'table.cleared']);
    // a colleague's second tap: told it is done, nothing written twice
    await expect(clearTableCall(staff(w.restaurantId), open[0]!.id)).rejects.toMatchObject({ code: 'table-call-gone' });
    const row = await db.selectFrom('tableCall').select(['clearedAt', 'clearedBy']).where('id', '=', open[0]!.id).executeTakeFirstOrThrow();
    expect(row.clearedAt).not.toBeNull();
    expect(row.clearedBy).toBe(staff(w.restaurantId).actor.id);
  });

  it('takes one call per table per two minutes, whatever its kind', async () => {
    const w = await restaurantWithTable();
    const call = (kind: string, at: number, clientKey = 'guest-2') => callFromTable(db, { slug: w.slug, tableCode: w.table.code, kind, locale: 'ro' }, { clientKey, now: at });
    await call('waiter', NOW);
    await expect(call('bill-cash', NOW + 30_000, 'someone-else')).rejects.toMatchObject({ code: 'table-call-too-soon' });
    await expect(call('waiter', NOW + 119_000)).rejects.toMatchObject({ code: 'table-call-too-soon' });
    await call('bill-cash', NOW + 121_000);
    const rows = await db.selectFrom('tableCall').select('kind').where('restaurantId', '=', w.restaurantId).orderBy('createdAt').execute();
    expect(rows.map((row) => row.kind)).toEqual(['waiter', 'bill-cash']);
  });

  it('calls nobody from an unknown code, another restaurant, a location without dine-in, or with an unknown kind', async () => {
    const w = await restaurantWithTable();
    const other = await restaurantWithTable();
    const pickupOnly = await restaurantWithTable(false);
    const attempts: [string, string | null, unknown, string][] = [
      [w.slug, 'zzzzzzzz', 'waiter', 'table-call-unknown'],
      [w.slug, null, 'waiter', 'table-call-unknown'],
      [w.slug, other.table.code, 'waiter', 'table-call-unknown'],
      [pickupOnly.slug, pickupOnly.table.code, 'waiter', 'table-call-unknown'],
      [w.slug, w.table.code, 'dessert', 'invalid-input'],
    ];
    for (const [slug, tableCode, kind, code] of attempts) {
      await expect(callFromTable(db, { slug, tableCode, kind, locale: 'ro' }, { clientKey: 'guest-3', now: NOW })).rejects.toMatchObject({ code });
    }
    expect(await findTableCallPlace(db, w.slug, other.table.code, new Date(NOW))).toBeUndefined();
    expect(await findTableCallPlace(db, pickupOnly.slug, pickupOnly.table.code, new Date(NOW))).toBeUndefined();
    for (const restaurantId of [w.restaurantId, other.restaurantId, pickupOnly.restaurantId]) {
      expect(await db.selectFrom('tableCall').select('id').where('restaurantId', '=', restaurantId).execute()).toEqual([]);
    }
    // another restaurant's staff cannot clear this one's call
    await callFromTable(db, { slug: w.slug, tableCode: w.table.code, kind: 'waiter', locale: 'ro' }, { clientKey: 'guest-4', now: NOW });
    const [open] = await getOpenTableCalls(staff(w.restaurantId), null);
    await expect(clearTableCall(scopes.owner(other.restaurantId), open!.id)).rejects.toMatchObject({ code: 'not-found' });
    expect(await getOpenTableCalls(staff(w.restaurantId), null)).toHaveLength(1);
  });
});
