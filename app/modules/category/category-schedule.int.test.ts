import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getI18n } from '#app/i18n/i18n.ts';
import { fieldErrorsOf, runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { runMenuIntent } from '#app/modules/editor/menu-editor.intents.server.ts';
import { getEditorMenu } from '#app/modules/editor/menu-editor.service.server.ts';
import { getPublicMenu } from '#app/modules/guest-menu/menu.service.server.ts';
import { exportMenu } from '#app/modules/import/export.service.server.ts';
import { ProductInput } from '#app/modules/product/product.schema.ts';
import { createProduct } from '#app/modules/product/product.service.server.ts';
import { RestaurantSettingsInput } from '#app/modules/restaurant-settings/restaurant-settings.schema.ts';
import { getRestaurantSettings, updateRestaurantSettings } from '#app/modules/restaurant-settings/restaurant-settings.service.server.ts';
import { buildRestaurant } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { rowVersion, settingsVersion } from '#tests/support/versions.ts';
import { CategoryInput } from './category.schema.ts';
import { createCategory, duplicateCategory, updateCategory } from './category.service.server.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';

/**
 * Time-based categories and closed days through the services (decision 0022): saved through the
 * shared write path (the menu version moves), refused whole on bad input with every problem named,
 * refused for another restaurant's owner, and read back by the guest menu at a given moment.
 */

useFileWorld();

/** An update-category post with the version the editor showed (decision 0015). */
const versioned = async (form: { id: string } & Record<string, string>) => ({ ...form, version: await rowVersion(db, 'category', form.id) });
const { t } = getI18n('ro');
const at = (iso: string) => Date.parse(iso);

async function restaurantWithBreakfast(name: string) {
  const restaurant = buildRestaurant({ name });
  await db.insertInto('restaurant').values(restaurant).execute();
  const scope = scopes.owner(restaurant.id);
  const locationId = await createLocation(scope, storage, LocationInput.parse({ nameRo: 'Centru' }));
  const categoryId = await createCategory(scope, storage, CategoryInput.parse({ locationId, nameRo: 'Mic dejun', visible: 'on' }));
  await createProduct(scope, storage, ProductInput.parse({ categoryId, nameRo: 'Omletă', price: '20', available: 'on', visible: 'on' }));
  return { scope, restaurant, locationId, categoryId };
}

const menuVersion = async (restaurantId: string) => (await db.selectFrom('restaurant').select('menuVersion').where('id', '=', restaurantId).executeTakeFirstOrThrow()).menuVersion;

const breakfastForm = (locationId: string, categoryId: string, extra: Record<string, string> = {}) => ({
  intent: 'update-category',
  id: categoryId,
  locationId,
  nameRo: 'Mic dejun',
  visible: 'on',
  scheduled: 'on',
  'scheduleDay-mon': 'on',
  'scheduleDay-tue': 'on',
  'scheduleDay-wed': 'on',
  'scheduleDay-thu': 'on',
  'scheduleDay-fri': 'on',
  'scheduleDay-sat': 'on',
  'scheduleDay-sun': 'on',
  scheduleFrom: '07:00',
  scheduleTo: '11:00',
  scheduleOutside: 'mark',
  ...extra,
});

describe(`time-based categories on ${testDialect}`, () => {
  it('a schedule saved from the editor form bumps the menu version; guests see the category marked, then hidden, by the clock', async () => {
    const { scope, restaurant, locationId, categoryId } = await restaurantWithBreakfast('Program');
    const before = await menuVersion(restaurant.id);
    await runMenuIntent(scope, await versioned(breakfastForm(locationId, categoryId)), { storage, t });
    expect(await menuVersion(restaurant.id)).toBeGreaterThan(before);
    const editor = await getEditorMenu(scope);
    expect(editor.categories[0]?.schedule).toEqual({ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: '07:00', to: '11:00', overnight: false, outside: 'mark' });

    // Monday 08:30 in Bucharest: served; the page changes at 11:00 local
    const morning = await getPublicMenu(db, restaurant.slug, at('2026-12-07T06:30:00Z'));
    if (morning?.status !== 'active') throw new Error('expected an active menu');
    expect(morning.locations[0]?.categories[0]).toMatchObject({ id: categoryId, servedNow: true });
    expect(morning.validUntil).toBe('2026-12-07T09:00:00.000Z');
    // 12:00 local: still there, marked, until 07:00 the next day
    const noon = await getPublicMenu(db, restaurant.slug, at('2026-12-07T10:00:00Z'));
    if (noon?.status !== 'active') throw new Error('expected an active menu');
    expect(noon.locations[0]?.categories[0]).toMatchObject({ id: categoryId, servedNow: false });
    expect(noon.validUntil).toBe('2026-12-08T05:00:00.000Z');

    await runMenuIntent(scope, { ...breakfastForm(locationId, categoryId), scheduleOutside: 'hide', version: editor.categories[0]!.updatedAt }, { storage, t });
    const hidden = await getPublicMenu(db, restaurant.slug, at('2026-12-07T10:00:00Z'));
    if (hidden?.status !== 'active') throw new Error('expected an active menu');
    expect(hidden.locations[0]?.categories).toEqual([]);
    expect(hidden.validUntil).toBe('2026-12-08T05:00:00.000Z');

    // a copy keeps the schedule; unticking it makes the category always served again
    const copy = await duplicateCategory(scope, storage, categoryId);
    expect((await getEditorMenu(scope)).categories.find((c) => c.id === copy)?.schedule).toMatchObject({ from: '07:00', outside: 'hide' });
    await runMenuIntent(scope, await versioned({ intent: 'update-category', id: categoryId, locationId, nameRo: 'Mic dejun', visible: 'on' }), { storage, t });
    expect((await getEditorMenu(scope)).categories.find((c) => c.id === categoryId)?.schedule).toBeNull();
  });

  it('refuses a bad schedule with every problem at once, and saves nothing', async () => {
    const { scope, restaurant, locationId, categoryId } = await restaurantWithBreakfast('Greșit');
    const version = await menuVersion(restaurant.id);
    const form = { intent: 'update-category', id: categoryId, locationId, nameRo: '', visible: 'on', scheduled: 'on', scheduleFrom: '22:00', scheduleTo: '02:00' };
    const error = await runMenuIntent(scope, form, { storage, t }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(z.ZodError);
    expect((error as z.ZodError).issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['nameRo', 'required'],
      ['scheduleDays', 'scheduleDays'],
      ['scheduleTo', 'scheduleOvernight'],
    ]);
    expect(await menuVersion(restaurant.id)).toBe(version);
    expect((await getEditorMenu(scope)).categories[0]).toMatchObject({ nameRo: 'Mic dejun', schedule: null });
    // ticked "past midnight", the same range is a late-night schedule
    await runMenuIntent(scope, await versioned({ ...form, nameRo: 'Bar', 'scheduleDay-fri': 'on', scheduleOvernight: 'on' }), { storage, t });
    expect((await getEditorMenu(scope)).categories[0]?.schedule).toEqual({ days: ['fri'], from: '22:00', to: '02:00', overnight: true, outside: 'mark' });
  });

  it('refuses every kind of bad schedule with a message in Romanian and English, and the saved one stays', async () => {
    const { scope, restaurant, locationId, categoryId } = await restaurantWithBreakfast('Atac');
    await runMenuIntent(scope, await versioned(breakfastForm(locationId, categoryId)), { storage, t });
    const saved = (await getEditorMenu(scope)).categories[0]!;
    const version = await menuVersion(restaurant.id);
    const noDays = Object.fromEntries(Object.entries(breakfastForm(locationId, categoryId)).filter(([key]) => !key.startsWith('scheduleDay-')));
    const bad: [Record<string, string>, string][] = [
      [noDays, 'scheduleDays'],
      [breakfastForm(locationId, categoryId, { scheduleTo: '07:00' }), 'scheduleTo'],
      [breakfastForm(locationId, categoryId, { scheduleFrom: '25:00' }), 'scheduleFrom'],
      [breakfastForm(locationId, categoryId, { scheduleFrom: '7:5' }), 'scheduleFrom'],
      [breakfastForm(locationId, categoryId, { scheduleTo: '{"days":[]}' }), 'scheduleTo'],
      [breakfastForm(locationId, categoryId, { scheduleFrom: '' }), 'scheduleFrom'],
      [breakfastForm(locationId, categoryId, { scheduleFrom: '22:00', scheduleTo: '02:00' }), 'scheduleTo'],
      [breakfastForm(locationId, categoryId, { scheduleOutside: 'show' }), 'scheduleOutside'],
    ];
    for (const [form, field] of bad) {
      const error = await runMenuIntent(scope, { ...form, version: saved.updatedAt }, { storage, t }).catch((e: unknown) => e);
      expect(error, field).toBeInstanceOf(z.ZodError);
      const ro = fieldErrorsOf(error as z.ZodError, getI18n('ro').t);
      const en = fieldErrorsOf(error as z.ZodError, getI18n('en').t);
      expect(Object.keys(ro)).toContain(field);
      expect(ro[field]).not.toMatch(/^editorErrors\./);
      expect(en[field]).not.toMatch(/^editorErrors\./);
      expect(en[field]).not.toBe(ro[field]);
    }
    expect(await menuVersion(restaurant.id)).toBe(version);
    expect((await getEditorMenu(scope)).categories[0]).toMatchObject({ updatedAt: saved.updatedAt, schedule: saved.schedule });
  });

  it('a restaurant whose stored time zone is unknown gets its menu in Europe/Bucharest time, not an error', async () => {
    const { restaurant, locationId, categoryId, scope } = await restaurantWithBreakfast('Fus orar');
    await runMenuIntent(scope, await versioned(breakfastForm(locationId, categoryId)), { storage, t });
    await db
      .updateTable('restaurant')
      .set({ timeZone: 'Nowhere/City', openingHours: JSON.stringify({ mon: [['10:00', '22:00']] }) })
      .where('id', '=', restaurant.id)
      .execute();
    const morning = await getPublicMenu(db, restaurant.slug, at('2026-12-07T06:30:00Z'));
    if (morning?.status !== 'active') throw new Error('expected an active menu');
    expect(morning.locations[0]?.categories[0]).toMatchObject({ id: categoryId, servedNow: true });
    expect(morning.restaurant.opening.openNow).toBe(false);
    expect(morning.validUntil).toBe('2026-12-07T08:00:00.000Z');
  });

  it("refuses a second restaurant's owner, and the first restaurant's category does not change", async () => {
    const a = await restaurantWithBreakfast('A');
    const b = await restaurantWithBreakfast('B');
    const version = await menuVersion(a.restaurant.id);
    const input = CategoryInput.parse(breakfastForm(a.locationId, a.categoryId));
    await expect(updateCategory(b.scope, storage, a.categoryId, input, await rowVersion(db, 'category', a.categoryId))).rejects.toMatchObject({ code: 'not-found' });
    await expect(runMenuIntent(b.scope, await versioned(breakfastForm(a.locationId, a.categoryId)), { storage, t })).rejects.toMatchObject({ code: 'not-found' });
    expect((await getEditorMenu(a.scope)).categories[0]?.schedule).toBeNull();
    expect(await menuVersion(a.restaurant.id)).toBe(version);
  });
});

const settingsForm = (slug: string, extra: Record<string, string> = {}) => ({
  name: 'Bistro',
  slug,
  currency: 'RON',
  timeZone: 'Europe/Bucharest',
  'open-mon': 'on',
  'from-mon': '10:00',
  'to-mon': '22:00',
  'open-fri': 'on',
  'from-fri': '10:00',
  'to-fri': '22:00',
  ...extra,
});

/** Saves the settings form with `extra` as the owner's screen posts it, with the version it showed. */
const saveSettings = async (scope: Parameters<typeof updateRestaurantSettings>[0], restaurant: { id: string; slug: string }, extra: Record<string, string> = {}) =>
  updateRestaurantSettings(scope, storage, RestaurantSettingsInput.parse(settingsForm(restaurant.slug, extra)), await settingsVersion(db, restaurant.id));

describe(`closed days and special hours on ${testDialect}`, () => {
  it('are saved with the settings, read back by the form, and told to guests by the date', async () => {
    const { scope, restaurant } = await restaurantWithBreakfast('Sărbători');
    await saveSettings(scope, restaurant, {
      'exception-0-from': '2026-12-25',
      'exception-0-to': '2026-12-26',
      'exception-0-note': 'Crăciun',
      'exception-1-from': '2026-12-24',
      'exception-1-opens': '10:00',
      'exception-1-closes': '14:00',
    });
    const saved = await getRestaurantSettings(scope);
    expect(saved.openingExceptions).toEqual([
      { from: '2026-12-24', to: '2026-12-24', note: null, hours: [['10:00', '14:00']] },
      { from: '2026-12-25', to: '2026-12-26', note: 'Crăciun', hours: [] },
    ]);
    // Friday 25 December 12:00 local: a Friday with hours, but closed for Christmas
    const christmas = await getPublicMenu(db, restaurant.slug, at('2026-12-25T10:00:00Z'));
    if (christmas?.status !== 'active') throw new Error('expected an active menu');
    expect(christmas.restaurant.opening).toEqual({ openNow: false, today: saved.openingExceptions[1], upcoming: [], soon: null });
    expect(christmas.validUntil).toBe('2026-12-25T22:00:00.000Z');
    // Monday 21 December: open, both exceptions announced
    const before = await getPublicMenu(db, restaurant.slug, at('2026-12-21T10:00:00Z'));
    if (before?.status !== 'active') throw new Error('expected an active menu');
    expect(before.restaurant.opening).toEqual({ openNow: true, today: null, upcoming: saved.openingExceptions, soon: saved.openingExceptions[0] });

    // the owner's JSON export keeps them, and a category's schedule
    await runMenuIntent(scope, await versioned(breakfastForm((await getEditorMenu(scope)).locations[0]!.id, (await getEditorMenu(scope)).categories[0]!.id)), { storage, t });
    const file = await exportMenu(scope, 'json', { slug: restaurant.slug });
    const json = JSON.parse(new TextDecoder().decode(file.body)) as { restaurant: { openingExceptions: unknown }; categories: { schedule: unknown }[] };
    expect(json.restaurant.openingExceptions).toEqual(saved.openingExceptions);
    expect(json.categories[0]?.schedule).toMatchObject({ from: '07:00', to: '11:00', outside: 'mark' });
  });

  it('refuses bad rows with every problem at once and saves nothing', async () => {
    const { scope, restaurant } = await restaurantWithBreakfast('Greșeli');
    const form = settingsForm(restaurant.slug, {
      name: '',
      'exception-0-from': '2026-02-30',
      'exception-1-from': '2026-12-31',
      'exception-1-to': '2026-12-30',
      'exception-2-from': '2026-12-24',
      'exception-2-opens': '10:00',
    });
    const parsed = RestaurantSettingsInput.safeParse(form);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['name', 'required'],
      ['exception-0-from', 'exceptionDate'],
      ['exception-1-to', 'exceptionRange'],
      ['exception-2-closes', 'servingHoursPair'],
    ]);
    expect((await getRestaurantSettings(scope)).openingExceptions).toEqual([]);
  });

  it('refuses every kind of bad row, in Romanian and English, and the saved settings stay as they were', async () => {
    const { scope, restaurant } = await restaurantWithBreakfast('Respins');
    await saveSettings(scope, restaurant, { 'exception-0-from': '2026-12-25', 'exception-0-note': 'Crăciun' });
    const saved = await getRestaurantSettings(scope);
    const bad: [Record<string, string>, string][] = [
      [{ 'exception-0-from': '2026-12-25', 'exception-0-to': '2026-12-24' }, 'exception-0-to'],
      [{ 'exception-0-from': '2026-02-30' }, 'exception-0-from'],
      [{ 'exception-0-to': '2026-12-31' }, 'exception-0-from'],
      [{ 'exception-0-from': '2026-12-25', 'exception-0-note': 'x'.repeat(10_000) }, 'exception-0-note'],
      [{ 'exception-0-from': '2026-12-24', 'exception-0-opens': '7:5', 'exception-0-closes': '14:00' }, 'exception-0-opens'],
      [{ 'exception-0-from': '2026-12-24', 'exception-0-opens': '10:00', 'exception-0-closes': '25:00' }, 'exception-0-closes'],
      [{ 'exception-0-from': '2026-12-24', 'exception-0-opens': '10:00', 'exception-0-closes': '10:00' }, 'exception-0-closes'],
      [{ 'exception-0-from': '2026-12-24', 'exception-0-closes': '14:00' }, 'exception-0-opens'],
      // the regular hours are checked with the rows, so every problem shows at once
      [{ 'exception-0-from': '2026-02-30', 'from-mon': '25:00' }, 'from-mon'],
      // a crafted post without the select's fields gets the select's own message
      [{ timeZone: undefined as unknown as string }, 'timeZone'],
      [{ slug: undefined as unknown as string }, 'slug'],
    ];
    for (const [extra, field] of bad) {
      const form = Object.fromEntries(Object.entries({ ...settingsForm(restaurant.slug), ...extra }).filter(([, value]) => value !== undefined));
      const answers = await Promise.all(
        (['ro', 'en'] as const).map((lang) =>
          runEditorAction(new Request('http://localhost/x', { headers: { cookie: `lang=${lang}` } }), form, async () => {
            await updateRestaurantSettings(scope, storage, RestaurantSettingsInput.parse(form), await settingsVersion(db, restaurant.id));
            return { message: 'saved' };
          }),
        ),
      );
      const [ro, en] = answers.map((answer) => {
        expect(answer.init?.status, field).toBe(400);
        return (answer.data as { fieldErrors: Record<string, string> }).fieldErrors[field];
      });
      expect(ro, field).toBeTypeOf('string');
      expect(ro, field).not.toMatch(/^editorErrors|expected/);
      expect(en, field).not.toMatch(/^editorErrors|expected/);
      expect(en, field).not.toBe(ro);
    }
    expect(await getRestaurantSettings(scope)).toEqual(saved);
  });

  it("a second restaurant's owner saves only their own restaurant", async () => {
    const a = await restaurantWithBreakfast('Prima');
    const b = await restaurantWithBreakfast('A doua');
    await saveSettings(b.scope, b.restaurant, { 'exception-0-from': '2026-12-25' });
    expect((await getRestaurantSettings(a.scope)).openingExceptions).toEqual([]);
    expect((await getRestaurantSettings(b.scope)).openingExceptions).toHaveLength(1);
  });
});
