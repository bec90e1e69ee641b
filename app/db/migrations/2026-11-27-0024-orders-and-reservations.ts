import type { Kysely } from 'kysely';

/**
 * Orders and reservations from the menu (issue 25, decision 0032). Portable columns (decision 0002):
 * ISO-8601 UTC text for instants, 'YYYY-MM-DD' and 'HH:MM' text for a restaurant's local day and
 * time, 0/1 integers for booleans, integer minor units for money.
 *
 * - `orderingSettings`: one row per location that has ever been configured; no row means ordering
 *   and reservations are off there.
 * - `guestOrder` and `guestOrderLine`: an order as the server priced it (each line keeps the name and
 *   the unit price the guest confirmed, so a later menu change never rewrites a placed order). The
 *   guest reaches it only through `token` (unguessable); `idempotencyKey` makes a double submit one
 *   order. Contact details (`customerName`, `customerPhone`, the notes) are erased by the retention
 *   job (`contactErasedAt`), the order's lines and totals stay for insights.
 * - `reservation`: a request for a slot, its state, and the guest's contact details until erased.
 * - `tableBlock`: "decline and block this table code for today", one row per table and local day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orderingSettings')
    .addColumn('locationId', 'text', (c) => c.primaryKey().references('location.id').onDelete('cascade'))
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('ordersEnabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dineIn', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('pickup', 'integer', (c) => c.notNull().defaultTo(0))
    // "pause orders now": guests see that the kitchen takes no orders for the moment
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pausedAt', 'text')
    .addColumn('reservationsEnabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('slotMinutes', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('maxPartySize', 'integer', (c) => c.notNull().defaultTo(8))
    // how long before a slot a reservation may still be asked for
    .addColumn('leadMinutes', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('daysAhead', 'integer', (c) => c.notNull().defaultTo(30))
    // reservations (parties) accepted or requested per slot
    .addColumn('capacityPerSlot', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('autoAccept', 'integer', (c) => c.notNull().defaultTo(0))
    // what guests read above the cart and the reservation form
    .addColumn('guestNoteRo', 'text')
    .addColumn('guestNoteEn', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orderingSettings_restaurantId_idx').on('orderingSettings').column('restaurantId').execute();

  await db.schema
    .createTable('guestOrder')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('locationId', 'text', (c) => c.notNull().references('location.id').onDelete('cascade'))
    // the guest's address for the order's page: 32 random characters, never listed anywhere
    .addColumn('token', 'text', (c) => c.notNull().unique())
    // the restaurant's local day of the order and its number that day (#1, #2, ...)
    .addColumn('serviceDay', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // 'dineIn' | 'pickup'
    .addColumn('tableId', 'text', (c) => c.references('diningTable.id').onDelete('set null'))
    .addColumn('tableLabel', 'text')
    .addColumn('status', 'text', (c) => c.notNull()) // received | accepted | declined | ready | served
    .addColumn('etaMinutes', 'integer')
    .addColumn('declineReason', 'text')
    .addColumn('customerName', 'text')
    .addColumn('customerPhone', 'text')
    // pickup: the local time asked for, 'HH:MM' on serviceDay
    .addColumn('pickupTime', 'text')
    .addColumn('totalMinor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // the guest's language, for the order page and any message
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('idempotencyKey', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addColumn('acceptedAt', 'text')
    .addColumn('readyAt', 'text')
    .addColumn('closedAt', 'text') // served or declined
    .addColumn('contactErasedAt', 'text')
    .execute();
  await db.schema.createIndex('guestOrder_idempotency_idx').unique().on('guestOrder').columns(['restaurantId', 'idempotencyKey']).execute();
  await db.schema.createIndex('guestOrder_number_idx').unique().on('guestOrder').columns(['restaurantId', 'serviceDay', 'number']).execute();
  await db.schema.createIndex('guestOrder_restaurant_created_idx').on('guestOrder').columns(['restaurantId', 'createdAt']).execute();
  await db.schema.createIndex('guestOrder_table_status_idx').on('guestOrder').columns(['tableId', 'status']).execute();
  await db.schema.createIndex('guestOrder_createdAt_idx').on('guestOrder').column('createdAt').execute();

  await db.schema
    .createTable('guestOrderLine')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('orderId', 'text', (c) => c.notNull().references('guestOrder.id').onDelete('cascade'))
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    // null once the dish is deleted: the line keeps its name and price
    .addColumn('productId', 'text', (c) => c.references('product.id').onDelete('set null'))
    .addColumn('nameRo', 'text', (c) => c.notNull())
    .addColumn('nameEn', 'text')
    .addColumn('unitPriceMinor', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guestOrderLine_orderId_idx').on('guestOrderLine').columns(['orderId', 'position']).execute();
  await db.schema.createIndex('guestOrderLine_restaurant_product_idx').on('guestOrderLine').columns(['restaurantId', 'productId']).execute();

  await db.schema
    .createTable('reservation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('locationId', 'text', (c) => c.notNull().references('location.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    // the restaurant's local date and slot start
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('partySize', 'integer', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('note', 'text')
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // requested | accepted | declined | cancelled | noShow
    .addColumn('declineReason', 'text')
    .addColumn('idempotencyKey', 'text', (c) => c.notNull())
    .addColumn('reminderSentAt', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addColumn('contactErasedAt', 'text')
    .execute();
  await db.schema.createIndex('reservation_idempotency_idx').unique().on('reservation').columns(['restaurantId', 'idempotencyKey']).execute();
  await db.schema.createIndex('reservation_slot_idx').on('reservation').columns(['locationId', 'date', 'time']).execute();
  await db.schema.createIndex('reservation_restaurant_date_idx').on('reservation').columns(['restaurantId', 'date']).execute();

  await db.schema
    .createTable('tableBlock')
    .addColumn('tableId', 'text', (c) => c.notNull().references('diningTable.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tableBlock_pk', ['tableId', 'day'])
    .execute();
  await db.schema.createIndex('tableBlock_restaurantId_idx').on('tableBlock').columns(['restaurantId', 'day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tableBlock').ifExists().execute();
  await db.schema.dropTable('reservation').ifExists().execute();
  await db.schema.dropTable('guestOrderLine').ifExists().execute();
  await db.schema.dropTable('guestOrder').ifExists().execute();
  await db.schema.dropTable('orderingSettings').ifExists().execute();
}
