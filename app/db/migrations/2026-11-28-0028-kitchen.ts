import type { Kysely } from 'kysely';

/**
 * The kitchen (issue 36, decision 0036): stations, the kitchen display's bumps, printers that poll
 * for their tickets (Star CloudPRNT), and calls from the table. Portable columns (decision 0002).
 *
 * - `station`: a location's places that cook or pour ("Bucătărie", "Bar"), in order; the first is
 *   where a category without its own station goes. `warnMinutes`/`lateMinutes`: when a ticket's
 *   waiting time turns amber, then red, on the kitchen display.
 * - `category.stationId`: where the category's dishes are made (null: the location's first station).
 * - `guestOrderLine.stationId`: the station the line was routed to when placed, so moving a category
 *   later does not move tickets already in the kitchen; `bumpedAt`: done on the kitchen display;
 *   `cancelledAt`: taken back by the staff after the kitchen had it (prints "ANULAT").
 * - `guestOrder.addsToOrderId`: the table's earlier order still open when this one was placed: its
 *   tickets say "ADĂUGAT" and carry only this order's lines.
 * - `printer`: a location's printer, for one station's tickets (or, with no station, the bill copy);
 *   the token in its polling address is stored as a SHA-256 hash only, and changing it revokes the old.
 * - `printJob`: a ticket queued for one printer. `dedupeKey` is unique per printer, so a ticket is
 *   queued at most once; 'queued' → 'sent' (the printer fetched it, `jobToken` names it) → 'printed'
 *   when the printer confirms; a sent job not confirmed is sent again on a later poll.
 * - `tableCall`: "Cheamă ospătarul" / "Cere nota" from a table's menu, until the staff clear it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('station')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('locationId', 'text', (c) => c.notNull().references('location.id').onDelete('cascade'))
    .addColumn('nameRo', 'text', (c) => c.notNull())
    .addColumn('nameEn', 'text')
    .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('warnMinutes', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('lateMinutes', 'integer', (c) => c.notNull().defaultTo(20))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('station_location_idx').on('station').columns(['locationId', 'sortOrder']).execute();
  await db.schema.createIndex('station_restaurant_idx').on('station').column('restaurantId').execute();

  await db.schema
    .alterTable('category')
    .addColumn('stationId', 'text', (c) => c.references('station.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('guestOrderLine')
    .addColumn('stationId', 'text', (c) => c.references('station.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('guestOrderLine').addColumn('bumpedAt', 'text').execute();
  await db.schema.alterTable('guestOrderLine').addColumn('cancelledAt', 'text').execute();
  await db.schema.alterTable('guestOrder').addColumn('addsToOrderId', 'text').execute();

  await db.schema
    .createTable('printer')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('locationId', 'text', (c) => c.notNull().references('location.id').onDelete('cascade'))
    // null: the bill printer (prices), else the station whose tickets it prints
    .addColumn('stationId', 'text', (c) => c.references('station.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('star-cloudprnt')) // 'star-cloudprnt' | 'epson-sdp'
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('paperWidth', 'integer', (c) => c.notNull().defaultTo(48)) // characters per line (80 mm: 48)
    .addColumn('lastPollAt', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('printer_location_idx').on('printer').columns(['locationId', 'stationId']).execute();
  await db.schema.createIndex('printer_restaurant_idx').on('printer').column('restaurantId').execute();

  await db.schema
    .createTable('printJob')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('printerId', 'text', (c) => c.notNull().references('printer.id').onDelete('cascade'))
    .addColumn('orderId', 'text', (c) => c.references('guestOrder.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull()) // 'ticket' | 'added' | 'cancelled' | 'bill'
    .addColumn('dedupeKey', 'text', (c) => c.notNull())
    // the ticket as the printer's renderer takes it (JSON), fixed when queued
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued')) // 'queued' | 'sent' | 'printed'
    .addColumn('jobToken', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('sentAt', 'text')
    .addColumn('printedAt', 'text')
    .execute();
  await db.schema.createIndex('printJob_dedupe_idx').unique().on('printJob').columns(['printerId', 'dedupeKey']).execute();
  await db.schema.createIndex('printJob_printer_status_idx').on('printJob').columns(['printerId', 'status', 'createdAt']).execute();
  await db.schema.createIndex('printJob_restaurant_idx').on('printJob').columns(['restaurantId', 'createdAt']).execute();

  await db.schema
    .createTable('tableCall')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('locationId', 'text', (c) => c.notNull().references('location.id').onDelete('cascade'))
    .addColumn('tableId', 'text', (c) => c.notNull().references('diningTable.id').onDelete('cascade'))
    .addColumn('tableLabel', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // 'waiter' | 'bill-cash' | 'bill-card'
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('clearedAt', 'text')
    .addColumn('clearedBy', 'text')
    .execute();
  await db.schema.createIndex('tableCall_table_idx').on('tableCall').columns(['tableId', 'createdAt']).execute();
  await db.schema.createIndex('tableCall_location_open_idx').on('tableCall').columns(['locationId', 'clearedAt']).execute();
  await db.schema.createIndex('tableCall_restaurant_idx').on('tableCall').columns(['restaurantId', 'createdAt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tableCall').execute();
  await db.schema.dropTable('printJob').execute();
  await db.schema.dropTable('printer').execute();
  await db.schema.alterTable('guestOrder').dropColumn('addsToOrderId').execute();
  await db.schema.alterTable('guestOrderLine').dropColumn('cancelledAt').execute();
  await db.schema.alterTable('guestOrderLine').dropColumn('bumpedAt').execute();
  await db.schema.alterTable('guestOrderLine').dropColumn('stationId').execute();
  await db.schema.alterTable('category').dropColumn('stationId').execute();
  await db.schema.dropTable('station').execute();
}
