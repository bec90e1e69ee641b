import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { buildLocation, insertRestaurant } from '#tests/factories/builders.ts';
import { insertDiningTable, insertOrder, PIZZA_ORDER } from '#tests/factories/orders.ts';
import { db, scopes, useFileWorld } from '#tests/support/file-world.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { getGuestOrderPage } from './guest-order.service.server.ts';
import { mergeBoardRows } from './order-board-merge.ts';
import { getBoardOrder, getBoardRows, getOrderBoard, renderOrderTicket } from './order-board.service.server.ts';

/**
 * Issue 35 item 5: the board, the rows a live board merges, the kitchen ticket and the guest's order
 * page carry each line's chosen options, its note, and the declared allergies it contains.
 */
useFileWorld();

async function restaurant(slug: string) {
  const { id } = await insertRestaurant(db, { name: 'Pizzeria Ștefan', slug, timeZone: 'Europe/Bucharest' });
  const location = buildLocation(id!, { nameRo: 'Sala mare', nameEn: 'Main hall' });
  await db.insertInto('location').values(location).execute();
  const table = await insertDiningTable(db, id!, location.id, 'Masa 7');
  return { id: id!, slug, locationId: location.id, table, staff: scopes.member(id!, 'staff') };
}

describe(`options, notes and allergy flags on the staff's side on ${testDialect}`, () => {
  it('shows the options under their line, the note and the lines that contain a declared allergy, on the board and in the rows it merges', async () => {
    const r = await restaurant('optiuni-tabla');
    const { order } = await insertOrder(db, {
      restaurantId: r.id,
      locationId: r.locationId,
      table: r.table,
      lines: PIZZA_ORDER,
      allergies: ['milk', 'peanuts'],
      allergyNote: 'alergie severă',
    });
    // an order without declared allergies flags nothing, whatever its dishes contain
    const plain = await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table, lines: PIZZA_ORDER });

    const board = await getOrderBoard(r.staff, { locale: 'en' });
    const shown = board.orders.find((one) => one.id === order.id)!;
    expect(shown.allergies).toEqual(['milk', 'peanuts']);
    expect(shown.allergyNote).toBe('alergie severă');
    expect(shown.lines).toEqual([
      {
        id: expect.any(String),
        cancelled: false,
        name: 'Margherita pizza',
        quantity: 1,
        unitPriceMinor: 4700,
        note: 'bine coaptă',
        flagged: ['milk'],
        options: [
          { group: 'Size', name: 'Large', priceMinor: 4200, pricing: 'set' },
          { group: 'Extras', name: 'Mozzarella', priceMinor: 500, pricing: 'add' },
        ],
      },
      { id: expect.any(String), cancelled: false, name: 'Lemonade', quantity: 2, unitPriceMinor: 1500, note: null, options: [], flagged: [] },
    ]);
    const unflagged = board.orders.find((one) => one.id === plain.order.id)!;
    expect(unflagged).toMatchObject({ allergies: [], allergyNote: null });
    expect(unflagged.lines.map((line) => line.flagged)).toEqual([[], []]);
    expect(unflagged.lines[0]!.options).toHaveLength(2);

    // the live board's path: the rows as JSON, merged into a board that had not seen the order
    const rows = JSON.parse(JSON.stringify(await getBoardRows(r.staff, { orderIds: [order.id], locale: 'en' }))) as Awaited<ReturnType<typeof getBoardRows>>;
    const merged = mergeBoardRows({ ...board, orders: board.orders.filter((one) => one.id !== order.id) }, rows);
    expect(merged.orders.find((one) => one.id === order.id)).toEqual(shown);
    expect(await getBoardOrder(r.staff, order.id, 'en')).toEqual(shown);

    // in Romanian, with the names the guest confirmed; an option without an English name keeps its Romanian one
    const romanian = await getBoardOrder(r.staff, order.id, 'ro');
    expect(romanian.lines[0]!.options.map((option) => `${option.group}: ${option.name}`)).toEqual(['Mărime: Mare', 'Extra: Mozzarella']);
  });

  it("keeps another restaurant's options out of an order's lines", async () => {
    const a = await restaurant('optiuni-a');
    const b = await restaurant('optiuni-b');
    const mine = await insertOrder(db, { restaurantId: a.id, locationId: a.locationId, table: a.table, lines: [{ nameRo: 'Supă', unitPriceMinor: 1000 }] });
    const theirs = await insertOrder(db, { restaurantId: b.id, locationId: b.locationId, table: b.table, lines: PIZZA_ORDER });
    // a row of B's naming A's line (bad data): A's board does not read it
    await db
      .insertInto('guestOrderLineOption')
      .values({ ...theirs.options[0]!, id: 'stray-option', lineId: mine.lines[0]!.id, orderId: mine.order.id })
      .execute();
    expect((await getBoardOrder(a.staff, mine.order.id, 'ro')).lines[0]!.options).toEqual([]);
  });

  it('prints the declared allergies first, in capitals, then each line with its options indented, its note and its flag', async () => {
    const r = await restaurant('optiuni-bon');
    const { order } = await insertOrder(db, {
      restaurantId: r.id,
      locationId: r.locationId,
      table: r.table,
      lines: PIZZA_ORDER,
      allergies: ['gluten', 'milk'],
      allergyNote: 'fără urme de nuci',
    });
    const loading = getDocument({ data: new Uint8Array((await renderOrderTicket(r.staff, order.id, 'ro')).body) });
    const page = await (await loading.promise).getPage(1);
    const items = (await page.getTextContent()).items.flatMap((item) =>
      'str' in item && item.str.trim() ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number }] : [],
    );
    await loading.destroy();
    const text = items
      .map((item) => item.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('ALERGII: GLUTEN, LACTATE');
    expect(text).toContain('FĂRĂ URME DE NUCI');
    expect(text).toContain('+ Mărime: Mare');
    expect(text).toContain('+ Extra: Mozzarella');
    expect(text).toContain('» bine coaptă');
    expect(text).toContain('!! ATENȚIE, ALERGIE: GLUTEN, LACTATE');
    // the allergies stand above the first line; options are indented past the dish's name (PDF y grows upwards)
    const at = (start: string) => items.find((item) => item.text.startsWith(start))!;
    expect(at('ALERGII').y).toBeGreaterThan(at('Pizza Margherita').y);
    expect(at('+ Mărime').x).toBeGreaterThan(at('Pizza Margherita').x);
    // the lemonade contains neither: one flag only
    expect(text.match(/ATENȚIE, ALERGIE/g)).toHaveLength(1);
  });

  it("shows the guest their options, the declared allergies and the flagged line on the order's page", async () => {
    const r = await restaurant('optiuni-oaspete');
    const { order } = await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: r.table, lines: PIZZA_ORDER, allergies: ['sulphites'], allergyNote: null });
    const page = await getGuestOrderPage(db, r.slug, order.token);
    expect(page?.order.allergies).toEqual(['sulphites']);
    expect(page?.order.lines.map((line) => line.flagged)).toEqual([[], ['sulphites']]);
    expect(page?.order.lines[0]!.options.map((option) => [option.groupNameRo, option.nameRo, option.priceMinor, option.pricing])).toEqual([
      ['Mărime', 'Mare', 4200, 'set'],
      ['Extra', 'Mozzarella', 500, 'add'],
    ]);
    // never the name or the phone
    expect(JSON.stringify(page)).not.toContain(order.customerPhone ?? 'Ana Popescu');
  });
});
