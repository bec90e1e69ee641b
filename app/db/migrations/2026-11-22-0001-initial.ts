import type { Kysely } from 'kysely';

/**
 * The whole data model, portable across SQLite and PostgreSQL (docs/decisions/0002-portable-columns.md).
 * Append-only: later changes go into new dated files. Must not import app code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // better-auth's tables, with the admin plugin's role/ban columns and our restaurant link.
  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', 'boolean', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull())
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('restaurant'))
    .addColumn('banned', 'boolean')
    .addColumn('banReason', 'text')
    .addColumn('banExpires', 'timestamptz')
    // no foreign key: restaurant.ownerId already points the other way, and a cycle would
    // make inserts order-dependent on both dialects
    .addColumn('restaurantId', 'text')
    .execute();
  await db.schema.createIndex('user_restaurantId_idx').on('user').column('restaurantId').execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expiresAt', 'timestamptz', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull())
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('impersonatedBy', 'text')
    .execute();
  await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();

  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('accountId', 'text', (c) => c.notNull())
    .addColumn('providerId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', 'timestamptz')
    .addColumn('refreshTokenExpiresAt', 'timestamptz')
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull())
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();

  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'timestamptz', (c) => c.notNull())
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull())
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute();

  await db.schema
    .createTable('rateLimit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('lastRequest', 'bigint', (c) => c.notNull())
    .execute();

  // The product's own tables: ISO-8601 UTC text timestamps, 0/1 integer booleans.
  await db.schema
    .createTable('restaurant')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('shortCode', 'text', (c) => c.notNull().unique())
    .addColumn('ownerId', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('logoUrl', 'text')
    .addColumn('coverImageUrl', 'text')
    .addColumn('accentColor', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('RON'))
    .addColumn('timeZone', 'text', (c) => c.notNull().defaultTo('Europe/Bucharest'))
    .addColumn('descriptionRo', 'text')
    .addColumn('descriptionEn', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('address', 'text')
    .addColumn('openingHours', 'text')
    .addColumn('productsCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('menuVersion', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('subscriptionActive', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('isPro', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('isManualPro', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trialStartDate', 'text')
    .addColumn('expirationDate', 'text')
    .addColumn('subscriptionCreatedAt', 'text')
    .addColumn('subscriptionUpdatedAt', 'text')
    .addColumn('stripeCustomerId', 'text', (c) => c.unique())
    .addColumn('stripeSubscriptionId', 'text', (c) => c.unique())
    .addColumn('stripeStatus', 'text')
    .addColumn('stripePlan', 'text')
    .addColumn('stripeActive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stripeCurrentPeriodEnd', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('restaurant_ownerId_idx').on('restaurant').column('ownerId').execute();

  await db.schema
    .createTable('location')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('nameRo', 'text', (c) => c.notNull())
    .addColumn('nameEn', 'text')
    .addColumn('address', 'text')
    .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('location_restaurant_order_idx').on('location').columns(['restaurantId', 'sortOrder']).execute();

  await db.schema
    .createTable('category')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('locationId', 'text', (c) => c.notNull().references('location.id').onDelete('cascade'))
    .addColumn('nameRo', 'text', (c) => c.notNull())
    .addColumn('nameEn', 'text')
    .addColumn('descriptionRo', 'text')
    .addColumn('descriptionEn', 'text')
    .addColumn('imageUrl', 'text')
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('category_restaurant_location_order_idx').on('category').columns(['restaurantId', 'locationId', 'sortOrder']).execute();
  await db.schema.createIndex('category_locationId_idx').on('category').column('locationId').execute();

  await db.schema
    .createTable('storedImage')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('contentType', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('variants', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('downloadToken', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('storedImage_restaurantId_idx').on('storedImage').column('restaurantId').execute();

  await db.schema
    .createTable('product')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    .addColumn('categoryId', 'text', (c) => c.notNull().references('category.id').onDelete('cascade'))
    .addColumn('nameRo', 'text', (c) => c.notNull())
    .addColumn('nameEn', 'text')
    .addColumn('descriptionRo', 'text')
    .addColumn('descriptionEn', 'text')
    .addColumn('ingredientsRo', 'text')
    .addColumn('ingredientsEn', 'text')
    .addColumn('priceMinor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('RON'))
    .addColumn('weightValue', 'integer')
    .addColumn('weightUnit', 'text')
    .addColumn('allergens', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('traces', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('additives', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('frozen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('energyKcal', 'double precision')
    .addColumn('fat', 'double precision')
    .addColumn('saturates', 'double precision')
    .addColumn('carbs', 'double precision')
    .addColumn('sugars', 'double precision')
    .addColumn('protein', 'double precision')
    .addColumn('salt', 'double precision')
    .addColumn('servedFrom', 'text')
    .addColumn('servedUntil', 'text')
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imageUrl', 'text')
    .addColumn('imageId', 'text', (c) => c.references('storedImage.id').onDelete('set null'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_restaurant_category_order_idx').on('product').columns(['restaurantId', 'categoryId', 'sortOrder']).execute();
  await db.schema.createIndex('product_categoryId_idx').on('product').column('categoryId').execute();

  await db.schema
    .createTable('appConfig')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('defaultLocale', 'text', (c) => c.notNull())
    .addColumn('availableLocales', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  // docs/product-spec.md section 3: settings/app_config; section 9: default ro, available ro and en
  await db.insertInto('appConfig').values({ id: 'app_config', defaultLocale: 'ro', availableLocales: '["ro","en"]', updatedAt: new Date().toISOString() }).execute();

  await db.schema
    .createTable('translationCache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('translations', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contactMessage')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('restaurantName', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('emailedAt', 'text')
    // a keyed hash of the sender's address, for rate limiting without keeping the address itself
    .addColumn('clientKey', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contactMessage_client_created_idx').on('contactMessage').columns(['clientKey', 'createdAt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'contactMessage',
    'translationCache',
    'appConfig',
    'product',
    'storedImage',
    'category',
    'location',
    'restaurant',
    'rateLimit',
    'verification',
    'account',
    'session',
    'user',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
