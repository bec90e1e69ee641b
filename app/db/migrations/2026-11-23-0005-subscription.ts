import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Plan state moves from fourteen columns on `restaurant` to a `subscription` table: one row per
 * trial, admin grant or card subscription, ended rather than deleted so history stays
 * (docs/decisions/0012-subscriptions.md). `restaurant` keeps a derived summary the guest hot path
 * reads (publishedUntil, proUntil, planKind) and productsCount, the plan limit's counter.
 *
 * Existing restaurants convert as follows: a trial start becomes a trial row (60 days); manual PRO,
 * isPro or a plan other than free becomes a manual row ending at the old expiry (none: open-ended);
 * a payment-provider block with an id or active flag becomes a provider row. A subscription that was
 * inactive (subscriptionActive 0) converts with every row canceled, so its menu stays offline.
 * Migrations never import app code, so the summary rule is repeated here, in its simplest form.
 */
const TRIAL_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;
const OPEN_ENDED = '9999-12-31T23:59:59.999Z';

const DROPPED = [
  'plan',
  'subscriptionActive',
  'isPro',
  'isManualPro',
  'trialStartDate',
  'expirationDate',
  'subscriptionCreatedAt',
  'subscriptionUpdatedAt',
  'stripeStatus',
  'stripePlan',
  'stripeActive',
  'stripeCurrentPeriodEnd',
];
/** UNIQUE columns: SQLite cannot DROP them, so on SQLite the table is rebuilt without them */
const DROPPED_UNIQUE = ['stripeCustomerId', 'stripeSubscriptionId'];

interface OldRestaurant {
  id: string;
  createdAt: string;
  updatedAt: string;
  plan: string;
  subscriptionActive: number;
  isPro: number;
  isManualPro: number;
  trialStartDate: string | null;
  expirationDate: string | null;
  subscriptionCreatedAt: string | null;
  subscriptionUpdatedAt: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  stripeStatus: string | null;
  stripePlan: string | null;
  stripeActive: number;
  stripeCurrentPeriodEnd: string | null;
}

interface NewRow {
  id: string;
  restaurantId: string;
  kind: 'trial' | 'manual' | 'provider';
  status: string;
  plan: string;
  startsAt: string;
  endsAt: string | null;
  grantedBy: null;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  providerPriceId: string | null;
  providerStatus: string | null;
  cancelAtPeriodEnd: 0;
  currentPeriodEnd: string | null;
  createdAt: string;
  updatedAt: string;
}

function rowsOf(r: OldRestaurant): NewRow[] {
  const status = r.subscriptionActive === 1 ? 'active' : 'canceled';
  const createdAt = r.subscriptionCreatedAt ?? r.createdAt;
  const updatedAt = r.subscriptionUpdatedAt ?? r.updatedAt;
  const base = {
    restaurantId: r.id,
    grantedBy: null,
    providerCustomerId: null,
    providerSubscriptionId: null,
    providerPriceId: null,
    providerStatus: null,
    cancelAtPeriodEnd: 0 as const,
    currentPeriodEnd: null,
    createdAt,
    updatedAt,
  };
  const rows: NewRow[] = [];
  if (r.trialStartDate) {
    const endsAt = new Date(Date.parse(r.trialStartDate) + TRIAL_DAYS * DAY_MS).toISOString();
    rows.push({ ...base, id: `${r.id}-trial`, kind: 'trial', status, plan: 'free', startsAt: r.trialStartDate, endsAt });
  }
  if (r.isManualPro === 1 || r.isPro === 1 || r.plan !== 'free') {
    // the grant's own date was not kept; the subscription's last update is when it was toggled on
    rows.push({ ...base, id: `${r.id}-manual`, kind: 'manual', status, plan: 'pro', startsAt: updatedAt, endsAt: r.expirationDate });
  }
  if (r.stripeActive === 1 || r.stripeSubscriptionId !== null || r.stripeCustomerId !== null) {
    rows.push({
      ...base,
      id: `${r.id}-provider`,
      kind: 'provider',
      status: r.stripeActive === 1 && r.subscriptionActive === 1 ? 'active' : 'canceled',
      plan: r.stripePlan ?? 'free',
      startsAt: createdAt,
      endsAt: null,
      providerCustomerId: r.stripeCustomerId,
      providerSubscriptionId: r.stripeSubscriptionId,
      providerPriceId: r.stripePlan,
      providerStatus: r.stripeStatus,
      currentPeriodEnd: r.stripeCurrentPeriodEnd,
    });
  }
  return rows;
}

/** The same summary as `planSummary` in app/modules/subscription/subscription.ts. */
function summaryOf(rows: NewRow[]) {
  let proUntil: string | null = null;
  let planKind: string | null = null;
  let trialUntil: string | null = null;
  for (const row of rows) {
    if (row.status !== 'active') continue;
    if (row.plan !== 'free') {
      const end = row.kind === 'provider' ? OPEN_ENDED : (row.endsAt ?? OPEN_ENDED);
      if (proUntil === null || end > proUntil) [proUntil, planKind] = [end, row.kind];
    } else if (row.kind === 'trial' && row.endsAt !== null && (trialUntil === null || row.endsAt > trialUntil)) {
      trialUntil = row.endsAt;
    }
  }
  if (planKind === null && trialUntil !== null) planKind = 'trial';
  const publishedUntil = proUntil !== null && (trialUntil === null || proUntil > trialUntil) ? proUntil : trialUntil;
  return { publishedUntil, proUntil, planKind };
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscription')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('restaurantId', 'text', (c) => c.notNull().references('restaurant.id').onDelete('cascade'))
    // 'trial' | 'manual' | 'provider'
    .addColumn('kind', 'text', (c) => c.notNull())
    // 'active' | 'ended' | 'canceled' | 'past_due' | ...
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('startsAt', 'text', (c) => c.notNull())
    .addColumn('endsAt', 'text')
    .addColumn('grantedBy', 'text')
    .addColumn('providerCustomerId', 'text')
    .addColumn('providerSubscriptionId', 'text')
    .addColumn('providerPriceId', 'text')
    .addColumn('providerStatus', 'text')
    .addColumn('cancelAtPeriodEnd', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currentPeriodEnd', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscription_restaurant_startsAt_idx').on('subscription').columns(['restaurantId', 'startsAt']).execute();
  // the card processor's webhooks find their row by these (NULLs do not collide on either database)
  await db.schema.createIndex('subscription_providerSubscriptionId_idx').unique().on('subscription').column('providerSubscriptionId').execute();
  await db.schema.createIndex('subscription_providerCustomerId_idx').on('subscription').column('providerCustomerId').execute();

  await db.schema.alterTable('restaurant').addColumn('publishedUntil', 'text').execute();
  await db.schema.alterTable('restaurant').addColumn('proUntil', 'text').execute();
  await db.schema.alterTable('restaurant').addColumn('planKind', 'text').execute();

  const restaurants = (await db
    .selectFrom('restaurant')
    .select(['id', 'createdAt', 'updatedAt', ...DROPPED, ...DROPPED_UNIQUE])
    .execute()) as OldRestaurant[];
  for (const restaurant of restaurants) {
    const rows = rowsOf(restaurant);
    if (rows.length > 0) await db.insertInto('subscription').values(rows).execute();
    await db.updateTable('restaurant').set(summaryOf(rows)).where('id', '=', restaurant.id).execute();
  }

  for (const column of DROPPED) await db.schema.alterTable('restaurant').dropColumn(column).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const column of DROPPED_UNIQUE) await db.schema.alterTable('restaurant').dropColumn(column).execute();
  } else {
    await rebuildSqliteRestaurantWithout(db, DROPPED_UNIQUE);
  }
}

/**
 * SQLite's documented way to drop a UNIQUE column (https://sqlite.org/lang_altertable.html, "other
 * kinds of table schema changes"): with foreign keys off, create the new table, copy, drop the
 * old, rename, recreate the indexes, check the foreign keys. The CREATE statement is SQLite's own,
 * minus the columns, so columns other migrations added survive.
 */
async function rebuildSqliteRestaurantWithout(db: Kysely<any>, columns: string[]): Promise<void> {
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'restaurant'`.execute(db);
  let create = table.rows[0]?.sql ?? '';
  for (const column of columns) {
    const without = create.replace(new RegExp(`,\\s*"${column}"\\s+text(\\s+unique)?`, 'i'), '');
    if (without === create) throw new Error(`restaurant.${column} not found in ${create}`);
    create = without;
  }
  create = create.replace(/^create table "restaurant"/i, 'create table "restaurant_rebuild"');
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'restaurant' and sql is not null`.execute(db);
  const info = await sql<{ name: string }>`pragma table_info("restaurant")`.execute(db);
  const kept = info.rows
    .map((c) => `"${c.name}"`)
    .filter((name) => !columns.includes(name.slice(1, -1)))
    .join(', ');

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(create).execute(trx);
      await sql.raw(`insert into "restaurant_rebuild" (${kept}) select ${kept} from "restaurant"`).execute(trx);
      await sql`drop table "restaurant"`.execute(trx);
      await sql`alter table "restaurant_rebuild" rename to "restaurant"`.execute(trx);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken by the restaurant rebuild: ${JSON.stringify(broken.rows.slice(0, 5))}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const alter = () => db.schema.alterTable('restaurant');
  await alter()
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('free'))
    .execute();
  await alter()
    .addColumn('subscriptionActive', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await alter()
    .addColumn('isPro', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await alter()
    .addColumn('isManualPro', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of [
    'trialStartDate',
    'expirationDate',
    'subscriptionCreatedAt',
    'subscriptionUpdatedAt',
    'stripeCustomerId',
    'stripeSubscriptionId',
    'stripeStatus',
    'stripePlan',
    'stripeCurrentPeriodEnd',
  ]) {
    await alter().addColumn(column, 'text').execute();
  }
  await alter()
    .addColumn('stripeActive', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // (without their old UNIQUE: SQLite cannot add a UNIQUE column, and an index would stop the next up's drop)

  const rows = (await db.selectFrom('subscription').selectAll().orderBy('startsAt').execute()) as NewRow[];
  for (const row of rows) {
    if (row.kind === 'trial') {
      await db
        .updateTable('restaurant')
        .set({ trialStartDate: row.startsAt, subscriptionActive: row.status === 'canceled' ? 0 : 1 })
        .where('id', '=', row.restaurantId)
        .execute();
    } else if (row.kind === 'manual' && row.status === 'active') {
      await db.updateTable('restaurant').set({ isManualPro: 1, isPro: 1, plan: 'pro', expirationDate: row.endsAt }).where('id', '=', row.restaurantId).execute();
    } else if (row.kind === 'provider') {
      await db
        .updateTable('restaurant')
        .set({
          stripeActive: row.status === 'active' ? 1 : 0,
          stripePlan: row.plan,
          stripeStatus: row.providerStatus,
          stripeCustomerId: row.providerCustomerId,
          stripeSubscriptionId: row.providerSubscriptionId,
          stripeCurrentPeriodEnd: row.currentPeriodEnd,
        })
        .where('id', '=', row.restaurantId)
        .execute();
    }
  }
  for (const column of ['publishedUntil', 'proUntil', 'planKind']) await alter().dropColumn(column).execute();
  await db.schema.dropTable('subscription').execute();
}
