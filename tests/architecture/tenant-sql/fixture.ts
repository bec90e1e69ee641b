import type { Kysely } from 'kysely';
import type { DatabaseKind } from '#app/db/connection.server.ts';
import type { Database } from '#app/db/schema.ts';
import { addMember, buildCategory, buildLocation, buildProduct, buildStoredImage, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';

/**
 * The rows the SQL capture runs the repository functions against: the tenant restaurant `r` with
 * one of everything (so a function that reads before it writes reaches its write), and a second
 * restaurant `other` for the functions that take rows of several restaurants at once.
 */
export interface FixtureIds {
  r: string;
  slug: string;
  shortCode: string;
  other: string;
  location: string;
  category: string;
  product: string;
  /** an option group the product offers, and one of its options (issue 35) */
  optionGroup: string;
  option: string;
  /** a group of the library no dish offers yet (attaching one, issue 35 item 6) */
  spareOptionGroup: string;
  image: { id: string; key: string };
  table: { id: string; code: string };
  user: { id: string; email: string };
  /** a user who belongs to no restaurant yet */
  stranger: string;
  draft: string;
  run: string;
  deadJob: string;
  message: string;
  subscription: string;
  customer: string;
  providerSubscription: string;
  previousSlug: string;
  termKey: string;
  /** a printer of the location (issue 36), for its queue's statements */
  printer: string;
}

/** What a case builds its arguments from: the ids, and `db`, the capturing transaction it runs in. */
export interface Fixture extends FixtureIds {
  db: Kysely<Database>;
  kind: DatabaseKind;
  now: string;
  /** a day long past, for the sweeps' cut-offs */
  past: string;
}

const PAST = '2000-01-01T00:00:00.000Z';

export async function insertFixture(db: Kysely<Database>): Promise<FixtureIds> {
  const restaurant = await insertRestaurant(db, {}, { providerPlan: 'pro_monthly' });
  const other = await insertRestaurant(db);
  const r = restaurant.id;
  const now = new Date().toISOString();
  const user = { id: `user-${r}`, email: `owner-${r.slice(0, 8)}@example.com` };
  // better-auth's own row, written raw: SQLite stores its booleans as 0/1
  const verified = (testDialect === 'sqlite' ? 1 : true) as unknown as boolean;
  await db.insertInto('user').values({ id: user.id, name: 'Owner', email: user.email, emailVerified: verified, image: null, createdAt: now, updatedAt: now, role: 'restaurant', banReason: null, lastRestaurantId: r }).execute();
  await addMember(db, r, user.id, 'owner');
  const stranger = `stranger-${r}`;
  await db.insertInto('user').values({ id: stranger, name: 'Ion', email: `ion-${r.slice(0, 8)}@example.com`, emailVerified: verified, image: null, createdAt: now, updatedAt: now, role: 'restaurant', banReason: null, lastRestaurantId: null }).execute();

  const image = buildStoredImage(r);
  const location = buildLocation(r);
  const category = buildCategory(r, location.id, { imageKey: image.path });
  const product = buildProduct(r, category.id, { imageKey: image.path, imageId: image.id });
  await db.insertInto('storedImage').values(image).execute();
  await db.insertInto('location').values(location).execute();
  await db.insertInto('category').values(category).execute();
  await db.insertInto('product').values(product).execute();
  const optionGroup = newId();
  const option = newId();
  await db.insertInto('optionGroup').values({ id: optionGroup, restaurantId: r, nameRo: 'Mărime', nameEn: 'Size', minChoices: 1, maxChoices: 1, pricing: 'set', sortOrder: 0, createdAt: now, updatedAt: now }).execute();
  await db.insertInto('optionItem').values({ id: option, groupId: optionGroup, restaurantId: r, nameRo: 'Mare', nameEn: 'Large', priceMinor: 4500, sortOrder: 0, createdAt: now, updatedAt: now }).execute();
  await db.insertInto('productOptionGroup').values({ productId: product.id, groupId: optionGroup, restaurantId: r, position: 0 }).execute();
  const spareOptionGroup = newId();
  await db.insertInto('optionGroup').values({ id: spareOptionGroup, restaurantId: r, nameRo: 'Lapte', nameEn: 'Milk', minChoices: 1, maxChoices: 1, pricing: 'add', sortOrder: 1, createdAt: now, updatedAt: now }).execute();

  const table = { id: newId(), code: `T${newId().slice(0, 7)}` };
  await db.insertInto('diningTable').values({ id: table.id, restaurantId: r, locationId: location.id, label: 'Masa 1', code: table.code, sortOrder: 0, createdAt: now }).execute();
  const draft = newId();
  await db.insertInto('importDraft').values({ id: draft, restaurantId: r, status: 'done', progress: 100, image: null, rows: '[]', error: null, createdAt: PAST, updatedAt: PAST }).execute();
  const run = newId();
  await db.insertInto('translationRun').values({ id: run, restaurantId: r, status: 'running', total: 1, done: 0, error: null, createdAt: now, updatedAt: now }).execute();
  const deadJob = newId();
  await db.insertInto('job').values({ id: deadJob, type: 'mail.send', payload: '{}', status: 'dead', attempts: 5, maxAttempts: 5, runAt: now, lockedUntil: null, lockedBy: null, lastError: 'gone', dedupeKey: null, createdAt: now, updatedAt: now, finishedAt: now }).execute();
  const message = newId();
  await db.insertInto('contactMessage').values({ id: message, name: 'Ana', email: user.email, restaurantName: null, message: 'Bună', locale: 'ro', emailedAt: null, clientKey: 'k', createdAt: now }).execute();
  const termKey = 'term-key';
  await db.insertInto('insightSearchTerm').values({ restaurantId: r, termKey, count: 1, firstAt: PAST, lastAt: PAST }).execute();
  const previousSlug = `old-${restaurant.slug}`;
  const printer = `printer-${r}`;
  await db.insertInto('printer').values({ id: printer, restaurantId: r, locationId: location.id, stationId: null, name: 'Casa', kind: 'star-cloudprnt', tokenHash: `hash-${r}`, paperWidth: 48, lastPollAt: null, createdAt: now, updatedAt: now }).execute();
  await db.insertInto('restaurantSlugHistory').values({ slug: previousSlug, restaurantId: r, createdAt: now }).execute();

  const provider = await db.selectFrom('subscription').select(['id', 'providerCustomerId', 'providerSubscriptionId']).where('restaurantId', '=', r).where('kind', '=', 'provider').executeTakeFirstOrThrow();
  return {
    r,
    slug: restaurant.slug,
    shortCode: restaurant.shortCode,
    other: other.id,
    location: location.id,
    category: category.id,
    product: product.id,
    optionGroup,
    option,
    spareOptionGroup,
    image: { id: image.id, key: image.path },
    table,
    user,
    stranger,
    draft,
    run,
    deadJob,
    message,
    subscription: provider.id,
    customer: provider.providerCustomerId!,
    providerSubscription: provider.providerSubscriptionId!,
    previousSlug,
    termKey,
    printer,
  };
}

export function fixtureFor(ids: FixtureIds, db: Kysely<Database>, kind: DatabaseKind): Fixture {
  return { ...ids, db, kind, now: new Date().toISOString(), past: PAST };
}
