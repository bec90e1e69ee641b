import { demoGerman, demoGermanDescription, demoGermanDescriptions, demoGermanIngredients } from './demo-menu.de.ts';
import { serializeCategorySchedule } from '#app/modules/category/category-schedule.ts';
import { serializeOpeningExceptions, type OpeningException } from '#app/modules/restaurant/opening-exceptions.ts';
import type { Auth } from '#app/auth/auth.server.ts';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database, NewStoredImage } from '#app/db/schema.ts';
import { getRestaurantQuotas } from '#app/env.server.ts';
import { forRestaurant, systemScope } from '#app/modules/access/system-scope.server.ts';
import { saveUploadedImage } from '#app/modules/image/image.service.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { DEMO_RESTAURANT_SLUG } from '#app/modules/restaurant/demo.ts';
import { AddStationInput } from '#app/modules/kitchen/stations.schema.ts';
import { addStation, setCategoryStation } from '#app/modules/kitchen/stations.service.server.ts';
import { OrderingSettingsInput } from '#app/modules/ordering/ordering-settings.schema.ts';
import { getOrderingSettings, updateOrderingSettings } from '#app/modules/ordering/ordering-settings.service.server.ts';
import { insertMembership } from '#app/modules/restaurant/restaurant.repo.server.ts';
import { AddTablesInput } from '#app/modules/tables/tables.schema.ts';
import { addDiningTables } from '#app/modules/tables/tables.service.server.ts';
import { refreshPlanSummary } from '#app/modules/subscription/subscription.service.server.ts';
import { buildCategory, buildLocation, buildPlan, buildProduct, buildRestaurant, newId } from './builders.ts';
import { attachOptionGroups } from '#app/modules/options/option-library.server.ts';
import { demoLocations, demoRestaurant } from './demo-menu.data.ts';
import { demoOptionGroups } from './demo-options.data.ts';
import { insertCategory, insertLocation, insertProducts, insertRestaurantWithPlan, isDatabaseEmpty, setDemoPictures } from './demo.repo.server.ts';

export { isDatabaseEmpty };

export const DEMO_LOGINS = {
  owner: { email: 'demo@bucate.localhost', password: 'demo-bucate-2026' },
  admin: { email: 'admin@bucate.localhost', password: 'admin-bucate-2026' },
} as const;

/** Creates a signed-up user with a password through better-auth, which owns those tables' types. */
async function createUserWithPassword(auth: Auth, user: { email: string; password: string; name: string; role: 'admin' | 'restaurant' }): Promise<string> {
  const context = await auth.$context;
  const created = await context.internalAdapter.createUser(
    {
      email: user.email,
      name: user.name,
      emailVerified: true,
      role: user.role,
    },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({
    accountId: created.id,
    providerId: 'credential',
    userId: created.id,
    password: await context.password.hash(user.password),
  });
  return created.id;
}

/** A warm placeholder photo: a plate on a tinted table, different for every dish. */
async function placeholderImage(hue: number): Promise<{ jpeg: Buffer; webp200: Buffer; webp400: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><radialGradient id="g"><stop offset="0" stop-color="hsl(${hue},55%,62%)"/><stop offset="1" stop-color="hsl(${hue},45%,38%)"/></radialGradient></defs>
    <rect width="800" height="600" fill="hsl(${(hue + 30) % 360},25%,30%)"/>
    <circle cx="400" cy="300" r="230" fill="#f5f1ea"/><circle cx="400" cy="300" r="170" fill="url(#g)"/>
    <circle cx="340" cy="250" r="40" fill="hsl(${(hue + 90) % 360},50%,45%)" opacity=".8"/>
  </svg>`;
  const base = sharp(Buffer.from(svg));
  const [jpeg, webp200, webp400] = await Promise.all([
    base.clone().jpeg({ quality: 85 }).toBuffer(),
    base.clone().resize(200).webp({ quality: 75 }).toBuffer(),
    base.clone().resize(400).webp({ quality: 75 }).toBuffer(),
  ]);
  return { jpeg, webp200, webp400 };
}

/**
 * The demo restaurant's logo: a terracotta badge with a steaming bowl (no text: fonts differ
 * between machines, and the name is printed next to it anyway).
 */
export function demoLogoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
    <circle cx="256" cy="256" r="248" fill="#b4532a"/>
    <circle cx="256" cy="256" r="214" fill="none" stroke="#f5e6d3" stroke-width="10"/>
    <path d="M120 250h272a136 120 0 0 1-272 0z" fill="#f5e6d3"/>
    <rect x="196" y="372" width="120" height="22" rx="11" fill="#f5e6d3"/>
    <path d="M206 214c-18-26 18-40 0-70M256 214c-18-26 18-40 0-70M306 214c-18-26 18-40 0-70" fill="none" stroke="#f5e6d3" stroke-width="14" stroke-linecap="round"/>
  </svg>`;
}

/** The demo restaurant's cover: a wooden table seen from above, with plates and a cloth, 3:1. */
export function demoCoverSvg(): string {
  const plates = [
    [330, 300, 150, 28],
    [820, 250, 170, 8],
    [1320, 330, 160, 48],
    [1650, 200, 120, 95],
  ]
    .map(
      ([x, y, r, hue]) =>
        `<circle cx="${x}" cy="${y}" r="${r}" fill="#f7f3ec"/><circle cx="${x}" cy="${y}" r="${r! * 0.72}" fill="hsl(${hue},55%,48%)"/><circle cx="${x! - r! * 0.2}" cy="${y! - r! * 0.2}" r="${r! * 0.22}" fill="hsl(${(hue! + 80) % 360},45%,42%)" opacity=".85"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="640" viewBox="0 0 1920 640">
    <defs><linearGradient id="w" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#8a5a35"/><stop offset="1" stop-color="#5e3a20"/></linearGradient>
    <pattern id="c" width="80" height="80" patternUnits="userSpaceOnUse"><rect width="80" height="80" fill="#f3ece2"/><rect width="40" height="40" fill="#c0392b" opacity=".85"/><rect x="40" y="40" width="40" height="40" fill="#c0392b" opacity=".85"/></pattern></defs>
    <rect width="1920" height="640" fill="url(#w)"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="0" y="${i * 80 + 78}" width="1920" height="3" fill="#4a2d18" opacity=".5"/>`).join('')}
    <rect x="560" y="-40" width="520" height="720" fill="url(#c)" transform="rotate(8 820 320)"/>
    ${plates}
  </svg>`;
}

/**
 * The demo's logo and cover, uploaded through the image service like an owner's pictures (checked,
 * resized, stored with their variants and storedImage rows), so a newcomer sees a finished menu
 * (issue 17, friction 11).
 */
async function addDemoPictures(db: Kysely<Database>, storage: FileStorage, restaurantId: string): Promise<void> {
  const scope = forRestaurant(systemScope(db, 'demo-seed'), restaurantId);
  const [logo, cover] = await Promise.all([sharp(Buffer.from(demoLogoSvg())).png().toBuffer(), sharp(Buffer.from(demoCoverSvg())).jpeg({ quality: 85 }).toBuffer()]);
  // the demo's own dish photos were just stored: they must not count as an owner's hourly uploads
  const quotas = { ...getRestaurantQuotas(), uploadsPerHour: 100_000, storageBytes: Number.MAX_SAFE_INTEGER };
  const savedLogo = await saveUploadedImage(scope, storage, { kind: 'logo', file: logo, name: 'la-bunica-logo.png' }, quotas);
  const savedCover = await saveUploadedImage(scope, storage, { kind: 'cover', file: cover, name: 'la-bunica-coperta.jpg' }, quotas);
  await setDemoPictures(db, restaurantId, { logoKey: savedLogo.key, coverImageKey: savedCover.key });
}

/**
 * Ordering and reservations on at the demo's first location, with one table and its QR code (issue
 * 25 item 10), through the same services an owner uses, so a newcomer sees them at once.
 */
async function addDemoOrdering(db: Kysely<Database>, storage: FileStorage, restaurantId: string): Promise<void> {
  const scope = forRestaurant(systemScope(db, 'demo-seed'), restaurantId);
  const [first] = await getOrderingSettings(scope);
  if (!first) return;
  await addDiningTables(scope, AddTablesInput.parse({ locationId: first.locationId, label: 'Masa 1' }));
  await updateOrderingSettings(
    scope,
    storage,
    OrderingSettingsInput.parse({
      locationId: first.locationId,
      version: '0',
      ordersEnabled: 'on',
      dineIn: 'on',
      pickup: 'on',
      reservationsEnabled: 'on',
      slotMinutes: '30',
      maxPartySize: '8',
      leadMinutes: '60',
      daysAhead: '30',
      capacityPerSlot: '4',
      guestNoteRo: 'Comenzile la pachet sunt gata în aproximativ 20 de minute.',
      guestNoteEn: 'Pickup orders are ready in about 20 minutes.',
    }),
  );
}

/**
 * Two stations at the demo's first location, its drinks to the bar (issue 36), through the owner's services,
 * so a newcomer's kitchen display is split as a restaurant's would be; no printers (a newcomer has none).
 */
async function addDemoStations(db: Kysely<Database>, restaurantId: string, locationId: string, barCategoryIds: readonly string[]): Promise<void> {
  const scope = forRestaurant(systemScope(db, 'demo-seed'), restaurantId);
  await addStation(scope, AddStationInput.parse({ locationId, nameRo: 'Bucătărie', nameEn: 'Kitchen', warnMinutes: '10', lateMinutes: '20' }));
  const bar = await addStation(scope, AddStationInput.parse({ locationId, nameRo: 'Bar', nameEn: 'Bar', warnMinutes: '5', lateMinutes: '10' }));
  for (const categoryId of barCategoryIds) await setCategoryStation(scope, { categoryId, stationId: bar.id });
}

/** The demo's closed days (decision 0022): the next Christmas and New Year's Day from `today`. */
function demoHolidays(today: Date): OpeningException[] {
  const christmasYear = today.getUTCMonth() === 11 && today.getUTCDate() > 26 ? today.getUTCFullYear() + 1 : today.getUTCFullYear();
  return [
    { from: `${christmasYear}-12-25`, to: `${christmasYear}-12-26`, note: 'Crăciun', hours: [] },
    { from: `${christmasYear + 1}-01-01`, to: `${christmasYear + 1}-01-01`, note: 'Anul Nou', hours: [] },
  ];
}

/**
 * The demo restaurant (2 locations, 8+ categories, 60+ products in Romanian and English, some
 * with options), a demo owner and a demo platform admin. Built from the same factories as the tests.
 */
export async function seedDemo(db: Kysely<Database>, auth: Auth, storage: FileStorage, options: { images?: boolean } = {}) {
  const withImages = options.images ?? true;
  const restaurant = buildRestaurant({
    name: demoRestaurant.name,
    slug: DEMO_RESTAURANT_SLUG,
    descriptionRo: demoRestaurant.descriptionRo,
    descriptionEn: demoRestaurant.descriptionEn,
    phone: demoRestaurant.phone,
    email: demoRestaurant.email,
    address: demoRestaurant.address,
    openingHours: JSON.stringify(demoRestaurant.openingHours),
    openingExceptions: serializeOpeningExceptions(demoHolidays(new Date())),
    // the demo offers German too (issue 16), so a newcomer sees the language switch at work
    contentLanguages: JSON.stringify(['de']),
    doNotTranslate: JSON.stringify(['mici', 'sarmale', 'papanași', 'zacuscă', 'mujdei', 'La Bunica']),
    translations: demoGerman({ description: demoGermanDescription }),
  });
  // the demo restaurant is PRO for a year, granted by hand, after a trial started today
  const plan = buildPlan(restaurant.id, { manualProUntil: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString() });
  const restaurantId = restaurant.id;
  const products: ReturnType<typeof buildProduct>[] = [];
  const images: NewStoredImage[] = [];
  const stations = { locationId: '', barCategoryIds: [] as string[] };
  const ownerId = await createUserWithPassword(auth, { ...DEMO_LOGINS.owner, name: 'Ana Popescu', role: 'restaurant' });
  await createUserWithPassword(auth, { ...DEMO_LOGINS.admin, name: 'Bucate Admin', role: 'admin' });
  await db.transaction().execute(async (trx) => {
    await insertRestaurantWithPlan(trx, restaurant, plan);
    await insertMembership(trx, { id: newId(), restaurantId, userId: ownerId, role: 'owner', createdAt: restaurant.createdAt, updatedAt: restaurant.createdAt });
    await refreshPlanSummary(trx, restaurantId);

    let dish = 0;
    for (const [locationIndex, demoLocation] of demoLocations.entries()) {
      const location = buildLocation(restaurantId, {
        nameRo: demoLocation.nameRo,
        nameEn: demoLocation.nameEn,
        translations: demoGerman({ name: demoLocation.nameRo }),
        address: demoLocation.address,
        sortOrder: locationIndex,
      });
      await insertLocation(trx, location);
      if (locationIndex === 0) stations.locationId = location.id;
      for (const [categoryIndex, demoCategory] of demoLocation.categories.entries()) {
        const category = buildCategory(restaurantId, location.id, {
          nameRo: demoCategory.nameRo,
          nameEn: demoCategory.nameEn,
          translations: demoGerman({ name: demoCategory.nameRo }),
          schedule: serializeCategorySchedule(demoCategory.schedule ?? null),
          sortOrder: categoryIndex,
        });
        await insertCategory(trx, category);
        if (locationIndex === 0 && demoCategory.bar) stations.barCategoryIds.push(category.id);
        for (const [productIndex, p] of demoCategory.products.entries()) {
          const product = buildProduct(restaurantId, category.id, {
            nameRo: p.nameRo,
            nameEn: p.nameEn,
            translations: demoGerman({ name: p.nameRo, description: demoGermanDescriptions[p.nameRo], ingredients: demoGermanIngredients[p.nameRo] }),
            descriptionRo: p.descriptionRo,
            descriptionEn: p.descriptionEn,
            ingredientsRo: p.ingredientsRo,
            ingredientsEn: p.ingredientsEn,
            priceMinor: p.priceMinor,
            weightValue: p.weightValue,
            weightUnit: p.weightUnit,
            allergens: JSON.stringify(p.allergens),
            traces: JSON.stringify(p.traces),
            additives: JSON.stringify(p.additives),
            frozen: p.frozen ? 1 : 0,
            ...p.nutrition,
            servedFrom: p.servedFrom ?? null,
            servedUntil: p.servedUntil ?? null,
            available: p.available === false ? 0 : 1,
            sortOrder: productIndex,
          });
          if (withImages) {
            const { jpeg, webp200, webp400 } = await placeholderImage((dish * 47) % 360);
            const imageId = newId();
            const key = `restaurants/${restaurantId}/products/${imageId}`;
            await Promise.all([
              storage.put(`${key}.jpg`, jpeg, 'image/jpeg'),
              storage.put(`${key}-200.webp`, webp200, 'image/webp'),
              storage.put(`${key}-400.webp`, webp400, 'image/webp'),
            ]);
            images.push({
              id: imageId,
              restaurantId,
              path: `${key}.jpg`,
              name: `${product.nameRo}.jpg`,
              size: jpeg.length,
              contentType: 'image/jpeg',
              width: 800,
              height: 600,
              variants: JSON.stringify({ 200: `${key}-200.webp`, 400: `${key}-400.webp` }),
              downloadToken: newId(),
              createdAt: new Date().toISOString(),
            });
            product.imageKey = `${key}.jpg`;
            product.imageId = imageId;
          }
          products.push(product);
          dish++;
        }
      }
    }
    await insertProducts(trx, restaurantId, products, images);
    // sizes, extras, milk, doneness and sides (issue 35 item 9): one library group per kind, shared by its dishes
    await attachOptionGroups(
      trx,
      restaurantId,
      products.map((product) => ({ productId: product.id, groups: demoOptionGroups(product.nameRo) })),
      restaurant.createdAt,
    );
  });
  await addDemoPictures(db, storage, restaurantId);
  await addDemoOrdering(db, storage, restaurantId);
  await addDemoStations(db, restaurantId, stations.locationId, stations.barCategoryIds);
  await (await auth.$context).internalAdapter.updateUser(ownerId, { lastRestaurantId: restaurantId });
  return { restaurantId, slug: restaurant.slug, products: products.length };
}
