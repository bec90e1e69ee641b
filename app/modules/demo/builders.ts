import type { NewCategory, NewLocation, NewProduct, NewRestaurant, NewStoredImage, NewSubscription } from '#app/db/schema.ts';
import { newId, newShortCode } from '#app/modules/restaurant/ids.ts';
import { slugifyName } from '#app/modules/restaurant/slug.ts';
import { newTrial, planSummary, TRIAL_DAYS } from '#app/modules/subscription/subscription.ts';

/**
 * Row builders shared by the tests and the demo seed (docs/style.md, Tests): each returns a complete,
 * valid row with sensible defaults; pass only what the test is about. Pure: no database here (the
 * seed inserts through demo.repo.server.ts; tests through tests/factories/builders.ts).
 */
const now = () => new Date().toISOString();

export { newId, newShortCode };

let sequence = 0;
const next = () => ++sequence;

/**
 * A restaurant row. Its plan summary is that of a trial started now (the menu is published); the
 * subscription rows live in their own table, so use `insertRestaurant` when the plan matters.
 */
export function buildRestaurant(overrides: Partial<NewRestaurant> = {}): NewRestaurant {
  const n = next();
  const name = overrides.name ?? `Restaurant ${n}`;
  const timestamp = now();
  return {
    id: newId(),
    name,
    slug: `${slugifyName(name)}-${Date.now()}-${n}`,
    shortCode: newShortCode(),
    active: 1,
    currency: 'RON',
    timeZone: 'Europe/Bucharest',
    productsCount: 0,
    ...planSummary([newTrial(new Date(timestamp))]),
    createdAt: timestamp,
    updatedAt: timestamp,
    ...overrides,
  };
}

/** A subscription row: by default the 60-day trial, started now. */
export function buildSubscription(restaurantId: string, overrides: Partial<NewSubscription> = {}): NewSubscription {
  const timestamp = now();
  return {
    id: newId(),
    restaurantId,
    ...newTrial(new Date(timestamp)),
    grantedBy: null,
    providerCustomerId: null,
    providerSubscriptionId: null,
    providerPriceId: null,
    providerStatus: null,
    cancelAtPeriodEnd: 0,
    currentPeriodEnd: null,
    createdAt: timestamp,
    updatedAt: timestamp,
    ...overrides,
  };
}

export interface PlanOptions {
  /** the trial: false for none, a date for one started then; default a trial started now */
  trial?: false | Date;
  /** an admin's PRO grant running until then */
  manualProUntil?: string;
  /** an active card subscription on this plan (e.g. 'pro_monthly') */
  providerPlan?: string;
}

/** The subscription rows a plan option set stands for. */
export function buildPlan(restaurantId: string, options: PlanOptions = {}): NewSubscription[] {
  const rows: NewSubscription[] = [];
  if (options.trial !== false) {
    const started = options.trial ?? new Date();
    rows.push(buildSubscription(restaurantId, { startsAt: started.toISOString(), endsAt: new Date(started.getTime() + TRIAL_DAYS * 24 * 3600 * 1000).toISOString() }));
  }
  if (options.manualProUntil) {
    rows.push(
      buildSubscription(restaurantId, { kind: 'manual', plan: 'pro', startsAt: new Date(Date.now() - 1000).toISOString(), endsAt: options.manualProUntil, grantedBy: 'admin-1' }),
    );
  }
  if (options.providerPlan) {
    rows.push(
      buildSubscription(restaurantId, {
        kind: 'provider',
        plan: options.providerPlan,
        startsAt: new Date(Date.now() - 1000).toISOString(),
        endsAt: null,
        providerCustomerId: `cus_${restaurantId}`,
        providerSubscriptionId: `sub_${restaurantId}`,
        providerPriceId: options.providerPlan,
        providerStatus: 'active',
      }),
    );
  }
  return rows;
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

export function buildCategory(restaurantId: string, locationId: string, overrides: Partial<NewCategory> = {}): NewCategory {
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

export function buildProduct(restaurantId: string, categoryId: string, overrides: Partial<NewProduct> = {}): NewProduct {
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
