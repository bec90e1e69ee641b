import { mkdirSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import { memberCookie, ownerWithCategories } from './accounts.ts';
import { DESKTOP, PHONE, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { lookAtPage, signedInOpener } from './kitchen-world.ts';
import { toast } from './owner-session.ts';

/**
 * Issue 36 item 1: an owner sets up a location's stations on `/{slug}/admin/ordering/stations`: adds
 * two, renames one with its thresholds, is refused a warning not below the late threshold in words
 * (nothing changes), moves one up, routes a category, deletes one. A manager may too; a waiter
 * (staff: no `orders.settings`) is refused. Looked at (axe, width, screenshots) at 390 and 1280 px in
 * ro and en, with the ordering settings' printers section beside it.
 */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();
const open = signedInOpener(browserOf, baseUrl);
const shots = '/tmp/shots-kitchen';
beforeAll(() => mkdirSync(shots, { recursive: true }));

let db: Kysely<Database>;
afterAll(async () => {
  await open.closeAll();
  await db?.destroy();
});

let slug: string;
let ownerCookie: string;
let restaurantId: string;
const path = () => `/${slug}/admin/ordering/stations`;

const stationsOf = async () =>
  db.selectFrom('station').select(['nameRo', 'nameEn', 'warnMinutes', 'lateMinutes']).where('restaurantId', '=', restaurantId).orderBy('sortOrder').execute();
const stationItem = (page: Page, name: string) => page.getByTestId('station').filter({ has: page.getByRole('button', { name: `Șterge stația ${name}` }) });

async function addStation(page: Page, name: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Stație nouă: Salon' });
  await form.getByLabel('Nume', { exact: true }).fill(name);
  await form.getByRole('button', { name: 'Adaugă stația' }).click();
  await toast(page, `Stația ${name} a fost adăugată.`);
}

describe('the stations page', () => {
  it('lets an owner add, rename with thresholds, reorder, route a category to and delete stations; a bad threshold is refused in words', async () => {
    db = openServerDatabase();
    const owner = await ownerWithCategories(baseUrl, 'statii-bistro', ['Ciorbe', 'Băuturi']);
    ({ slug, cookie: ownerCookie } = owner);
    restaurantId = (await db.selectFrom('restaurant').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    const page = await open(ownerCookie, `/${slug}/admin/ordering`, DESKTOP);
    await page.getByTestId('stations-link').click();
    await page.getByRole('heading', { level: 2, name: 'Stații' }).waitFor();
    await page.getByText('Nicio stație încă').waitFor();

    await addStation(page, 'Bucătărie');
    await addStation(page, 'Bar');
    expect(await stationsOf()).toEqual([
      { nameRo: 'Bucătărie', nameEn: null, warnMinutes: 10, lateMinutes: 20 },
      { nameRo: 'Bar', nameEn: null, warnMinutes: 10, lateMinutes: 20 },
    ]);

    // rename the bar, with its own thresholds
    const bar = stationItem(page, 'Bar');
    await bar.getByLabel('Nume', { exact: true }).fill('Bar de cocteiluri');
    await bar.getByLabel('Nume în engleză (opțional)').fill('Cocktail bar');
    await bar.getByLabel('Atenție după (minute)').fill('5');
    await bar.getByLabel('Întârziat după (minute)').fill('12');
    await bar.getByRole('button', { name: 'Salvează stația' }).click();
    await toast(page, 'Stația Bar de cocteiluri a fost salvată.');
    expect((await stationsOf())[1]).toEqual({ nameRo: 'Bar de cocteiluri', nameEn: 'Cocktail bar', warnMinutes: 5, lateMinutes: 12 });

    // a warning not below the late threshold: refused with its message on the field, nothing saved
    const kitchen = stationItem(page, 'Bucătărie');
    await kitchen.getByLabel('Nume', { exact: true }).fill('Bucătăria mare');
    await kitchen.getByLabel('Atenție după (minute)').fill('30');
    await kitchen.getByLabel('Întârziat după (minute)').fill('15');
    await kitchen.getByRole('button', { name: 'Salvează stația' }).click();
    await kitchen.getByText('Pragul „întârziat” trebuie să fie mai mare decât pragul „atenție”.').waitFor();
    // what was typed stays in the form to correct
    expect(await kitchen.getByLabel('Atenție după (minute)').inputValue()).toBe('30');
    expect((await stationsOf())[0]).toEqual({ nameRo: 'Bucătărie', nameEn: null, warnMinutes: 10, lateMinutes: 20 });
    expect((await lookAtPage(page, `${shots}/stations-refused-1280-ro.png`)).axe).toEqual([]);

    // the bar first: it takes the categories without a station
    await page.getByRole('button', { name: 'Mută mai sus: Bar de cocteiluri' }).click();
    await toast(page, 'Ordinea stațiilor a fost schimbată.');
    expect((await stationsOf()).map((station) => station.nameRo)).toEqual(['Bar de cocteiluri', 'Bucătărie']);
    await expect.poll(() => page.getByTestId('station').first().textContent()).toContain('prima: primește categoriile fără stație');

    // the soups to the kitchen
    const soups = page.getByRole('listitem').filter({ has: page.getByLabel('Stația pentru Ciorbe') });
    await soups.getByLabel('Stația pentru Ciorbe').selectOption({ label: 'Bucătărie' });
    await soups.getByRole('button', { name: 'Salvează: Ciorbe' }).click();
    await toast(page, 'Stația categoriei a fost salvată.');
    const soupStation = async () =>
      (
        await db
          .selectFrom('category')
          .leftJoin('station', 'station.id', 'category.stationId')
          .select('station.nameRo')
          .where('category.restaurantId', '=', restaurantId)
          .where('category.nameRo', '=', 'Ciorbe')
          .executeTakeFirstOrThrow()
      ).nameRo;
    expect(await soupStation()).toBe('Bucătărie');

    // deleting the kitchen sends its categories to the first station
    await page.getByRole('button', { name: 'Șterge stația Bucătărie' }).click();
    await toast(page, 'Stația a fost ștearsă.');
    expect((await stationsOf()).map((station) => station.nameRo)).toEqual(['Bar de cocteiluri']);
    expect(await soupStation()).toBeNull();
    // the page read again after the delete shows the category on no station of its own (the location's first)
    await expect.poll(() => page.getByLabel('Stația pentru Ciorbe').inputValue()).toBe('');
  });

  it('lets a manager change stations and refuses a waiter the page and its forms', async () => {
    const managerCookie = await memberCookie(baseUrl, db, restaurantId, 'manager', 'Manager');
    const page = await open(managerCookie, path(), PHONE);
    await addStation(page, 'Desert');
    expect((await stationsOf()).map((station) => station.nameRo)).toEqual(['Bar de cocteiluri', 'Desert']);

    const waiterCookie = await memberCookie(baseUrl, db, restaurantId, 'staff', 'Chelner');
    const read = await fetch(`${baseUrl}${path()}`, { redirect: 'manual', headers: { cookie: waiterCookie } });
    expect(read.headers.get('location')).toMatch(/^\/unauthorized\?/);
    const locationId = (await db.selectFrom('location').select('id').where('restaurantId', '=', restaurantId).executeTakeFirstOrThrow()).id;
    const post = await fetch(`${baseUrl}${path()}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: waiterCookie, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'add', locationId, nameRo: 'Grătar', warnMinutes: '10', lateMinutes: '20' }),
    });
    expect(post.headers.get('location')).toMatch(/^\/unauthorized\?/);
    expect((await stationsOf()).map((station) => station.nameRo)).toEqual(['Bar de cocteiluri', 'Desert']);
  });

  for (const locale of ['ro', 'en'] as const)
    it(`looks right at 390 and 1280 px in ${locale}, with the printers section of the ordering settings (axe)`, async () => {
      if (locale === 'ro') {
        // a printer on the ordering settings: its row and its address shown once
        const settings = await open(ownerCookie, `/${slug}/admin/ordering`, DESKTOP);
        const printers = settings.getByTestId('printers');
        await printers.getByLabel('Numele imprimantei').fill('Star TSP143IV Bucătărie');
        await printers.getByRole('button', { name: 'Adaugă imprimanta' }).click();
        await printers.getByTestId('printer-address').waitFor();
        expect(await printers.getByTestId('printer-address').inputValue()).toMatch(/\/api\/print\/[\w-]{20,}$/);
        // the form is empty again: a second tap would add a second printer
        expect(await printers.getByLabel('Numele imprimantei').inputValue()).toBe('');
        for (const [name, viewport] of [
          ['390', PHONE],
          ['1280', DESKTOP],
        ] as const) {
          await settings.setViewportSize(viewport);
          const seen = await lookAtPage(settings, `${shots}/printers-address-${name}-ro.png`, printers.locator('xpath=ancestor::fieldset[1]'));
          expect(seen, `printers with the address at ${name}`).toEqual({ wider: [], axe: [] });
        }
      }
      const page = await open(ownerCookie, path(), PHONE, { locale });
      for (const [name, viewport] of [
        ['390', PHONE],
        ['1280', DESKTOP],
      ] as const) {
        await page.setViewportSize(viewport);
        for (const [what, address] of [
          ['stations', path()],
          ['printers', `/${slug}/admin/ordering`],
        ] as const) {
          await page.goto(address);
          await page
            .getByRole('heading', {
              level: 2,
              name: locale === 'ro' ? (what === 'stations' ? 'Stații' : 'Comenzi și rezervări') : what === 'stations' ? 'Stations' : 'Orders and reservations',
            })
            .waitFor();
          // in English a station is named as its English screen is
          if (what === 'stations' && locale === 'en') await page.getByRole('button', { name: 'Delete the station Cocktail bar' }).waitFor();
          const part = what === 'printers' ? page.getByTestId('printers').locator('xpath=ancestor::fieldset[1]') : undefined;
          const seen = await lookAtPage(page, `${shots}/${what}-${name}-${locale}.png`, part);
          expect(seen, `${what} at ${name} in ${locale}`).toEqual({ wider: [], axe: [] });
        }
      }
    });
});
