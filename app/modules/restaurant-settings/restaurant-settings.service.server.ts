import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { changedFields, recordAudit } from '#app/modules/audit/audit.server.ts';
import { listCategoryImages, setCategoriesImage } from '#app/modules/category/category.repo.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { publicImageUrl, type FileStorage } from '#app/modules/image/storage.server.ts';
import { noteContentSave } from '#app/modules/translation/source-change.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { resolveOwnImage } from '#app/modules/editing/editing.repo.server.ts';
import { KEEP_CURRENT_IMAGE } from '#app/modules/editing/editor-image.ts';
import { logoFillTargets } from '#app/modules/editing/menu-rules.ts';
import { listProductImages, setProductsCurrency, setProductsImage } from '#app/modules/product/product.repo.server.ts';
import { readPlanStatus } from '#app/modules/subscription/subscription.service.server.ts';
import { parseOpeningHours } from '#app/modules/restaurant/opening-hours.ts';
import { parseOpeningExceptions, serializeOpeningExceptions } from '#app/modules/restaurant/opening-exceptions.ts';
import {
  findOtherRestaurantWithSlug,
  findRestaurantAdminSummary,
  rememberPreviousSlug,
  findRestaurantById,
  findRestaurantSettings,
  updateRestaurantSettingsRow,
} from '#app/modules/restaurant/restaurant.repo.server.ts';
import type { RestaurantSettingsInput } from './restaurant-settings.schema.ts';
import { DEMO_RESTAURANT_SLUG } from '#app/modules/restaurant/demo.ts';
import { RESERVED_SLUGS } from '#app/modules/restaurant/slug.ts';

/**
 * What the admin frame shows on every page: the restaurant's name and slug, and the plan status
 * behind the upgrade prompt (docs/product-spec.md section 4), for the scope's restaurant.
 */
export async function getRestaurantAdminSummary(scope: RestaurantScope, now = new Date()) {
  authorize(scope, 'restaurant.view');
  const restaurant = await findRestaurantAdminSummary(scope.db, scope.restaurantId);
  const subscription = await readPlanStatus(scope, restaurant.productsCount, now);
  // a restaurant added after its owner's trial ended never had days of its own (decision 0029): its page says so, not "no longer"
  const trialBeforeIt = subscription.phase === 'trial-ended' && (subscription.trialEndsAt === null || subscription.trialEndsAt <= restaurant.createdAt);
  return {
    restaurant: { name: restaurant.name, slug: restaurant.slug, logoUrl: publicImageUrl(restaurant.logoKey), timeZone: restaurant.timeZone },
    subscription: { ...subscription, trialBeforeIt },
  };
}

/** The settings form's current values. */
export async function getRestaurantSettings(scope: RestaurantScope) {
  authorize(scope, 'settings.edit');
  const restaurant = await findRestaurantSettings(scope.db, scope.restaurantId);
  const { logoKey, coverImageKey, logoId, coverId, openingHours, openingExceptions, ...rest } = restaurant;
  return {
    ...rest,
    openingHours: parseOpeningHours(openingHours) ?? {},
    openingExceptions: parseOpeningExceptions(openingExceptions),
    logo: logoKey ? { id: logoId ?? KEEP_CURRENT_IMAGE, url: publicImageUrl(logoKey) } : null,
    cover: coverImageKey ? { id: coverId ?? KEEP_CURRENT_IMAGE, url: publicImageUrl(coverImageKey) } : null,
  };
}

async function pictureFor(scope: RestaurantScope, submitted: string | null, current: string | null) {
  if (submitted === KEEP_CURRENT_IMAGE) return { key: current, id: null };
  const image = await resolveOwnImage(scope.db, scope.restaurantId, submitted);
  return { key: image?.key ?? null, id: image?.id ?? null };
}

/**
 * Saves the restaurant's settings. docs/product-spec.md section 5: the slug must be unique ('slug-taken') and may
 * not be one of the app's own paths ('slug-reserved'). docs/product-spec.md section 4: a new logo fills every
 * product and category image that is empty or was the old logo. Returns the (possibly new) slug.
 * `expectedVersion` is the settings version the form was loaded at: a save from a stale form
 * (another tab saved first) is refused ('stale-edit') instead of reverting the other save, and so is
 * one without a version (undefined: a post without the hidden field; decision 0015). Needs `settings.edit`,
 * and `settings.slug` as well when the slug changes.
 */
export async function updateRestaurantSettings(
  scope: RestaurantScope,
  storage: FileStorage,
  input: RestaurantSettingsInput,
  expectedVersion: number | undefined,
): Promise<{ slug: string }> {
  authorize(scope, 'settings.edit');
  // the demo's slug is another restaurant's, as far as an owner can tell: docs/product-spec.md section 5's sentence (issue 23)
  if (input.slug === DEMO_RESTAURANT_SLUG) throw new AppError('slug-taken', {}, { field: 'slug' });
  if (RESERVED_SLUGS.has(input.slug)) throw new AppError('slug-reserved', { slug: input.slug }, { field: 'slug' });
  try {
    return await changeMenu(scope, storage, async (change) => {
      const { db, restaurantId } = change.scope;
      const current = await findRestaurantById(db, restaurantId);
      if (!current) throw new AppError('not-found');
      // a new address breaks every link not printed as a QR code: its own permission (decision 0029)
      if (current.slug !== input.slug) authorize(change.scope, 'settings.slug');
      if (await findOtherRestaurantWithSlug(db, restaurantId, input.slug)) throw new AppError('slug-taken', {}, { field: 'slug' });
      const logo = await pictureFor(change.scope, input.logoId, current.logoKey);
      const cover = await pictureFor(change.scope, input.coverId, current.coverImageKey);
      const now = new Date().toISOString();
      const { logoId: _logoId, coverId: _coverId, openingHours, openingExceptions, ...fields } = input;
      const next = {
        ...fields,
        openingHours: JSON.stringify(openingHours),
        openingExceptions: serializeOpeningExceptions(openingExceptions),
        logoKey: logo.key,
        coverImageKey: cover.key,
      };
      const written = expectedVersion !== undefined && (await updateRestaurantSettingsRow(db, restaurantId, { ...next, updatedAt: now }, expectedVersion));
      if (!written) throw new AppError('stale-edit', { context: 'restaurant' });
      await noteContentSave(change.scope, 'restaurant', restaurantId, current, next);
      if (current.slug !== input.slug) await rememberPreviousSlug(db, restaurantId, current.slug, input.slug, now);
      if (current.currency !== input.currency) await setProductsCurrency(db, restaurantId, input.currency, now);
      if (logo.key !== current.logoKey) await fillWithLogo(change.scope, current.logoKey, logo);
      await recordAudit(change.scope, { action: 'restaurant.update', target: { type: 'restaurant', id: restaurantId }, ...changedFields(current, next) });
      await change.release([current.logoKey !== logo.key ? current.logoKey : null, current.coverImageKey !== cover.key ? current.coverImageKey : null]);
      return { slug: input.slug };
    });
  } catch (error) {
    // two owners claiming the same slug at once: the unique index decides
    if (!(error instanceof AppError) && /unique|duplicate/i.test(String(error))) {
      if (await findOtherRestaurantWithSlug(scope.db, scope.restaurantId, input.slug)) throw new AppError('slug-taken', {}, { field: 'slug' });
    }
    throw error;
  }
}

/** docs/product-spec.md section 4 (logo update), applied with the pure rule to this restaurant's rows. */
async function fillWithLogo(scope: RestaurantScope, oldLogoKey: string | null, logo: { key: string | null; id: string | null }) {
  const { db, restaurantId } = scope;
  const now = new Date().toISOString();
  const [categories, products] = await Promise.all([listCategoryImages(db, restaurantId), listProductImages(db, restaurantId)]);
  const categoryIds = logoFillTargets(categories, oldLogoKey);
  const productIds = logoFillTargets(products, oldLogoKey);
  for (const ids of chunks(categoryIds)) await setCategoriesImage(db, restaurantId, ids, logo.key, now);
  for (const ids of chunks(productIds)) await setProductsImage(db, restaurantId, ids, logo, now);
}

/** Keeps `IN (...)` lists under SQLite's and PostgreSQL's parameter limits. */
function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
