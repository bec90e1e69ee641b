import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types, kept by hand next to the migrations (docs/decisions/0002-portable-columns.md).
 * App tables store timestamps as ISO-8601 UTC text and booleans as 0/1 integers, so SQLite and
 * PostgreSQL return identical values and no code above the dialect needs to know which one runs.
 * better-auth's own tables (user, session, account, verification) use its native types.
 */
type Bool = 0 | 1;
type Timestamp = string;
type AuthDate = ColumnType<Date, Date | string, Date | string>;
type AuthBool = ColumnType<boolean, boolean, boolean>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthBool;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  role: 'admin' | 'restaurant';
  banned: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  banReason: string | null;
  banExpires: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  restaurantId: string | null;
}

export interface SessionTable {
  id: string;
  expiresAt: AuthDate;
  token: string;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  refreshTokenExpiresAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  scope: string | null;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: ColumnType<number, number | bigint, number | bigint>;
}

/** Spec section 4: a trial is plan 'free' with a trial start date; PRO is granted by an admin or paid by card. */
export type SubscriptionPlan = 'free' | 'pro';

export interface RestaurantTable {
  id: string;
  name: string;
  slug: string;
  /** permanent code behind the QR short link /m/{shortCode}; survives slug changes */
  shortCode: string;
  ownerId: string | null;
  active: Bool;
  logoUrl: string | null;
  coverImageUrl: string | null;
  accentColor: string | null;
  currency: string;
  timeZone: string;
  descriptionRo: string | null;
  descriptionEn: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  /** JSON: { mon: [{from,to}], ... } in the restaurant's time zone */
  openingHours: string | null;
  productsCount: number;
  /** bumped by every change a guest could see; the rendered menu is cached per version */
  menuVersion: ColumnType<number, number | undefined, number>;
  // subscription (spec sections 3 and 4)
  plan: SubscriptionPlan;
  subscriptionActive: Bool;
  isPro: Bool;
  isManualPro: Bool;
  trialStartDate: Timestamp | null;
  expirationDate: Timestamp | null;
  subscriptionCreatedAt: Timestamp | null;
  subscriptionUpdatedAt: Timestamp | null;
  // payment provider block (spec section 3)
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  stripeStatus: string | null;
  stripePlan: string | null;
  stripeActive: Bool;
  stripeCurrentPeriodEnd: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface LocationTable {
  id: string;
  restaurantId: string;
  nameRo: string;
  nameEn: string | null;
  address: string | null;
  /** 1 shown to guests, 0 hidden with everything in it */
  visible: ColumnType<Bool, Bool | undefined, Bool>;
  sortOrder: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CategoryTable {
  id: string;
  restaurantId: string;
  locationId: string;
  nameRo: string;
  nameEn: string | null;
  descriptionRo: string | null;
  descriptionEn: string | null;
  imageUrl: string | null;
  visible: Bool;
  sortOrder: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProductTable {
  id: string;
  restaurantId: string;
  categoryId: string;
  nameRo: string;
  nameEn: string | null;
  descriptionRo: string | null;
  descriptionEn: string | null;
  ingredientsRo: string | null;
  ingredientsEn: string | null;
  /** integer minor units (bani for RON) */
  priceMinor: number;
  currency: string;
  weightValue: number | null;
  weightUnit: 'g' | 'ml' | 'pcs' | null;
  /** JSON array of allergen keys (app/modules/product/allergens.ts) */
  allergens: string;
  /** JSON array of allergen keys: "may contain traces of" */
  traces: string;
  /** JSON array of E-numbers */
  additives: string;
  frozen: Bool;
  energyKcal: number | null;
  fat: number | null;
  saturates: number | null;
  carbs: number | null;
  sugars: number | null;
  protein: number | null;
  salt: number | null;
  /** serving hours, 'HH:MM' in the restaurant's time zone */
  servedFrom: string | null;
  servedUntil: string | null;
  available: Bool;
  visible: Bool;
  sortOrder: number;
  imageUrl: string | null;
  imageId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AppConfigTable {
  id: string;
  defaultLocale: string;
  /** JSON array */
  availableLocales: string;
  updatedAt: Timestamp;
}

export interface TranslationCacheTable {
  /** the source text, lowercased (spec section 3) */
  key: string;
  /** JSON: { en: '...', ro: '...' } */
  translations: string;
  createdAt: Timestamp;
}

export interface StoredImageTable {
  id: string;
  restaurantId: string;
  /** key inside the storage (local folder or S3 bucket) */
  path: string;
  url: string;
  name: string;
  size: number;
  contentType: string;
  width: number;
  height: number;
  /** JSON: { [width]: url } of WebP variants */
  variants: string;
  downloadToken: string;
  createdAt: Timestamp;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  restaurantName: string | null;
  message: string;
  locale: string;
  emailedAt: Timestamp | null;
  /** keyed hash of the sender's IP address (rate limiting) */
  clientKey: string;
  createdAt: Timestamp;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  restaurant: RestaurantTable;
  location: LocationTable;
  category: CategoryTable;
  product: ProductTable;
  appConfig: AppConfigTable;
  translationCache: TranslationCacheTable;
  storedImage: StoredImageTable;
  contactMessage: ContactMessageTable;
}

export type Restaurant = Selectable<RestaurantTable>;
export type NewRestaurant = Insertable<RestaurantTable>;
export type RestaurantUpdate = Updateable<RestaurantTable>;
export type Location = Selectable<LocationTable>;
export type NewLocation = Insertable<LocationTable>;
export type Category = Selectable<CategoryTable>;
export type NewCategory = Insertable<CategoryTable>;
export type Product = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;
export type NewStoredImage = Insertable<StoredImageTable>;
