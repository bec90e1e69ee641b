import { PostgresAdapter, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { PLAN_SUMMARY_COLUMNS } from '#app/modules/subscription/subscription.repo.server.ts';
import type { PlanStateFilter, RestaurantSort, UserSort } from './backoffice.types.ts';
import { foldSearch } from './search-fold.ts';

/**
 * The back office's queries: platform-wide reads (they span restaurants by design; only services
 * taking an AdminScope call them) and the few writes that belong to no other module (contact
 * inbox marks, the app config row, a restaurant's active flag).
 */

/** The text for LIKE with its own % and _ taken literally (escape character \). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for LIKE with the text's own % and _ taken literally (escape character \). */
export function containsPattern(text: string): string {
  return `%${literal(text.toLowerCase())}%`;
}

const like = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** SQLite's FTS5 tables of migration 0019 (trigram tokenizer, diacritics removed), kept in step by triggers. */
const SEARCH_TABLES = { restaurant: 'restaurantSearch', user: 'userSearch' } as const;

/**
 * Rows of `table` with `text` inside one of `columns`, ignoring case and diacritics ("bunica" finds
 * "Bunică"), through an index (migration 0019): on PostgreSQL the folded columns' pg_trgm indexes
 * (a scan where the extension is missing), on SQLite the table's FTS5 trigram index. A text shorter
 * than a trigram (1 or 2 letters) scans with LIKE, ignoring case only (SQLite).
 */
function textMatches(db: Kysely<Database>, table: keyof typeof SEARCH_TABLES, columns: readonly string[], text: string): Expression<SqlBool> {
  if (isPostgres(db)) {
    // a subquery of its own, so its OR becomes a BitmapOr over the trigram indexes (beside a
    // caller's other OR branch the planner would scan the table and fold every row); the fold
    // function is migration 0019's, costed high so the planner prefers the index
    const pattern = containsPattern(foldSearch(text));
    const folded = columns.map((column) => sql`bucate_search_fold(${sql.ref(`found.${column}`)}) like ${pattern}`);
    return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select found.id from ${sql.table(table)} as found where ${sql.join(folded, sql` or `)})`;
  }
  if ([...text].length < 3) {
    const pattern = containsPattern(text);
    return sql<SqlBool>`(${sql.join(columns.map((column) => like(`${table}.${column}`, pattern)), sql` or `)})`;
  }
  const index = SEARCH_TABLES[table];
  const query = `{${columns.join(' ')}} : "${text.replaceAll('"', '""')}"`;
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select id from ${sql.table(index)} where ${sql.table(index)} match ${query})`;
}

// ---------------------------------------------------------------------------------------------
// restaurants

export interface RestaurantListFilter {
  q?: string;
  state?: PlanStateFilter;
  /** ISO now, and now + 7 days ("trial ending") */
  now: string;
  soon: string;
}

/** A whole e-mail address: looked up by equality (the unique index), not by a scan. */
export function isWholeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
}

/**
 * The filtered restaurants. The owner's row is joined only when a text search needs it; a whole
 * e-mail address goes through user.email's unique index instead of a scan.
 */
function restaurantsQuery(db: Kysely<Database>, filter: RestaurantListFilter) {
  let query = db.selectFrom('restaurant');
  if (filter.q && isWholeEmail(filter.q)) {
    const email = filter.q.toLowerCase();
    query = query.where('restaurant.ownerId', 'in', db.selectFrom('user').select('user.id').where('user.email', '=', email));
  } else if (filter.q) {
    const text = filter.q;
    query = query.where((eb) => eb.or([textMatches(db, 'restaurant', ['name', 'slug'], text), eb('restaurant.ownerId', 'in', eb.selectFrom('user').select('user.id').where(textMatches(db, 'user', ['email'], text)))]));
  }
  const notPro = sql<boolean>`(${sql.ref('restaurant.proUntil')} is null or ${sql.ref('restaurant.proUntil')} <= ${filter.now})`;
  switch (filter.state) {
    case 'trial':
      query = query.where((eb) => eb.and([notPro, eb('restaurant.publishedUntil', '>', filter.now)]));
      break;
    case 'trial-ending':
      query = query.where((eb) => eb.and([notPro, eb('restaurant.publishedUntil', '>', filter.now), eb('restaurant.publishedUntil', '<=', filter.soon)]));
      break;
    case 'pro-card':
      query = query.where('restaurant.proUntil', '>', filter.now).where('restaurant.planKind', '=', 'provider');
      break;
    case 'pro-manual':
      query = query.where('restaurant.proUntil', '>', filter.now).where('restaurant.planKind', '=', 'manual');
      break;
    case 'inactive':
      query = query.where((eb) => eb.or([eb('restaurant.publishedUntil', 'is', null), eb('restaurant.publishedUntil', '<=', filter.now)]));
      break;
    case 'deactivated':
      query = query.where('restaurant.active', '=', 0);
      break;
    default:
      break;
  }
  return query;
}

const RESTAURANT_ORDER: Record<RestaurantSort, [string, 'asc' | 'desc']> = {
  newest: ['restaurant.createdAt', 'desc'],
  oldest: ['restaurant.createdAt', 'asc'],
  name: ['restaurant.name', 'asc'],
  products: ['restaurant.productsCount', 'desc'],
  updated: ['restaurant.updatedAt', 'desc'],
};

/** One page of restaurants with their plan summary (owners' addresses: listUserEmails, for the page only). */
export function listRestaurantsPage(db: Kysely<Database>, filter: RestaurantListFilter, sort: RestaurantSort, page: { limit: number; offset: number }) {
  const [column, direction] = RESTAURANT_ORDER[sort];
  return restaurantsQuery(db, filter)
    .select(['restaurant.id', 'restaurant.name', 'restaurant.slug', 'restaurant.active', 'restaurant.productsCount', 'restaurant.createdAt', 'restaurant.updatedAt', 'restaurant.ownerId'])
    .select(PLAN_SUMMARY_COLUMNS)
    .orderBy(sql.ref(column), direction)
    .orderBy('restaurant.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** The e-mail addresses of these users (a page's owners). */
export function listUserEmails(db: Kysely<Database>, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('user').select(['id', 'email']).where('id', 'in', userIds).execute();
}

export async function countRestaurants(db: Kysely<Database>, filter: RestaurantListFilter): Promise<number> {
  const row = await restaurantsQuery(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One restaurant for its detail page (every column but none is secret). */
export function findRestaurantForAdmin(db: Kysely<Database>, restaurantId: string) {
  return db
    .selectFrom('restaurant')
    .select(['id', 'name', 'slug', 'shortCode', 'active', 'ownerId', 'productsCount', 'menuVersion', 'createdAt', 'updatedAt', 'timeZone', 'currency', 'email', 'phone'])
    .select(PLAN_SUMMARY_COLUMNS.map((c) => c.replace('restaurant.', '')) as ['publishedUntil', 'proUntil', 'planKind', 'timeZone'])
    .where('id', '=', restaurantId)
    .executeTakeFirst();
}

/** The users linked to a restaurant (its owner and any other account on it). */
export function listRestaurantUsers(db: Kysely<Database>, restaurantId: string, ownerId: string | null) {
  let query = db.selectFrom('user').select(['id', 'email', 'name', 'banned', 'createdAt']);
  query = ownerId ? query.where((eb) => eb.or([eb('restaurantId', '=', restaurantId), eb('id', '=', ownerId)])) : query.where('restaurantId', '=', restaurantId);
  return query.orderBy('createdAt').execute();
}

/** Counts of the restaurant's menu: what it uses of the product. */
export async function countRestaurantContent(db: Kysely<Database>, restaurantId: string) {
  const [locations, categories, products, images] = await Promise.all(
    (['location', 'category', 'product', 'storedImage'] as const).map((table) =>
      db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('restaurantId', '=', restaurantId).executeTakeFirstOrThrow(),
    ),
  );
  return { locations: Number(locations!.n), categories: Number(categories!.n), products: Number(products!.n), images: Number(images!.n) };
}

/** The newest change an owner made to the menu (the audit log's word), if any. */
export function findLastOwnerEdit(db: Kysely<Database>, restaurantId: string) {
  return db
    .selectFrom('auditEvent')
    .select(['createdAt', 'action', 'actorEmail'])
    .where('restaurantId', '=', restaurantId)
    .where('actorType', '=', 'user')
    .where('action', 'not like', 'subscription.%')
    .where('action', 'not like', 'restaurant.deactivate%')
    .where('action', 'not like', 'restaurant.reactivate%')
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Sets the restaurant's active flag; returns its name and slug, or undefined when it does not exist. */
export function writeRestaurantActive(db: Kysely<Database>, restaurantId: string, active: 0 | 1, updatedAt: string) {
  return db.updateTable('restaurant').set({ active, updatedAt }).where('id', '=', restaurantId).returning(['name', 'slug']).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// users

const USER_ORDER: Record<UserSort, [string, 'asc' | 'desc']> = {
  newest: ['user.createdAt', 'desc'],
  oldest: ['user.createdAt', 'asc'],
  email: ['user.email', 'asc'],
};

/** Users filtered by a search (e-mail, name, restaurant name: textMatches); a whole e-mail address goes through the unique index. */
function usersQuery(db: Kysely<Database>, q: string | undefined) {
  let query = db.selectFrom('user');
  if (q && isWholeEmail(q)) {
    query = query.where('user.email', '=', q.toLowerCase());
  } else if (q) {
    query = query.where((eb) => eb.or([textMatches(db, 'user', ['email', 'name'], q), eb('user.restaurantId', 'in', eb.selectFrom('restaurant').select('restaurant.id').where(textMatches(db, 'restaurant', ['name'], q)))]));
  }
  return query;
}

/** One page of users: never a password hash or a token (the columns are named, not `*`). */
export function listUsersPage(db: Kysely<Database>, q: string | undefined, sort: UserSort, page: { limit: number; offset: number }) {
  const [column, direction] = USER_ORDER[sort];
  return usersQuery(db, q)
    .leftJoin('restaurant', 'restaurant.id', 'user.restaurantId')
    .select(['user.id', 'user.email', 'user.name', 'user.role', 'user.banned', 'user.emailVerified', 'user.createdAt', 'restaurant.id as restaurantId', 'restaurant.name as restaurantName', 'restaurant.slug as restaurantSlug'])
    .orderBy(sql.ref(column), direction)
    .orderBy('user.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countUsers(db: Kysely<Database>, q: string | undefined): Promise<number> {
  const row = await usersQuery(db, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How each of these users signs in (provider ids only: no password hash, no token). */
export function listSignInMethods(db: Kysely<Database>, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('account').select(['userId', 'providerId']).where('userId', 'in', userIds).execute();
}

/** The newest session each of these users started (their last sign-in the sessions still remember). */
export function listLastSessions(db: Kysely<Database>, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('session').select(['userId', (eb) => eb.fn.max('createdAt').as('lastAt')]).where('userId', 'in', userIds).groupBy('userId').execute();
}

export function findUserForAdmin(db: Kysely<Database>, userId: string) {
  return db.selectFrom('user').select(['id', 'email', 'name', 'role', 'banned', 'restaurantId']).where('id', '=', userId).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// overview

/** From the plan summary: running trials (served by the trial, not PRO), those ending soon, PRO by kind. */
export async function countPlanStates(db: Kysely<Database>, now: string, soon: string) {
  const row = await db
    .selectFrom('restaurant')
    .select((eb) => {
      const notPro = eb.or([eb('proUntil', 'is', null), eb('proUntil', '<=', now)]);
      const inTrial = eb.and([notPro, eb('publishedUntil', '>', now)]);
      const count = (condition: ReturnType<typeof eb.and>) => eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end());
      return [
        count(inTrial).as('trials'),
        count(eb.and([inTrial, eb('publishedUntil', '<=', soon)])).as('trialsEnding'),
        count(eb.and([eb('proUntil', '>', now), eb('planKind', '=', 'provider')])).as('proCard'),
        count(eb.and([eb('proUntil', '>', now), eb('planKind', '=', 'manual')])).as('proManual'),
        eb.fn.countAll<number>().as('restaurants'),
      ];
    })
    .executeTakeFirstOrThrow();
  return { trials: Number(row.trials ?? 0), trialsEnding: Number(row.trialsEnding ?? 0), proCard: Number(row.proCard ?? 0), proManual: Number(row.proManual ?? 0), restaurants: Number(row.restaurants) };
}

/**
 * Card subscription rows paying at `at`, per plan: started, and not yet ended (a row without an end
 * pays while the provider calls it active or past due; a canceled or ended row until its endsAt).
 */
export async function countPayingRowsAt(db: Kysely<Database>, at: string) {
  const rows = await db
    .selectFrom('subscription')
    .select(['plan', (eb) => eb.fn.countAll<number>().as('n')])
    .where('kind', '=', 'provider')
    .where('plan', '!=', 'free')
    .where('startsAt', '<=', at)
    .where((eb) =>
      eb.or([
        eb.and([eb('endsAt', 'is', null), eb('status', 'in', ['active', 'past_due'])]),
        eb.and([eb('endsAt', '>', at), eb('status', 'in', ['active', 'past_due', 'canceled', 'ended'])]),
      ]),
    )
    .groupBy('plan')
    .orderBy('plan')
    .execute();
  return rows.map((row) => ({ plan: row.plan, n: Number(row.n) }));
}

// ---------------------------------------------------------------------------------------------
// contact inbox

function messagesQuery(db: Kysely<Database>, q: string | undefined, show: 'open' | 'all') {
  let query = db.selectFrom('contactMessage');
  if (show === 'open') query = query.where('handledAt', 'is', null);
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) => eb.or([like('name', pattern), like('email', pattern), like('restaurantName', pattern), like('message', pattern)]));
  }
  return query;
}

export function listMessagesPage(db: Kysely<Database>, q: string | undefined, show: 'open' | 'all', page: { limit: number; offset: number }) {
  return messagesQuery(db, q, show)
    .select(['id', 'name', 'email', 'restaurantName', 'message', 'locale', 'createdAt', 'readAt', 'handledAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countMessages(db: Kysely<Database>, q: string | undefined, show: 'open' | 'all'): Promise<number> {
  const row = await messagesQuery(db, q, show).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Messages no admin has opened yet (the number in the admin navigation). */
export async function countUnreadMessages(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('contactMessage').select((eb) => eb.fn.countAll<number>().as('n')).where('readAt', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findMessage(db: Kysely<Database>, id: string) {
  return db.selectFrom('contactMessage').select(['id', 'email', 'readAt', 'handledAt']).where('id', '=', id).executeTakeFirst();
}

export async function markMessagesRead(db: Kysely<Database>, ids: readonly string[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('contactMessage').set({ readAt: at }).where('id', 'in', ids).where('readAt', 'is', null).execute();
}

export async function writeMessageHandled(db: Kysely<Database>, id: string, handledAt: string | null, at: string): Promise<boolean> {
  const result = await db.updateTable('contactMessage').set((eb) => ({ handledAt, readAt: eb.fn.coalesce('readAt', eb.val(at)) })).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteMessage(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('contactMessage').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---------------------------------------------------------------------------------------------
// app config (settings/app_config)

export const APP_CONFIG_ID = 'app_config';

export function readAppConfig(db: Kysely<Database>) {
  return db
    .selectFrom('appConfig')
    .select(['defaultLocale', 'availableLocales', 'contactEmail', 'priceMonthlyMinor', 'priceYearlyMinor', 'priceCurrency', 'updatedAt'])
    .where('id', '=', APP_CONFIG_ID)
    .executeTakeFirst();
}

export interface AppConfigValues {
  defaultLocale: string;
  availableLocales: string;
  contactEmail: string | null;
  priceMonthlyMinor: number | null;
  priceYearlyMinor: number | null;
  priceCurrency: string | null;
  updatedAt: string;
}

/** Writes the one app config row (created when a database lost it). */
export async function writeAppConfig(db: Kysely<Database>, values: AppConfigValues): Promise<void> {
  const updated = await db.updateTable('appConfig').set(values).where('id', '=', APP_CONFIG_ID).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto('appConfig').values({ id: APP_CONFIG_ID, ...values }).execute();
}

// ---------------------------------------------------------------------------------------------
// audit log

export interface AuditLogFilter {
  /** an actor's e-mail address or id (part of it), or a system actor's name */
  actor?: string;
  restaurantId?: string;
  /** an action, or its prefix ending in '.' (e.g. 'subscription.') */
  action?: string;
  from?: string;
  to?: string;
}

function auditQuery(db: Kysely<Database>, filter: AuditLogFilter) {
  let query = db.selectFrom('auditEvent').leftJoin('restaurant', 'restaurant.id', 'auditEvent.restaurantId');
  if (filter.actor) {
    const pattern = containsPattern(filter.actor);
    query = query.where((eb) => eb.or([like('auditEvent.actorEmail', pattern), eb('auditEvent.actorId', '=', filter.actor!)]));
  }
  if (filter.restaurantId) query = query.where('auditEvent.restaurantId', '=', filter.restaurantId);
  if (filter.action) query = filter.action.endsWith('.') ? query.where(sql<SqlBool>`${sql.ref('auditEvent.action')} like ${`${literal(filter.action)}%`} escape '\\'`) : query.where('auditEvent.action', '=', filter.action);
  if (filter.from) query = query.where('auditEvent.createdAt', '>=', filter.from);
  if (filter.to) query = query.where('auditEvent.createdAt', '<', filter.to);
  return query;
}

export function listAuditPage(db: Kysely<Database>, filter: AuditLogFilter, page: { limit: number; offset: number }) {
  return auditQuery(db, filter)
    .select(['auditEvent.id', 'auditEvent.createdAt', 'auditEvent.actorType', 'auditEvent.actorId', 'auditEvent.actorEmail', 'auditEvent.restaurantId', 'restaurant.name as restaurantName', 'auditEvent.action', 'auditEvent.targetType', 'auditEvent.targetId', 'auditEvent.summary', 'auditEvent.requestId'])
    .orderBy('auditEvent.createdAt', 'desc')
    .orderBy('auditEvent.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countAudit(db: Kysely<Database>, filter: AuditLogFilter): Promise<number> {
  const row = await auditQuery(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The distinct actions recorded (the filter's choices). */
export async function listAuditActions(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('auditEvent').select('action').distinct().orderBy('action').limit(200).execute();
  return rows.map((row) => row.action);
}
