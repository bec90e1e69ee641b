import type { Kysely } from 'kysely';
import { createAuth, type Auth } from '#app/auth/auth.server.ts';
import type { Database } from '#app/db/schema.ts';
import { parseEnv } from '#app/env.server.ts';
import type { Billing } from '#app/modules/billing/stripe-client.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import type { TranslationProvider } from '#app/modules/translation/provider.server.ts';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { addMember, buildCategory, buildLocation, buildProduct, buildStoredImage, insertRestaurant } from '#tests/factories/builders.ts';
import { insertGuestOrder, insertReservation } from '#tests/factories/insight-orders.ts';
import type { ActorScopes } from '#tests/support/test-context.ts';
import type { TestDatabase } from '#tests/support/test-database.ts';
import { testDialect } from '#tests/support/test-database.ts';

/**
 * Two restaurants, A and B, with a row of every kind a service takes by id (locations, categories,
 * dishes, a table, an upload, import drafts, a translation run, a guest's order and reservation of
 * today, a location's ordering settings), their owners' accounts, and what
 * the back office acts on (a dead job, a contact message). Every text of A carries SECRET, so a
 * result that shows any of A's data to B's owner is found by searching for it.
 */
export const SECRET = 'alfa-secret';

export interface Tenant {
  id: string;
  slug: string;
  ownerId: string;
  locationId: string;
  location2Id: string;
  /** a printer of the first location (issue 36) */
  printerId: string;
  categoryId: string;
  category2Id: string;
  productId: string;
  product2Id: string;
  /** the first dish's `updatedAt`: its edit form's version */
  productVersion: string;
  categoryVersion: string;
  locationVersion: string;
  tableId: string;
  imageId: string;
  /** a photo import the job has read: its rows await review */
  draftId: string;
  /** a photo import waiting for the job */
  ocrDraftId: string;
  /** a running "translate everything missing" */
  runId: string;
  /** a guest's order of today, received, at the first location, and its line */
  orderId: string;
  orderLineId: string;
  /** the first location's station (issue 36) */
  stationId: string;
  /** a guest's reservation for today, requested, and its version */
  reservationId: string;
  reservationVersion: string;
  /** an option group of the library (issue 35) the first dish offers, one of its options, and the group's and option's versions */
  optionGroupId: string;
  optionId: string;
  optionGroupVersion: string;
  optionVersion: string;
  /** an open call from the table (issue 36) */
  tableCallId: string;
}

export interface ServiceWorld {
  db: Kysely<Database>;
  scopes: ActorScopes;
  storage: FileStorage;
  billing: Billing;
  auth: Auth;
  /** a translation provider that answers every text with itself in capitals */
  provider: TranslationProvider;
  a: Tenant;
  b: Tenant;
  deadJobId: string;
  contactMessageId: string;
}

const stamp = () => new Date().toISOString();

async function insertUser(db: Kysely<Database>, id: string, email: string, role: 'admin' | 'restaurant', lastRestaurantId: string | null): Promise<void> {
  // better-auth's own row, written raw: SQLite stores its booleans as 0/1
  const verified = (testDialect === 'sqlite' ? 1 : true) as unknown as boolean;
  await db
    .insertInto('user')
    .values({ id, name: id, email, emailVerified: verified, image: null, createdAt: stamp(), updatedAt: stamp(), role, banReason: null, lastRestaurantId })
    .execute();
}

/** hours every day, so "sold out until we open again" has an opening to wait for (issue 35 item 8) */
const OPEN_EVERY_DAY = JSON.stringify(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['10:00', '22:00']]])));

async function createTenant(db: Kysely<Database>, word: string, plan: Parameters<typeof insertRestaurant>[2]): Promise<Tenant> {
  const restaurant = await insertRestaurant(
    db,
    { name: `Restaurant ${word}`, slug: `restaurant-${word}-${newId().slice(0, 6).toLowerCase()}`, descriptionRo: `Bucătăria ${word}`, openingHours: OPEN_EVERY_DAY },
    plan,
  );
  const id = restaurant.id;
  const ownerId = `owner-${word}-${id}`;
  await insertUser(db, ownerId, `owner-${word}-${id}@example.com`.toLowerCase(), 'restaurant', id);
  await addMember(db, id, ownerId, 'owner');
  const location = buildLocation(id, { nameRo: `Sala ${word}`, nameEn: `Hall ${word}` });
  const location2 = buildLocation(id, { nameRo: `Terasa ${word}` });
  for (const row of [location, location2]) await db.insertInto('location').values(row).execute();
  const category = buildCategory(id, location.id, { nameRo: `Ciorbe ${word}`, descriptionRo: `Calde ${word}` });
  const category2 = buildCategory(id, location.id, { nameRo: `Desert ${word}` });
  for (const row of [category, category2]) await db.insertInto('category').values(row).execute();
  const product = buildProduct(id, category.id, { nameRo: `Ciorbă ${word}`, descriptionRo: `Cu smântână ${word}` });
  const product2 = buildProduct(id, category.id, { nameRo: `Papanași ${word}` });
  for (const row of [product, product2]) await db.insertInto('product').values(row).execute();
  await db.updateTable('restaurant').set({ productsCount: 2 }).where('id', '=', id).execute();
  const tableId = newId();
  await db
    .insertInto('diningTable')
    .values({ id: tableId, restaurantId: id, locationId: location.id, label: `Masa ${word}`, code: newId().slice(0, 8), sortOrder: 0, createdAt: stamp() })
    .execute();
  // an open call from that table (issue 36)
  const tableCallId = newId();
  await db
    .insertInto('tableCall')
    .values({
      id: tableCallId,
      restaurantId: id,
      locationId: location.id,
      tableId,
      tableLabel: `Masa ${word}`,
      kind: 'waiter',
      locale: 'ro',
      createdAt: stamp(),
      clearedAt: null,
      clearedBy: null,
    })
    .execute();
  const image = buildStoredImage(id, { name: `poza-${word}.jpg` });
  await db.insertInto('storedImage').values(image).execute();
  const draftId = newId();
  const ocrDraftId = newId();
  const rows = JSON.stringify([{ line: 1, cells: { nameRo: `Sarmale ${word}`, price: '32' } }]);
  await db
    .insertInto('importDraft')
    .values([
      { id: draftId, restaurantId: id, status: 'done', progress: 100, image: null, rows, error: null, createdAt: stamp(), updatedAt: stamp() },
      {
        id: ocrDraftId,
        restaurantId: id,
        status: 'pending',
        progress: 0,
        image: Buffer.from(`photo ${word}`).toString('base64'),
        rows: null,
        error: null,
        createdAt: stamp(),
        updatedAt: stamp(),
      },
    ])
    .execute();
  const runId = newId();
  await db.insertInto('translationRun').values({ id: runId, restaurantId: id, status: 'running', total: 3, createdAt: stamp(), updatedAt: stamp() }).execute();
  await db
    .updateTable('restaurant')
    .set({ contentLanguages: JSON.stringify(['de']) })
    .where('id', '=', id)
    .execute();
  await db
    .insertInto('orderingSettings')
    .values({
      locationId: location.id,
      restaurantId: id,
      ordersEnabled: 1,
      dineIn: 1,
      pickup: 1,
      paused: 0,
      pausedAt: null,
      reservationsEnabled: 1,
      slotMinutes: 30,
      maxPartySize: 8,
      leadMinutes: 60,
      daysAhead: 30,
      capacityPerSlot: 4,
      autoAccept: 0,
      guestNoteRo: `Comenzi ${word}`,
      guestNoteEn: null,
      version: 1,
      updatedAt: stamp(),
    })
    .execute();
  const optionGroupId = newId();
  const optionId = newId();
  await db
    .insertInto('optionGroup')
    .values({
      id: optionGroupId,
      restaurantId: id,
      nameRo: `Lapte ${word}`,
      nameEn: null,
      minChoices: 1,
      maxChoices: 1,
      pricing: 'add',
      sortOrder: 0,
      createdAt: stamp(),
      updatedAt: stamp(),
    })
    .execute();
  await db
    .insertInto('optionItem')
    .values({ id: optionId, groupId: optionGroupId, restaurantId: id, nameRo: `Ovăz ${word}`, priceMinor: 300, sortOrder: 0, createdAt: stamp(), updatedAt: stamp() })
    .execute();
  await db.insertInto('productOptionGroup').values({ productId: product.id, groupId: optionGroupId, restaurantId: id, position: 0 }).execute();
  const options = await db
    .selectFrom('optionItem')
    .innerJoin('optionGroup', 'optionGroup.id', 'optionItem.groupId')
    .select(['optionGroup.updatedAt as groupVersion', 'optionItem.updatedAt as optionVersion'])
    .where('optionItem.id', '=', optionId)
    .executeTakeFirstOrThrow();
  const stationId = newId();
  await db
    .insertInto('station')
    .values({ id: stationId, restaurantId: id, locationId: location.id, nameRo: `Bucătărie ${word}`, nameEn: null, sortOrder: 0, createdAt: stamp(), updatedAt: stamp() })
    .execute();
  const order = await insertGuestOrder(db, id, location.id, { customerName: `Client ${word}` }, [{ nameRo: `Ciorbă ${word}`, note: `fără ardei ${word}` }]);
  const reservation = await insertReservation(db, id, location.id, { status: 'requested', name: `Oaspete ${word}`, note: `la geam ${word}` });
  const printerId = newId();
  await db
    .insertInto('printer')
    .values({
      id: printerId,
      restaurantId: id,
      locationId: location.id,
      stationId: null,
      name: `Casa ${word}`,
      kind: 'star-cloudprnt',
      tokenHash: `hash-${printerId}`,
      paperWidth: 48,
      lastPollAt: null,
      createdAt: stamp(),
      updatedAt: stamp(),
    })
    .execute();
  return {
    id,
    printerId,
    slug: restaurant.slug,
    ownerId,
    locationId: location.id,
    location2Id: location2.id,
    categoryId: category.id,
    category2Id: category2.id,
    productId: product.id,
    product2Id: product2.id,
    productVersion: product.updatedAt,
    categoryVersion: category.updatedAt,
    locationVersion: location.updatedAt,
    tableId,
    imageId: image.id,
    draftId,
    ocrDraftId,
    runId,
    orderId: order.id,
    orderLineId: order.lines[0]!.id,
    stationId,
    reservationId: reservation.id,
    reservationVersion: reservation.updatedAt,
    optionGroupId,
    optionId,
    optionGroupVersion: options.groupVersion,
    optionVersion: options.optionVersion,
    tableCallId,
  };
}

export async function createServiceWorld(database: TestDatabase, scopes: ActorScopes, storage: FileStorage, billing: Billing): Promise<ServiceWorld> {
  const { db } = database;
  // A pays by card (a Stripe customer and subscription), B is on its trial
  const a = await createTenant(db, SECRET, { providerPlan: 'pro_monthly' });
  const b = await createTenant(db, 'beta', {});
  await insertUser(db, 'admin-1', 'admin@bucate.localhost', 'admin', null);
  const deadJobId = newId();
  await db
    .insertInto('job')
    .values({
      id: deadJobId,
      type: 'mail.send',
      payload: '{}',
      status: 'dead',
      attempts: 5,
      maxAttempts: 5,
      runAt: stamp(),
      lockedUntil: null,
      lockedBy: null,
      lastError: 'boom',
      dedupeKey: null,
      createdAt: stamp(),
      updatedAt: stamp(),
      finishedAt: stamp(),
    })
    .execute();
  const contactMessageId = newId();
  await db
    .insertInto('contactMessage')
    .values({
      id: contactMessageId,
      name: 'Oaspete',
      email: 'guest@example.com',
      restaurantName: null,
      message: 'Bună ziua',
      locale: 'ro',
      emailedAt: null,
      clientKey: 'k',
      createdAt: stamp(),
    })
    .execute();
  const auth = createAuth(database, parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'a'.repeat(32) }), authServices(database, { deliverInstead: { send: async () => {} } }));
  const provider: TranslationProvider = { name: 'deepl', limits: { maxTexts: 50, maxChars: 10_000 }, translateBatch: async (texts) => texts.map((text) => text.toUpperCase()) };
  return { db, scopes, storage, billing, auth, provider, a, b, deadJobId, contactMessageId };
}
