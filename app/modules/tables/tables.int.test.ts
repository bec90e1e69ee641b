import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { insertRestaurant } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { AddTablesInput, expandTableLabels } from './tables.schema.ts';
import { findShortLinkTarget } from './tables.repo.server.ts';
import { addDiningTables, getTablesPage, removeDiningTable, renderTableCards } from './tables.service.server.ts';
import { db, scopes, storage, useFileWorld } from '#tests/support/file-world.ts';

/** Issue 17, per-table QR codes: tables per location, each with its own permanent short code. */
useFileWorld();
const origin = 'https://bucate.example';

async function restaurant(slug: string) {
  const { id } = await insertRestaurant(db, { slug, name: `Bistro ${slug}` }, {});
  const scope = scopes.owner(id!);
  const locationId = await createLocation(scope, storage, LocationInput.parse({ nameRo: 'Terasă', nameEn: 'Terrace' }));
  return { id: id!, scope, locationId };
}

async function pdfText(body: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(body) }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages;
}

describe('table labels', () => {
  it('"Terasă 1–12" is twelve tables; one name is one table; a range going down or too long is refused', () => {
    expect(expandTableLabels('Terasă 1–12')).toHaveLength(12);
    expect(expandTableLabels('Terasă 1–12')).toEqual(expect.arrayContaining(['Terasă 1', 'Terasă 12']));
    expect(expandTableLabels('Masa 3-4')).toEqual(['Masa 3', 'Masa 4']);
    expect(expandTableLabels('Bar')).toEqual(['Bar']);
    expect(expandTableLabels('Masa 5')).toEqual(['Masa 5']);
    expect(expandTableLabels('Terasă 9–2')).toBe('bad-range');
    expect(expandTableLabels('Sala 1–500')).toBe('too-many');
    expect(AddTablesInput.safeParse({ locationId: 'l', label: 'Sala 1–500' }).error?.issues[0]?.message).toBe('tablesTooMany');
  });
});

describe(`per-table codes on ${testDialect}`, () => {
  it('creates a run of tables, each with its own code that opens the menu at the table’s location', async () => {
    const a = await restaurant('mese-a');
    expect(await addDiningTables(a.scope, AddTablesInput.parse({ locationId: a.locationId, label: 'Terasă 1–12' }))).toBe(12);
    const page = await getTablesPage(a.scope, { origin, locale: 'ro' });
    const tables = page.locations[0]!.tables;
    expect(tables.map((table) => table.label)).toEqual(Array.from({ length: 12 }, (_, i) => `Terasă ${i + 1}`));
    expect(new Set(tables.map((table) => table.code)).size).toBe(12);
    expect(tables[0]!.url).toBe(`${origin}/m/${tables[0]!.code}`);
    expect(await findShortLinkTarget(db, tables[4]!.code)).toEqual({ slug: 'mese-a', locationId: a.locationId });
    // the restaurant's own code still works, without a location
    const { shortCode } = await db.selectFrom('restaurant').select('shortCode').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(await findShortLinkTarget(db, shortCode)).toEqual({ slug: 'mese-a', locationId: null });

    await removeDiningTable(a.scope, tables[0]!.id);
    expect(await findShortLinkTarget(db, tables[0]!.code)).toBeUndefined();
    const audit = await db.selectFrom('auditEvent').select('action').where('restaurantId', '=', a.id).where('action', 'like', 'table.%').execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['table.create', 'table.delete']);
  });

  it('prints a sheet of cards, four per A4 page, each with its table and link, in the owner’s language', async () => {
    const b = await restaurant('mese-b');
    await addDiningTables(b.scope, AddTablesInput.parse({ locationId: b.locationId, label: 'Masa 1–5' }));
    const { body, filename } = await renderTableCards(b.scope, storage, { origin, locale: 'ro' });
    expect(filename).toBe('mese-b-mese.pdf');
    const pages = await pdfText(body);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Scanează pentru meniu');
    for (const label of ['Masa 1', 'Masa 4']) expect(pages[0]).toContain(label);
    expect(pages[1]).toContain('Masa 5');
    const english = await pdfText((await renderTableCards(b.scope, storage, { origin, locale: 'en' })).body);
    expect(english[0]).toContain('Scan for the menu');
  });

  it('refuses a second restaurant’s owner: no tables in another’s location, no deleting, no cards', async () => {
    const a = await restaurant('mese-c');
    const intruder = await restaurant('mese-d');
    await addDiningTables(a.scope, AddTablesInput.parse({ locationId: a.locationId, label: 'Bar' }));
    const [table] = (await getTablesPage(a.scope, { origin, locale: 'ro' })).locations[0]!.tables;
    await expect(addDiningTables(intruder.scope, AddTablesInput.parse({ locationId: a.locationId, label: 'Intrus' }))).rejects.toMatchObject({ code: 'not-found' });
    await expect(removeDiningTable(intruder.scope, table!.id)).rejects.toMatchObject({ code: 'not-found' });
    await expect(renderTableCards(intruder.scope, storage, { origin, locale: 'ro', locationId: a.locationId })).rejects.toMatchObject({ code: 'not-found' });
    expect((await getTablesPage(intruder.scope, { origin, locale: 'ro' })).total).toBe(0);
    expect(await findShortLinkTarget(db, table!.code)).toEqual({ slug: 'mese-c', locationId: a.locationId });
  });
});
