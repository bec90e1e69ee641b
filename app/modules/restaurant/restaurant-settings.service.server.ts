import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { changeMenu } from '#app/modules/menu/menu-change.server.ts';
import { KEEP_CURRENT_IMAGE, resolveOwnImage } from '#app/modules/menu/menu-editor.repo.server.ts';
import { logoFillTargets } from '#app/modules/menu/menu-rules.ts';
import {
  FREE_PRODUCT_LIMIT,
  planPhase,
  remainingProducts,
  remainingTrialDays,
  shouldShowUpgradePrompt,
  trialEndDate,
  type PlanPhase,
} from '#app/modules/subscription/subscription.ts';
import { parseOpeningHours } from './opening-hours.ts';
import type { RestaurantSettingsInput } from './restaurant-settings.schema.ts';
import { RESERVED_SLUGS } from './slug.ts';

export interface PlanStatus {
  phase: PlanPhase;
  productsCount: number;
  /** when the trial ends, ISO-8601 UTC; null when it never started */
  trialEndsAt: string | null;
  /** when a PRO granted for a period ends, ISO-8601 UTC; null otherwise */
  expirationDate: string | null;
  remainingDays: number;
  remainingProducts: number;
  productLimit: number;
  showUpgradePrompt: boolean;
}

/**
 * What the admin frame shows on every page: the restaurant's name and slug, and the plan status
 * behind the upgrade prompt (spec section 4). The id comes from requireRestaurantOwner.
 */
export async function getRestaurantAdminSummary(db: Kysely<Database>, restaurantId: string, now = new Date()) {
  const restaurant = await db
    .selectFrom('restaurant')
    .select([
      'name', 'slug', 'logoUrl', 'plan', 'subscriptionActive', 'isPro', 'isManualPro', 'stripeActive', 'stripePlan',
      'trialStartDate', 'productsCount', 'expirationDate', 'timeZone',
    ])
    .where('id', '=', restaurantId)
    .executeTakeFirstOrThrow();
  const subscription: PlanStatus = {
    phase: planPhase(restaurant, now),
    productsCount: restaurant.productsCount,
    trialEndsAt: trialEndDate(restaurant),
    expirationDate: restaurant.expirationDate,
    remainingDays: remainingTrialDays(restaurant, now),
    remainingProducts: remainingProducts(restaurant),
    productLimit: FREE_PRODUCT_LIMIT,
    showUpgradePrompt: shouldShowUpgradePrompt(restaurant, now),
  };
  return { restaurant: { name: restaurant.name, slug: restaurant.slug, logoUrl: restaurant.logoUrl, timeZone: restaurant.timeZone }, subscription };
}

/** The settings form's current values. */
export async function getRestaurantSettings(db: Kysely<Database>, restaurantId: string) {
  const restaurant = await db
    .selectFrom('restaurant')
    .leftJoin('storedImage as logo', (join) => join.onRef('logo.url', '=', 'restaurant.logoUrl').onRef('logo.restaurantId', '=', 'restaurant.id'))
    .leftJoin('storedImage as cover', (join) => join.onRef('cover.url', '=', 'restaurant.coverImageUrl').onRef('cover.restaurantId', '=', 'restaurant.id'))
    .select([
      'restaurant.name', 'slug', 'shortCode', 'currency', 'timeZone', 'descriptionRo', 'descriptionEn', 'phone', 'email', 'address',
      'accentColor', 'openingHours', 'logoUrl', 'coverImageUrl', 'logo.id as logoId', 'cover.id as coverId',
    ])
    .where('restaurant.id', '=', restaurantId)
    .executeTakeFirstOrThrow();
  const { logoUrl, coverImageUrl, logoId, coverId, openingHours, ...rest } = restaurant;
  return {
    ...rest,
    openingHours: parseOpeningHours(openingHours) ?? {},
    logo: logoUrl ? { id: logoId ?? KEEP_CURRENT_IMAGE, url: logoUrl } : null,
    cover: coverImageUrl ? { id: coverId ?? KEEP_CURRENT_IMAGE, url: coverImageUrl } : null,
  };
}

async function pictureFor(trx: Transaction<Database>, restaurantId: string, submitted: string | null, current: string | null) {
  if (submitted === KEEP_CURRENT_IMAGE) return { url: current, id: null };
  const image = await resolveOwnImage(trx, restaurantId, submitted);
  return { url: image?.url ?? null, id: image?.id ?? null };
}

/**
 * Saves the restaurant's settings. Spec section 5: the slug must be unique ('slug-taken') and may
 * not be one of the app's own paths ('slug-reserved'). Spec section 4: a new logo fills every
 * product and category image that is empty or was the old logo. Returns the (possibly new) slug.
 */
export async function updateRestaurantSettings(
  db: Kysely<Database>,
  storage: FileStorage,
  restaurantId: string,
  input: RestaurantSettingsInput,
): Promise<{ slug: string }> {
  if (RESERVED_SLUGS.has(input.slug)) throw new AppError('slug-reserved', { slug: input.slug }, { field: 'slug' });
  try {
    return await changeMenu(db, storage, restaurantId, async ({ trx, release }) => {
      const taken = await trx.selectFrom('restaurant').select('id').where('slug', '=', input.slug).where('id', '!=', restaurantId).executeTakeFirst();
      if (taken) throw new AppError('slug-taken', {}, { field: 'slug' });
      const current = await trx.selectFrom('restaurant').select(['logoUrl', 'coverImageUrl', 'currency']).where('id', '=', restaurantId).executeTakeFirstOrThrow();
      const logo = await pictureFor(trx, restaurantId, input.logoId, current.logoUrl);
      const cover = await pictureFor(trx, restaurantId, input.coverId, current.coverImageUrl);
      const now = new Date().toISOString();
      const { logoId: _logoId, coverId: _coverId, openingHours, ...fields } = input;
      await trx
        .updateTable('restaurant')
        .set({ ...fields, openingHours: JSON.stringify(openingHours), logoUrl: logo.url, coverImageUrl: cover.url, updatedAt: now })
        .where('id', '=', restaurantId)
        .execute();
      if (current.currency !== input.currency) {
        await trx.updateTable('product').set({ currency: input.currency, updatedAt: now }).where('restaurantId', '=', restaurantId).execute();
      }
      if (logo.url !== current.logoUrl) await fillWithLogo(trx, restaurantId, current.logoUrl, logo);
      await release([current.logoUrl !== logo.url ? current.logoUrl : null, current.coverImageUrl !== cover.url ? current.coverImageUrl : null]);
      return { slug: input.slug };
    });
  } catch (error) {
    // two owners claiming the same slug at once: the unique index decides
    if (!(error instanceof AppError) && /unique|duplicate/i.test(String(error))) {
      const taken = await db.selectFrom('restaurant').select('id').where('slug', '=', input.slug).where('id', '!=', restaurantId).executeTakeFirst();
      if (taken) throw new AppError('slug-taken', {}, { field: 'slug' });
    }
    throw error;
  }
}

/** Spec section 4 (logo update), applied with the pure rule to this restaurant's rows. */
async function fillWithLogo(trx: Transaction<Database>, restaurantId: string, oldLogoUrl: string | null, logo: { url: string | null; id: string | null }) {
  const now = new Date().toISOString();
  const [categories, products] = await Promise.all([
    trx.selectFrom('category').select(['id', 'imageUrl']).where('restaurantId', '=', restaurantId).execute(),
    trx.selectFrom('product').select(['id', 'imageUrl']).where('restaurantId', '=', restaurantId).execute(),
  ]);
  const categoryIds = logoFillTargets(categories, oldLogoUrl);
  const productIds = logoFillTargets(products, oldLogoUrl);
  for (const ids of chunks(categoryIds)) {
    await trx.updateTable('category').set({ imageUrl: logo.url, updatedAt: now }).where('restaurantId', '=', restaurantId).where('id', 'in', ids).execute();
  }
  for (const ids of chunks(productIds)) {
    await trx.updateTable('product').set({ imageUrl: logo.url, imageId: logo.id, updatedAt: now }).where('restaurantId', '=', restaurantId).where('id', 'in', ids).execute();
  }
}

/** Keeps `IN (...)` lists under SQLite's and PostgreSQL's parameter limits. */
function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
