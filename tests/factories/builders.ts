import type { NewCategory, NewLocation, NewProduct, NewRestaurant, NewStoredImage } from '#app/db/schema.ts';
import { newId, newShortCode } from '#app/modules/restaurant/ids.ts';
import { slugifyName } from '#app/modules/restaurant/slug.ts';

/**
 * Row builders shared by the tests and the demo seed (STYLE.md habit 12): each returns a complete,
 * valid row with sensible defaults; pass only what the test is about.
 */
const now = () => new Date().toISOString();

export { newId, newShortCode };

let sequence = 0;
const next = () => ++sequence;

export function buildRestaurant(overrides: Partial<NewRestaurant> = {}): NewRestaurant {
  const n = next();
  const name = overrides.name ?? `Restaurant ${n}`;
  const timestamp = now();
  return {
    id: newId(),
    name,
    slug: `${slugifyName(name)}-${Date.now()}-${n}`,
    shortCode: newShortCode(),
    ownerId: null,
    active: 1,
    currency: 'RON',
    timeZone: 'Europe/Bucharest',
    productsCount: 0,
    plan: 'free',
    subscriptionActive: 1,
    isPro: 0,
    isManualPro: 0,
    stripeActive: 0,
    trialStartDate: timestamp,
    subscriptionCreatedAt: timestamp,
    subscriptionUpdatedAt: timestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
    ...overrides,
  };
}

export function buildLocation(restaurantId: string, overrides: Partial<NewLocation> = {}): NewLocation {
  const n = next();
  const timestamp = now();
  return {
    id: newId(),
    restaurantId,
    nameRo: `Locație ${n}`,
    nameEn: `Location ${n}`,
    visible: 1,
    sortOrder: n,
    createdAt: timestamp,
    updatedAt: timestamp,
    ...overrides,
  };
}

export function buildCategory(
  restaurantId: string,
  locationId: string,
  overrides: Partial<NewCategory> = {},
): NewCategory {
  const n = next();
  const timestamp = now();
  return {
    id: newId(),
    restaurantId,
    locationId,
    nameRo: `Categorie ${n}`,
    nameEn: `Category ${n}`,
    visible: 1,
    sortOrder: n,
    createdAt: timestamp,
    updatedAt: timestamp,
    ...overrides,
  };
}

export function buildProduct(
  restaurantId: string,
  categoryId: string,
  overrides: Partial<NewProduct> = {},
): NewProduct {
  const n = next();
  const timestamp = now();
  return {
    id: newId(),
    restaurantId,
    categoryId,
    nameRo: `Produs ${n}`,
    nameEn: `Product ${n}`,
    priceMinor: 1000 + n,
    currency: 'RON',
    allergens: '[]',
    traces: '[]',
    additives: '[]',
    frozen: 0,
    available: 1,
    visible: 1,
    sortOrder: n,
    createdAt: timestamp,
    updatedAt: timestamp,
    ...overrides,
  };
}

export function buildStoredImage(restaurantId: string, overrides: Partial<NewStoredImage> = {}): NewStoredImage {
  const id = newId();
  const path = `restaurants/${restaurantId}/images/${id}/image.jpg`;
  return {
    id,
    restaurantId,
    path,
    url: `/uploads/${path}`,
    name: 'image.jpg',
    size: 1000,
    contentType: 'image/jpeg',
    width: 800,
    height: 600,
    variants: '{}',
    downloadToken: newId(),
    createdAt: now(),
    ...overrides,
  };
}
