import { demoGerman, demoGermanDescription } from './demo-menu.de.ts';
import type { Auth } from '#app/auth/auth.server.ts';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database, NewStoredImage } from '#app/db/schema.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { DEMO_RESTAURANT_SLUG } from '#app/modules/restaurant/demo.ts';
import { refreshPlanSummary } from '#app/modules/subscription/subscription.service.server.ts';
import { buildCategory, buildLocation, buildPlan, buildProduct, buildRestaurant, newId } from './builders.ts';
import { demoLocations, demoRestaurant } from './demo-menu.data.ts';
import { insertCategory, insertLocation, insertProducts, insertRestaurantWithPlan, isDatabaseEmpty } from './demo.repo.server.ts';

export { isDatabaseEmpty };

export const DEMO_LOGINS = {
  owner: { email: 'demo@bucate.localhost', password: 'demo-bucate-2026' },
  admin: { email: 'admin@bucate.localhost', password: 'admin-bucate-2026' },
} as const;

/** Creates a signed-up user with a password through better-auth, which owns those tables' types. */
async function createUserWithPassword(
  auth: Auth,
  user: { email: string; password: string; name: string; role: 'admin' | 'restaurant' },
): Promise<string> {
  const context = await auth.$context;
  const created = await context.internalAdapter.createUser({
    email: user.email,
    name: user.name,
    emailVerified: true,
    role: user.role,
  }, { method: 'admin' });
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
 * The demo restaurant (spec: 2 locations, 8+ categories, 60+ products in Romanian and English),
 * a demo owner and a demo platform admin. Built from the same factories as the tests.
 */
export async function seedDemo(
  db: Kysely<Database>,
  auth: Auth,
  storage: FileStorage,
  options: { images?: boolean } = {},
) {
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
  const ownerId = await createUserWithPassword(auth, { ...DEMO_LOGINS.owner, name: 'Ana Popescu', role: 'restaurant' });
  await createUserWithPassword(auth, { ...DEMO_LOGINS.admin, name: 'Bucate Admin', role: 'admin' });
  restaurant.ownerId = ownerId;
  await db.transaction().execute(async (trx) => {
    await insertRestaurantWithPlan(trx, restaurant, plan);
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
      for (const [categoryIndex, demoCategory] of demoLocation.categories.entries()) {
        const category = buildCategory(restaurantId, location.id, {
          nameRo: demoCategory.nameRo,
          nameEn: demoCategory.nameEn,
          translations: demoGerman({ name: demoCategory.nameRo }),
          sortOrder: categoryIndex,
        });
        await insertCategory(trx, category);
        for (const [productIndex, p] of demoCategory.products.entries()) {
          const product = buildProduct(restaurantId, category.id, {
            nameRo: p.nameRo,
            nameEn: p.nameEn,
            translations: demoGerman({ name: p.nameRo }),
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
  });
  await (await auth.$context).internalAdapter.updateUser(ownerId, { restaurantId });
  return { restaurantId, slug: restaurant.slug, products: products.length };
}
