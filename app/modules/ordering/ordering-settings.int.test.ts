import { describe, expect, it } from 'vitest';
import { getI18n } from '#app/i18n/i18n.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { getPublicMenu } from '#app/modules/guest-menu/menu.service.server.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';
import { OrderingSettingsInput } from './ordering-settings.schema.ts';
import { getOrderingSettings, locationOrderingForGuests, setOrdersPaused, updateOrderingSettings } from './ordering-settings.service.server.ts';

/** Issue 25, settings per location: what each location offers guests, versioned, and the pause switch. */
useFileWorld();

async function restaurant(slug: string) {
  const { id } = await insertRestaurant(db, { slug, name: `Bistro ${slug}` }, {});
  const scope = scopes.owner(id!);
  const locationId = await createLocation(scope, storage, LocationInput.parse({ nameRo: 'Terasă', nameEn: 'Terrace' }));
  return { id: id!, scope, locationId };
}

const form = (locationId: string, version: number, overrides: Record<string, string> = {}) =>
  OrderingSettingsInput.parse({
    locationId,
    version: String(version),
    ordersEnabled: 'on',
    dineIn: 'on',
    reservationsEnabled: 'on',
    slotMinutes: '30',
    maxPartySize: '6',
    leadMinutes: '60',
    daysAhead: '14',
    capacityPerSlot: '3',
    guestNoteRo: 'Comanda ajunge în 20 de minute.',
    ...overrides,
  });

describe(`ordering settings per location on ${testDialect}`, () => {
  it('start off, save with their version, show on the menu, and refuse a stale form', async () => {
    const a = await restaurant('comenzi-a');
    const [initial] = await getOrderingSettings(a.scope);
    expect(initial!.settings).toMatchObject({ ordersEnabled: false, reservationsEnabled: false, version: 0 });
    const before = await getPublicMenu(db, 'comenzi-a');
    expect(before?.status === 'active' && before.locations[0]!.ordering).toBeNull();

    await updateOrderingSettings(a.scope, storage, form(a.locationId, 0));
    const saved = await locationOrderingForGuests(db, a.id, a.locationId);
    expect(saved).toMatchObject({ ordersEnabled: true, dineIn: true, pickup: false, reservationsEnabled: true, maxPartySize: 6, capacityPerSlot: 3, version: 1 });
    const menu = await getPublicMenu(db, 'comenzi-a');
    if (menu?.status !== 'active') throw new Error('the menu should be published');
    expect(menu.locations[0]!.ordering).toEqual({
      orders: { dineIn: true, pickup: false, paused: false },
      reservations: true,
      noteRo: 'Comanda ajunge în 20 de minute.',
      noteEn: null,
    });

    // the same form again (version 0) is stale: a second tab that never saw the first save
    await expect(updateOrderingSettings(a.scope, storage, form(a.locationId, 0, { maxPartySize: '40' }))).rejects.toMatchObject({ code: 'stale-edit' });
    expect((await locationOrderingForGuests(db, a.id, a.locationId)).maxPartySize).toBe(6);
  });

  it('pauses and resumes, and the menu says so; a location of another restaurant is not found', async () => {
    const a = await restaurant('comenzi-b');
    const b = await restaurant('comenzi-c');
    await updateOrderingSettings(a.scope, storage, form(a.locationId, 0));
    const versionBefore = (await db.selectFrom('restaurant').select('menuVersion').where('id', '=', a.id).executeTakeFirstOrThrow()).menuVersion;
    await setOrdersPaused(scopes.member(a.id, 'staff'), storage, a.locationId, true);
    expect((await locationOrderingForGuests(db, a.id, a.locationId)).paused).toBe(true);
    const after = (await db.selectFrom('restaurant').select('menuVersion').where('id', '=', a.id).executeTakeFirstOrThrow()).menuVersion;
    expect(after).toBeGreaterThan(versionBefore);
    await setOrdersPaused(a.scope, storage, a.locationId, false);
    expect((await locationOrderingForGuests(db, a.id, a.locationId)).paused).toBe(false);

    await expect(updateOrderingSettings(b.scope, storage, form(a.locationId, 1))).rejects.toMatchObject({ code: 'not-found' });
    await expect(setOrdersPaused(b.scope, storage, a.locationId, true)).rejects.toMatchObject({ code: 'not-found' });
    expect((await locationOrderingForGuests(db, a.id, a.locationId)).paused).toBe(false);
  });

  it('lets the owner set the ceilings within the platform’s bounds, and refuses others with a translated rule (issue 33)', async () => {
    const a = await restaurant('comenzi-plafon');
    await updateOrderingSettings(a.scope, storage, form(a.locationId, 0));
    expect(await locationOrderingForGuests(db, a.id, a.locationId)).toMatchObject({
      orderCeiling: 60,
      reservationHourCeiling: 20,
      reservationDayCeiling: 100,
      reservationContactCeiling: 3,
    });
    const ceilings = { orderCeiling: '120', reservationHourCeiling: '30', reservationDayCeiling: '200', reservationContactCeiling: '2' };
    await updateOrderingSettings(a.scope, storage, form(a.locationId, 1, ceilings));
    expect(await locationOrderingForGuests(db, a.id, a.locationId)).toMatchObject({
      orderCeiling: 120,
      reservationHourCeiling: 30,
      reservationDayCeiling: 200,
      reservationContactCeiling: 2,
      version: 2,
    });
    const refused = OrderingSettingsInput.safeParse({
      locationId: a.locationId,
      version: '2',
      slotMinutes: '30',
      maxPartySize: '6',
      leadMinutes: '60',
      daysAhead: '14',
      capacityPerSlot: '3',
      orderCeiling: '0',
      reservationHourCeiling: '100000',
      reservationDayCeiling: 'mult',
      reservationContactCeiling: '',
    });
    expect(refused.error?.issues.map((issue) => `${String(issue.path[0])}:${issue.message}`).sort()).toEqual([
      'orderCeiling:outOfRange',
      'reservationContactCeiling:required',
      'reservationDayCeiling:wholeNumber',
      'reservationHourCeiling:outOfRange',
    ]);
    // a day's ceiling below the hour's is refused on the day's field
    const dayBelowHour = OrderingSettingsInput.safeParse({
      ...ceilings,
      locationId: 'l',
      version: '2',
      slotMinutes: '30',
      maxPartySize: '6',
      leadMinutes: '60',
      daysAhead: '14',
      capacityPerSlot: '3',
      reservationDayCeiling: '10',
    });
    expect(dayBelowHour.error?.issues.map((issue) => `${String(issue.path[0])}:${issue.message}`)).toEqual(['reservationDayCeiling:outOfRange']);
    expect(getI18n('ro').t('editorErrors.outOfRange', { min: 5, max: 500 })).toContain('500');
    expect(getI18n('en').t('editorErrors.outOfRange', { min: 5, max: 500 })).toContain('500');
  });

  it('refuses ordering with no kind, and numbers out of range, each with its rule', () => {
    const noKind = OrderingSettingsInput.safeParse({
      locationId: 'l',
      version: '0',
      ordersEnabled: 'on',
      slotMinutes: '30',
      maxPartySize: '6',
      leadMinutes: '0',
      daysAhead: '14',
      capacityPerSlot: '3',
    });
    expect(noKind.error?.issues.map((issue) => issue.message)).toEqual(['orderKindRequired']);
    const outOfRange = OrderingSettingsInput.safeParse({
      locationId: 'l',
      version: '0',
      slotMinutes: '5',
      maxPartySize: '-1',
      leadMinutes: '',
      daysAhead: '1.5',
      capacityPerSlot: '9999',
    });
    expect(outOfRange.error?.issues.map((issue) => `${String(issue.path[0])}:${issue.message}`).sort()).toEqual([
      'capacityPerSlot:outOfRange',
      'daysAhead:wholeNumber',
      'leadMinutes:required',
      'maxPartySize:wholeNumber',
      'slotMinutes:outOfRange',
    ]);
  });
});
