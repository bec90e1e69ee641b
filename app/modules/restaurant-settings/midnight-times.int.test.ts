import { describe, expect, it } from 'vitest';
import { readScheduleFields, SCHEDULE_FIELDS } from '#app/modules/category/category-schedule.ts';
import { demoRestaurant } from '#app/modules/demo/demo-menu.data.ts';
import { exceptionField, serializeOpeningExceptions } from '#app/modules/restaurant/opening-exceptions.ts';
import { ProductInput } from '#app/modules/product/product.schema.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { untouchedSettingsPost } from '#tests/support/settings-form-post.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { RestaurantSettingsInput } from './restaurant-settings.schema.ts';
import { getRestaurantSettings, updateRestaurantSettings } from './restaurant-settings.service.server.ts';
import { settingsFormValues } from './settings-form.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';

/**
 * Issue 23 item 10: times at and past midnight survive the settings form untouched. The demo's
 * Friday and Saturday close at 24:00, which an <input type="time"> cannot show (its value must be
 * 00:00–23:59, anything else becomes empty), so an untouched save used to be refused.
 */

useFileWorld();

async function saveUntouched(restaurantId: string) {
  const scope = scopes.owner(restaurantId);
  const loaded = await getRestaurantSettings(scope);
  const parsed = RestaurantSettingsInput.safeParse(untouchedSettingsPost(settingsFormValues(loaded), loaded.settingsVersion));
  expect(parsed.error?.issues ?? []).toEqual([]);
  await updateRestaurantSettings(scope, storage, parsed.data!, loaded.settingsVersion);
  return { before: loaded, after: await getRestaurantSettings(scope) };
}

describe(`times up to and past midnight on ${testDialect}`, () => {
  it("the demo restaurant's hours (Friday and Saturday until 24:00) save untouched and stay as they were", async () => {
    const exceptions = [{ from: '2026-12-31', to: '2026-12-31', note: 'Revelion', hours: [['18:00', '24:00']] as [string, string][] }];
    const { id } = await insertRestaurant(db, { openingHours: JSON.stringify(demoRestaurant.openingHours), openingExceptions: serializeOpeningExceptions(exceptions) });
    const { before, after } = await saveUntouched(id!);
    expect(after.openingHours).toEqual(demoRestaurant.openingHours);
    expect(after.openingExceptions).toEqual(exceptions);
    expect(after.settingsVersion).toBe(before.settingsVersion + 1);
  });

  it('a closing time past midnight (02:00) and a closing time of 00:00 save untouched', async () => {
    const hours = { mon: [['18:00', '02:00']], tue: [['08:00', '00:00']], wed: [['00:00', '24:00']] };
    const { id } = await insertRestaurant(db, { openingHours: JSON.stringify(hours) });
    const { after } = await saveUntouched(id!);
    // midnight as the day's end is stored one way, 24:00; the guest sees the same hours
    expect(after.openingHours).toEqual({ mon: [['18:00', '02:00']], tue: [['08:00', '24:00']], wed: [['00:00', '24:00']], thu: [], fri: [], sat: [], sun: [] });
  });

  it('a script posting 24:00 is understood as the end of the day', () => {
    const parsed = RestaurantSettingsInput.parse({
      name: 'Casa',
      slug: 'casa-24',
      currency: 'RON',
      timeZone: 'Europe/Bucharest',
      'open-fri': 'on',
      'from-fri': '08:00',
      'to-fri': '24:00',
      [exceptionField(0, 'from')]: '2026-12-31',
      [exceptionField(0, 'opens')]: '18:00',
      [exceptionField(0, 'closes')]: '24:00',
    });
    expect(parsed.openingHours.fri).toEqual([['08:00', '24:00']]);
    expect(parsed.openingExceptions[0]!.hours).toEqual([['18:00', '24:00']]);
  });

  it("a category served until midnight: the form's 00:00 and a posted 24:00 are both the day's end", () => {
    const base = { [SCHEDULE_FIELDS.enabled]: 'on', [SCHEDULE_FIELDS.day('fri')]: 'on', [SCHEDULE_FIELDS.from]: '18:00' };
    for (const to of ['00:00', '24:00']) {
      const { schedule, issues } = readScheduleFields({ ...base, [SCHEDULE_FIELDS.to]: to });
      expect(issues).toEqual([]);
      expect(schedule).toMatchObject({ from: '18:00', to: '00:00', overnight: false });
    }
  });
});

describe('a dish served until midnight', () => {
  it("takes 00:00 from the form and a script's 24:00 as 00:00, which its time input shows", () => {
    const fields = { categoryId: 'c1', nameRo: 'Ciorbă', price: '10', servedFrom: '18:00' };
    for (const servedUntil of ['00:00', '24:00']) expect(ProductInput.parse({ ...fields, servedUntil }).servedUntil).toBe('00:00');
    expect(ProductInput.safeParse({ ...fields, servedUntil: '24:30' }).success).toBe(false);
  });
});
