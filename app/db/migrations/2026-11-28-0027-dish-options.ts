import type { Kysely } from 'kysely';

/**
 * Dish options and allergy-safe orders (issue 35, decision 0034). Portable columns (decision 0002).
 *
 * - `optionGroup`: a restaurant's library of groups ("Mărime", "Lapte", "Extra"). Its rule is
 *   `minChoices`..`maxChoices` (exactly one: 1..1; up to N: 0..N; between: min..max). `pricing` is
 *   'add' (each option changes the dish's price by `priceMinor`) or 'set' (a size group: the chosen
 *   option's `priceMinor` is the dish's price; only an exactly-one group may set it).
 * - `optionItem`: an option of a group, with its price, its own EU-14 allergens and traces (JSON
 *   lists of keys, as on `product`), sold out (`available` 0) and hidden (`visible` 0).
 *   `soldOutUntil`, on it and on `product`: sold out "until we open again", the instant of the
 *   location's next opening when it was marked; at or after it the dish or option is available again.
 * - `productOptionGroup`: the groups a dish offers, in order.
 * - `guestOrderLineOption`: what a line's guest chose, with the names and price they confirmed.
 * - `guestOrder.allergies` (JSON list of EU-14 keys) and `allergyNote` (free text): what the guest
 *   asked the kitchen to know; health data (GDPR art. 9), erased with the contact details.
 *   `guestOrderLine.allergens`: the dish's and chosen options' allergens and traces when placed, so a
 *   line is flagged against the declared allergies even after the menu changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('optionGroup')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('nameRo', 'text', (c) => c.notNull())
    .addColumn('nameEn', 'text')
    .addColumn('minChoices', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('maxChoices', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('pricing', 'text', (c) => c.notNull().defaultTo('add'))
    .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('translationMeta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('optionGroup_restaurant_idx').on('optionGroup').columns(['restaurantId', 'sortOrder']).execute();

  await db.schema
    .createTable('optionItem')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('groupId', 'text', (c) => c.notNull().references('optionGroup.id').onDelete('cascade'))
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('nameRo', 'text', (c) => c.notNull())
    .addColumn('nameEn', 'text')
    .addColumn('priceMinor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allergens', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('traces', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('soldOutUntil', 'text')
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('translationMeta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('optionItem_group_idx').on('optionItem').columns(['groupId', 'sortOrder']).execute();
  await db.schema.createIndex('optionItem_restaurant_idx').on('optionItem').column('restaurantId').execute();

  await db.schema
    .createTable('productOptionGroup')
    .addColumn('productId', 'text', (c) => c.notNull().references('product.id').onDelete('cascade'))
    .addColumn('groupId', 'text', (c) => c.notNull().references('optionGroup.id').onDelete('cascade'))
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('productOptionGroup_pk', ['productId', 'groupId'])
    .execute();
  await db.schema.createIndex('productOptionGroup_group_idx').on('productOptionGroup').column('groupId').execute();
  await db.schema.createIndex('productOptionGroup_restaurant_idx').on('productOptionGroup').column('restaurantId').execute();

  await db.schema
    .createTable('guestOrderLineOption')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lineId', 'text', (c) => c.notNull().references('guestOrderLine.id').onDelete('cascade'))
    .addColumn('orderId', 'text', (c) => c.notNull().references('guestOrder.id').onDelete('cascade'))
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    // null once the option is deleted: the names and price below stay as the guest confirmed them
    .addColumn('optionId', 'text', (c) => c.references('optionItem.id').onDelete('set null'))
    .addColumn('groupId', 'text', (c) => c.references('optionGroup.id').onDelete('set null'))
    .addColumn('groupNameRo', 'text', (c) => c.notNull())
    .addColumn('groupNameEn', 'text')
    .addColumn('nameRo', 'text', (c) => c.notNull())
    .addColumn('nameEn', 'text')
    // 'add' groups: the change to the unit price; 'set' groups: the unit price itself
    .addColumn('priceMinor', 'integer', (c) => c.notNull())
    .addColumn('pricing', 'text', (c) => c.notNull().defaultTo('add'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('guestOrderLineOption_order_idx').on('guestOrderLineOption').columns(['orderId', 'lineId']).execute();
  await db.schema.createIndex('guestOrderLineOption_restaurant_idx').on('guestOrderLineOption').columns(['restaurantId', 'optionId']).execute();

  await db.schema.alterTable('product').addColumn('soldOutUntil', 'text').execute();
  await db.schema.alterTable('guestOrder').addColumn('allergies', 'text').execute();
  await db.schema.alterTable('guestOrder').addColumn('allergyNote', 'text').execute();
  await db.schema
    .alterTable('guestOrderLine')
    .addColumn('allergens', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('guestOrderLine').dropColumn('allergens').execute();
  await db.schema.alterTable('guestOrder').dropColumn('allergyNote').execute();
  await db.schema.alterTable('guestOrder').dropColumn('allergies').execute();
  await db.schema.alterTable('product').dropColumn('soldOutUntil').execute();
  await db.schema.dropTable('guestOrderLineOption').execute();
  await db.schema.dropTable('productOptionGroup').execute();
  await db.schema.dropTable('optionItem').execute();
  await db.schema.dropTable('optionGroup').execute();
}
