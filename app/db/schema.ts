import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { PrinterTable, PrintJobTable, StationTable, TableCallTable } from './schema-kitchen.ts';

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
  /** the restaurant the member opened last: where sign-in lands (migration 0021); null before the first */
  lastRestaurantId: string | null;
  /** when the user last signed in (any method; migration 0020); null before the first */
  lastSignInAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  /** when the person's one free trial ends (ISO-8601 UTC), set with their first restaurant (migration 0022, decision 0029); null before */
  trialEndsAt: ColumnType<string | null, string | null | undefined, string | null>;
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

/** trial: the 60 days every restaurant starts with; manual: PRO granted by an admin; provider: a card subscription */
export type SubscriptionKind = 'trial' | 'manual' | 'provider';

/**
 * active: counts between startsAt and endsAt; ended: over early (an admin took a grant back);
 * canceled, past_due, ...: the payment provider's word, or a migrated inactive subscription.
 */
export type SubscriptionStatus = 'active' | 'ended' | 'canceled' | 'past_due' | 'incomplete' | 'unpaid';

/** One plan period or grant (docs/decisions/0012-subscriptions.md); rows are ended, never deleted. */
export interface SubscriptionTable {
  id: string;
  restaurantId: string;
  kind: SubscriptionKind;
  status: SubscriptionStatus;
  /** 'free' for a trial, 'pro' for a grant, the provider's plan for a card subscription */
  plan: string;
  startsAt: Timestamp;
  /** null: open-ended (a card subscription runs until the provider says otherwise) */
  endsAt: Timestamp | null;
  /** the admin who granted it; null for a trial, a migration or the payment provider */
  grantedBy: string | null;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  providerPriceId: string | null;
  providerStatus: string | null;
  cancelAtPeriodEnd: ColumnType<Bool, Bool | undefined, Bool>;
  currentPeriodEnd: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RestaurantTable {
  id: string;
  name: string;
  slug: string;
  /** permanent code behind the QR short link /m/{shortCode}; survives slug changes */
  shortCode: string;
  active: Bool;
  /** a storage key, or `ext:` + the URL of a picture that is not ours (docs/decisions/0013-image-keys.md) */
  logoKey: string | null;
  coverImageKey: string | null;
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
  /** JSON [{ from, to, note, hours }]: closed days and special hours by date (decision 0022) */
  openingExceptions: ColumnType<string | null, string | null | undefined, string | null>;
  productsCount: number;
  /** bumped by every change a guest could see; the rendered menu is cached per version */
  menuVersion: ColumnType<number, number | undefined, number>;
  /** bumped by every save of the settings form only: the version a stale settings tab is refused by */
  settingsVersion: ColumnType<number, number | undefined, number>;
  /**
   * Plan summary, derived from the `subscription` rows by `refreshPlanSummary` in the same
   * transaction as every change to them (docs/decisions/0012-subscriptions.md). Never written elsewhere.
   * publishedUntil: until when guests may see the menu (latest end of an active trial or PRO row;
   * OPEN_ENDED when one has no end); null when nothing serves it.
   */
  publishedUntil: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** until when the restaurant is PRO (OPEN_ENDED when a row has no end); null when never */
  proUntil: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** the kind of row behind proUntil, else 'trial' when a trial row exists, else null */
  planKind: ColumnType<SubscriptionKind | null, SubscriptionKind | null | undefined, SubscriptionKind | null>;
  /** the owner's language for billing e-mails ('ro' | 'en'); null: Romanian (migration 0010) */
  ownerLocale: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON { [lang]: { [field]: text } } of languages beyond ro/en (decision 0019) */
  translations: ColumnType<string, string | undefined, string>;
  /** JSON { "<lang>.<field>": { by, src, outdated? } }: machine/owner marks, editor only (decision 0019) */
  translationMeta: ColumnType<string, string | undefined, string>;
  /** JSON list of the extra content languages the owner enabled (de, fr, …; decision 0019) */
  contentLanguages: ColumnType<string, string | undefined, string>;
  /** the days this restaurant counts on in the overview's roll-up (plan-days.ts); written with the plan summary (migration 0019) */
  statsKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON list of terms automatic translation keeps as they are */
  doNotTranslate: ColumnType<string, string | undefined, string>;
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
  /** JSON { [lang]: { [field]: text } } of languages beyond ro/en (decision 0019) */
  translations: ColumnType<string, string | undefined, string>;
  /** JSON { "<lang>.<field>": { by, src, outdated? } }: machine/owner marks, editor only (decision 0019) */
  translationMeta: ColumnType<string, string | undefined, string>;
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
  /** a storage key, or `ext:` + the URL of a picture that is not ours (decision 0013) */
  imageKey: string | null;
  visible: Bool;
  sortOrder: number;
  /** JSON { [lang]: { [field]: text } } of languages beyond ro/en (decision 0019) */
  translations: ColumnType<string, string | undefined, string>;
  /** JSON { "<lang>.<field>": { by, src, outdated? } }: machine/owner marks, editor only (decision 0019) */
  translationMeta: ColumnType<string, string | undefined, string>;
  /** JSON { days, from, to, overnight, outside }: when guests are served it (decision 0022); null = always */
  schedule: ColumnType<string | null, string | null | undefined, string | null>;
  /** the station that makes its dishes (migration 0028); null: the location's first station */
  stationId: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** sold out "until we open again": the location's next opening when marked; available again from then (migration 0027) */
  soldOutUntil: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  visible: Bool;
  sortOrder: number;
  /** a storage key, or `ext:` + the URL of a picture that is not ours (decision 0013) */
  imageKey: string | null;
  imageId: string | null;
  /** JSON { [lang]: { [field]: text } } of languages beyond ro/en (decision 0019) */
  translations: ColumnType<string, string | undefined, string>;
  /** JSON { "<lang>.<field>": { by, src, outdated? } }: machine/owner marks, editor only (decision 0019) */
  translationMeta: ColumnType<string, string | undefined, string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AppConfigTable {
  id: string;
  defaultLocale: string;
  /** JSON array */
  availableLocales: string;
  updatedAt: Timestamp;
  /** operator settings (migration 0011): null takes the environment's value */
  contactEmail: ColumnType<string | null, string | null | undefined, string | null>;
  priceMonthlyMinor: ColumnType<number | null, number | null | undefined, number | null>;
  priceYearlyMinor: ColumnType<number | null, number | null | undefined, number | null>;
  priceCurrency: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TranslationCacheTable {
  /** '<source>><target>:' + the source text lowercased and whitespace-collapsed (decision 0019) */
  key: string;
  /** JSON: { <target>: '...' } */
  translations: string;
  createdAt: Timestamp;
}

export interface StoredImageTable {
  id: string;
  restaurantId: string;
  /** the JPEG's key inside the storage (local folder or S3 bucket); its URL is built on read */
  path: string;
  name: string;
  size: number;
  contentType: string;
  width: number;
  height: number;
  /** JSON: { [width]: key } of WebP variants */
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
  /** the back office's inbox (migration 0011): first opened by an admin, and marked handled */
  readAt: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  handledAt: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface AuditEventTable {
  id: string;
  createdAt: Timestamp;
  actorType: 'user' | 'system';
  actorId: string;
  actorEmail: string | null;
  restaurantId: string | null;
  /** '<entity>.<verb>', e.g. 'product.update', 'subscription.grant-manual' */
  action: string;
  targetType: string;
  targetId: string | null;
  /** JSON { before?, after? } */
  summary: string;
  requestId: string | null;
  /** the role a member acted in (migration 0021); null for the system, admins and older rows */
  actorRole: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One live event (migration 0023, decision 0031): what an open staff board is told, in id order. */
export interface LiveEventTable {
  /** given by the database, only growing: the stream's event id */
  id: Generated<number>;
  restaurantId: string;
  /** e.g. 'orders' (app/modules/live) */
  channel: string;
  /** e.g. 'order.placed' */
  type: string;
  /** JSON text */
  payload: string;
  createdAt: Timestamp;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'dead';

/** One unit of background work (app/modules/jobs, decision 0010). */
export interface JobTable {
  id: string;
  type: string;
  /** JSON text, validated by the job type's schema */
  payload: string;
  status: JobStatus;
  attempts: ColumnType<number, number | undefined, number>;
  maxAttempts: number;
  runAt: Timestamp;
  lockedUntil: Timestamp | null;
  lockedBy: string | null;
  lastError: string | null;
  dedupeKey: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: Timestamp | null;
}

/** A Stripe webhook event, recorded once by its id (docs/decisions/0014-billing.md). */
export interface BillingEventTable {
  /** Stripe's event id (evt_…) */
  id: string;
  type: string;
  customerId: string | null;
  receivedAt: Timestamp;
}

/** A lifecycle or dunning e-mail sent once, by its dedupe key (migration 0010, decision 0014). */
export interface BillingNoticeTable {
  key: string;
  restaurantId: string;
  kind: string;
  sentAt: Timestamp;
}

export type Job = Selectable<JobTable>;

/** Our own limiter's rows (migration 0008): a fixed-window counter, or a lock row, per key. */
export interface RateCounterTable {
  key: string;
  windowStart: Timestamp;
  count: number;
}

/** A menu photo being read by OCR, then its candidate rows (migration 0014, app/modules/import). */
export interface ImportDraftTable {
  id: string;
  restaurantId: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  progress: ColumnType<number, number | undefined, number>;
  /** the prepared image, base64, until it is read */
  image: string | null;
  /** JSON: the candidate rows */
  rows: string | null;
  error: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** One "translate everything missing" run (app/modules/translation, decision 0019). */
export interface TranslationRunTable {
  id: string;
  restaurantId: string;
  status: 'running' | 'done' | 'failed';
  total: number;
  done: ColumnType<number, number | undefined, number>;
  /** the AppError code that stopped it */
  error: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The back office overview's roll-up: counts of one closed UTC day (migration 0019, decision 0017). */
export interface PlatformDayTable {
  /** YYYY-MM-DD */
  day: string;
  signups: number;
  trialsEnded: number;
  trialsConverted: number;
  cancellations: number;
  computedAt: Timestamp;
}

/** Owner insights: aggregate counts per local day (migration 0012, decision 0018). */
export interface InsightCountTable {
  restaurantId: string;
  /** YYYY-MM-DD in the restaurant's time zone */
  day: string;
  /** '' when the count is not about one location */
  locationId: string;
  /** view | lang | source | via | hour | dish | search-hit | search-miss | allergen */
  metric: string;
  dimension: string;
  count: number;
}

/** A search term's running total under a keyed hash, never its text (migration 0016, decision 0018). */
export interface InsightSearchTermTable {
  restaurantId: string;
  /** base64url HMAC-SHA256 of the restaurant id and the folded term */
  termKey: string;
  count: number;
  firstAt: Timestamp;
  lastAt: Timestamp;
}

/** Per-day searches of a term still below the privacy threshold (migration 0016). */
export interface InsightSearchPendingTable {
  restaurantId: string;
  termKey: string;
  day: string;
  locationId: string;
  /** search-hit | search-miss */
  metric: string;
  count: number;
}

/** A slug a restaurant gave up: old links answer 301 to the current slug (migration 0015). */
export interface RestaurantSlugHistoryTable {
  slug: string;
  restaurantId: string;
  createdAt: Timestamp;
}

/** A table or area of a location, with its own permanent short code behind /m/<code> (migration 0015). */
export interface DiningTableTable {
  id: string;
  restaurantId: string;
  locationId: string;
  label: string;
  code: string;
  sortOrder: number;
  createdAt: Timestamp;
}
export type DiningTable = Selectable<DiningTableTable>;

/** A user's role in one restaurant (decision 0029): the only source of who may act in it. */
export interface MembershipTable {
  id: string;
  restaurantId: string;
  userId: string;
  role: 'owner' | 'manager' | 'editor' | 'staff';
  createdAt: string;
  updatedAt: string;
}

/** An address invited into a restaurant with a role; the token itself is never stored (decision 0029). */
export interface InvitationTable {
  id: string;
  restaurantId: string;
  email: string;
  role: 'owner' | 'manager' | 'editor' | 'staff';
  /** SHA-256 (hex) of the token in the link */
  tokenHash: string;
  invitedBy: string | null;
  /** the language the invitation was written in, 'ro' or 'en' */
  locale: string;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  acceptedBy: string | null;
  revokedAt: string | null;
}

/** A location's ordering and reservation settings (migration 0024); no row means both are off. */
export interface OrderingSettingsTable {
  locationId: string;
  restaurantId: string;
  ordersEnabled: Bool;
  dineIn: Bool;
  pickup: Bool;
  paused: Bool;
  pausedAt: Timestamp | null;
  reservationsEnabled: Bool;
  slotMinutes: number;
  maxPartySize: number;
  leadMinutes: number;
  daysAhead: number;
  capacityPerSlot: number;
  autoAccept: Bool;
  guestNoteRo: string | null;
  guestNoteEn: string | null;
  /** orders the location takes in 10 minutes (migration 0025, issue 33) */
  orderCeiling: Generated<number>;
  /** reservation requests the location takes in an hour, in a day, and from one contact in a day */
  reservationHourCeiling: Generated<number>;
  reservationDayCeiling: Generated<number>;
  reservationContactCeiling: Generated<number>;
  /** when a ceiling last refused a guest (the staff's board says so) */
  ordersCeilingAt: Timestamp | null;
  reservationsCeilingAt: Timestamp | null;
  version: number;
  updatedAt: Timestamp;
}
export type OrderingSettingsRow = Selectable<OrderingSettingsTable>;

export type OrderKind = 'dineIn' | 'pickup';
export type OrderStatus = 'received' | 'accepted' | 'declined' | 'ready' | 'served';

/** An order a guest placed from the menu, as the server priced it (migration 0024). */
export interface GuestOrderTable {
  id: string;
  restaurantId: string;
  locationId: string;
  /** the guest's order page address: unguessable, never listed */
  token: string;
  /** the restaurant's local day 'YYYY-MM-DD' and the order's number that day */
  serviceDay: string;
  number: number;
  kind: OrderKind;
  tableId: string | null;
  tableLabel: string | null;
  status: OrderStatus;
  etaMinutes: number | null;
  declineReason: string | null;
  customerName: string | null;
  customerPhone: string | null;
  /** pickup: local 'HH:MM' on serviceDay */
  pickupTime: string | null;
  totalMinor: number;
  currency: string;
  locale: string;
  idempotencyKey: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  acceptedAt: Timestamp | null;
  readyAt: Timestamp | null;
  /** served or declined */
  closedAt: Timestamp | null;
  /** when the retention job erased the name, phone and notes */
  contactErasedAt: Timestamp | null;
  /** JSON list of EU-14 keys the guest asked the kitchen to know of (health data, erased with the contact; migration 0027) */
  allergies: ColumnType<string | null, string | null | undefined, string | null>;
  /** the guest's own words about their allergies (erased with the contact) */
  allergyNote: ColumnType<string | null, string | null | undefined, string | null>;
  /** the same table's earlier order still open when this one was placed: its tickets say "ADĂUGAT" (migration 0028) */
  addsToOrderId: ColumnType<string | null, string | null | undefined, string | null>;
}
export type GuestOrder = Selectable<GuestOrderTable>;

/** One line of an order: the name and unit price the guest confirmed (migration 0024). */
export interface GuestOrderLineTable {
  id: string;
  orderId: string;
  restaurantId: string;
  productId: string | null;
  nameRo: string;
  nameEn: string | null;
  unitPriceMinor: number;
  quantity: number;
  note: string | null;
  position: number;
  /** JSON list of the dish's and chosen options' allergen and trace keys when placed (migration 0027) */
  allergens: ColumnType<string, string | undefined, string>;
  /** the station the line was routed to when placed (migration 0028); null: the location had none */
  stationId: ColumnType<string | null, string | null | undefined, string | null>;
  /** done on the kitchen display */
  bumpedAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** taken back by the staff after the kitchen had it */
  cancelledAt: ColumnType<string | null, string | null | undefined, string | null>;
}
export type GuestOrderLine = Selectable<GuestOrderLineTable>;

export type OptionPricing = 'add' | 'set';

/** A restaurant's option group (issue 35, migration 0027): its rule is minChoices..maxChoices. */
export interface OptionGroupTable {
  id: string;
  restaurantId: string;
  nameRo: string;
  nameEn: string | null;
  minChoices: number;
  maxChoices: number;
  /** 'add': options change the dish's price; 'set': the chosen option's price is the dish's price (exactly-one groups only) */
  pricing: OptionPricing;
  sortOrder: number;
  /** JSON { [lang]: { [field]: text } } of languages beyond ro/en (decision 0019) */
  translations: ColumnType<string, string | undefined, string>;
  translationMeta: ColumnType<string, string | undefined, string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}
export type OptionGroup = Selectable<OptionGroupTable>;

/** One option of a group, with its price (a change, or the price in a 'set' group) and its own allergens. */
export interface OptionItemTable {
  id: string;
  groupId: string;
  restaurantId: string;
  nameRo: string;
  nameEn: string | null;
  priceMinor: number;
  /** JSON arrays of allergen keys, as on product */
  allergens: ColumnType<string, string | undefined, string>;
  traces: ColumnType<string, string | undefined, string>;
  available: ColumnType<Bool, Bool | undefined, Bool>;
  /** sold out "until we open again" (see ProductTable.soldOutUntil) */
  soldOutUntil: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  visible: ColumnType<Bool, Bool | undefined, Bool>;
  sortOrder: number;
  translations: ColumnType<string, string | undefined, string>;
  translationMeta: ColumnType<string, string | undefined, string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}
export type OptionItem = Selectable<OptionItemTable>;

/** The groups a dish offers, in order. */
export interface ProductOptionGroupTable {
  productId: string;
  groupId: string;
  restaurantId: string;
  position: number;
}

/** An option a guest chose on an order's line, with the names and price they confirmed. */
export interface GuestOrderLineOptionTable {
  id: string;
  lineId: string;
  orderId: string;
  restaurantId: string;
  optionId: string | null;
  groupId: string | null;
  groupNameRo: string;
  groupNameEn: string | null;
  nameRo: string;
  nameEn: string | null;
  /** 'add': the change to the unit price; 'set': the unit price */
  priceMinor: number;
  pricing: OptionPricing;
  position: number;
}
export type GuestOrderLineOption = Selectable<GuestOrderLineOptionTable>;

export type ReservationStatus = 'requested' | 'accepted' | 'declined' | 'cancelled' | 'noShow';

/** A guest's request for a slot (migration 0024); contact details until the retention job erases them. */
export interface ReservationTable {
  id: string;
  restaurantId: string;
  locationId: string;
  token: string;
  /** local 'YYYY-MM-DD' and slot start 'HH:MM' */
  date: string;
  time: string;
  partySize: number;
  name: string | null;
  phone: string | null;
  email: string | null;
  note: string | null;
  locale: string;
  status: ReservationStatus;
  declineReason: string | null;
  idempotencyKey: string;
  reminderSentAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  contactErasedAt: Timestamp | null;
}
export type Reservation = Selectable<ReservationTable>;

/** "Decline and block this table code for today" (migration 0024). */
export interface TableBlockTable {
  tableId: string;
  /** the restaurant's local day */
  day: string;
  restaurantId: string;
  createdAt: Timestamp;
}

export interface Database {
  orderingSettings: OrderingSettingsTable;
  guestOrder: GuestOrderTable;
  guestOrderLine: GuestOrderLineTable;
  guestOrderLineOption: GuestOrderLineOptionTable;
  optionGroup: OptionGroupTable;
  optionItem: OptionItemTable;
  productOptionGroup: ProductOptionGroupTable;
  reservation: ReservationTable;
  tableBlock: TableBlockTable;
  membership: MembershipTable;
  invitation: InvitationTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  restaurant: RestaurantTable;
  importDraft: ImportDraftTable;
  location: LocationTable;
  category: CategoryTable;
  product: ProductTable;
  appConfig: AppConfigTable;
  translationCache: TranslationCacheTable;
  storedImage: StoredImageTable;
  contactMessage: ContactMessageTable;
  auditEvent: AuditEventTable;
  liveEvent: LiveEventTable;
  job: JobTable;
  subscription: SubscriptionTable;
  billingEvent: BillingEventTable;
  billingNotice: BillingNoticeTable;
  rateCounter: RateCounterTable;
  insightCount: InsightCountTable;
  insightSearchTerm: InsightSearchTermTable;
  insightSearchPending: InsightSearchPendingTable;
  restaurantSlugHistory: RestaurantSlugHistoryTable;
  diningTable: DiningTableTable;
  translationRun: TranslationRunTable;
  platformDay: PlatformDayTable;
  station: StationTable;
  printer: PrinterTable;
  printJob: PrintJobTable;
  tableCall: TableCallTable;
}

export type Restaurant = Selectable<RestaurantTable>;
export type NewRestaurant = Insertable<RestaurantTable>;
export type RestaurantUpdate = Updateable<RestaurantTable>;
export type Subscription = Selectable<SubscriptionTable>;
export type NewSubscription = Insertable<SubscriptionTable>;
export type Location = Selectable<LocationTable>;
export type NewLocation = Insertable<LocationTable>;
export type Category = Selectable<CategoryTable>;
export type NewCategory = Insertable<CategoryTable>;
export type Product = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;
export type NewStoredImage = Insertable<StoredImageTable>;
