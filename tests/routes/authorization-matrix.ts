/**
 * The permission matrix of docs/product-spec.md section 6, run against the route modules themselves: every loader
 * and action of app/routes.ts is called with a real `Request` carrying a real better-auth session
 * cookie, as a guest, two owners of two real restaurants, an admin and a disabled user. It returns
 * the violations it finds instead of asserting, so the same matrix serves the test that must find
 * none and the mutation test that must find some (tests/routes/*.int.test.ts).
 *
 * The route modules use the process-wide database and auth (getDb(), getAuth()), which read their
 * configuration once, on first use; `createWorld` points that configuration at a fresh test database
 * before any route module is imported. Only route modules, HTTP-shaped inputs and the tables are
 * used here, never a service's signature.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RouterContextProvider } from 'react-router';
import { walkRouteTable } from '#tests/support/route-table.ts';
import type { TestDatabase } from '#tests/support/test-database.ts';

export const ORIGIN = 'http://localhost:3000';

/** The exact messages of docs/product-spec.md section 6, written out rather than read from the catalogue. */
export const PAGE_FORBIDDEN = 'Nu aveți permisiunea de a accesa această pagină.';
export const RESTAURANT_FORBIDDEN = 'Nu aveți permisiunea de a accesa acest restaurant.';
const unauthorized = (message: string) => `/unauthorized?message=${encodeURIComponent(message)}`;
const toLogin = (path: string) => `/login?redirect=${encodeURIComponent(path)}`;
const USER_DISABLED = '/login?error=USER_DISABLED';

export type ActorName = 'guest' | 'ownerA' | 'ownerB' | 'admin' | 'disabled' | 'disabledAdmin';
/** disabledAdmin: an admin whose account another admin disabled (only the back office's cases name it) */
export const ACTORS: ActorName[] = ['guest', 'ownerA', 'ownerB', 'admin', 'disabled', 'disabledAdmin'];

interface Owner {
  cookie: string;
  userId: string;
  email: string;
  slug: string;
  restaurantId: string;
  restaurantName: string;
  locationId: string;
  categoryId: string;
  productId: string;
  productName: string;
}

export interface World {
  db: TestDatabase;
  ownerA: Owner;
  ownerB: Owner;
  admin: { cookie: string; userId: string };
  disabled: { cookie: string; userId: string };
  disabledAdmin: { cookie: string; userId: string };
  /** texts only restaurant A's data contains: none may reach owner B */
  secretsOfA: string[];
  /** closes the process-wide handle and removes the data folder (the database is the test context's) */
  cleanup(): Promise<void>;
}

export interface Outcome {
  status: number;
  location: string | null;
  body: string;
  /** the JSON data of a loader or action that returned data rather than a Response */
  data?: unknown;
}

type RouteModule = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };

// ---------------------------------------------------------------------------------------------
// calling a route module as React Router would

/** Calls a loader (GET) or action (POST, form-encoded or multipart) and normalizes what comes back. */
export async function call(
  module: RouteModule,
  kind: 'loader' | 'action',
  path: string,
  params: Record<string, string>,
  cookie: string | null,
  form?: Record<string, string | string[] | Blob>,
): Promise<Outcome> {
  const headers = new Headers({ origin: ORIGIN, 'x-bucate-client-ip': '127.0.0.1' });
  if (cookie) headers.set('cookie', cookie);
  let body: FormData | undefined;
  if (kind === 'action') {
    body = new FormData();
    for (const [name, value] of Object.entries(form ?? {})) {
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    }
  }
  const request = new Request(`${ORIGIN}${path}`, { method: kind === 'loader' ? 'GET' : 'POST', headers, body });
  const context = new RouterContextProvider();
  const fn = module[kind];
  if (!fn) throw new Error(`${path} has no ${kind}`);
  let result: unknown;
  try {
    result = await fn({ request, params, context, unstable_pattern: '' });
  } catch (thrown) {
    result = thrown;
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) {
      return { status: 500, location: null, body: `thrown: ${thrown instanceof Error ? thrown.stack : String(thrown)}` };
    }
  }
  if (result instanceof Response) {
    const type = result.headers.get('content-type') ?? '';
    const text = type.startsWith('application/pdf') || type.startsWith('image/png') ? '<binary>' : await result.text();
    return { status: result.status, location: result.headers.get('location'), body: text };
  }
  if (isDataWithInit(result)) {
    return { status: result.init?.status ?? 200, location: null, body: JSON.stringify(result.data) ?? '', data: result.data };
  }
  return { status: 200, location: null, body: JSON.stringify(result) ?? 'null', data: result };
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}

const cookieOf = (response: Outcome & { setCookies?: string[] }) => (response.setCookies ?? []).map((c) => c.split(';')[0]).join('; ');

async function callWithCookies(module: RouteModule, path: string, form: Record<string, string>): Promise<Outcome & { setCookies: string[] }> {
  const request = new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { origin: ORIGIN }, body: new URLSearchParams(form) });
  try {
    const result = (await module.action!({ request, params: {}, context: new RouterContextProvider(), unstable_pattern: '' })) as unknown;
    if (!(result instanceof Response)) throw new Error(`${path}: expected a redirect, got ${JSON.stringify(result)}`);
    return { status: result.status, location: result.headers.get('location'), body: '', setCookies: result.headers.getSetCookie() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location'), body: '', setCookies: thrown.headers.getSetCookie() };
    throw thrown;
  }
}

// ---------------------------------------------------------------------------------------------
// the route table

export interface RouteEntry {
  /** the route module, relative to app/ (as in app/routes.ts) */
  file: string;
  /** the URL pattern, e.g. ':restaurantSlug/admin/products/:productId' */
  pattern: string;
}

/** Every route of app/routes.ts with its full URL pattern (layouts and nesting resolved). */
export async function listRoutes(): Promise<RouteEntry[]> {
  return (await walkRouteTable()).map(({ file, pattern }) => ({ file, pattern }));
}

const routeModules = import.meta.glob<RouteModule>('/app/routes/*.{ts,tsx}');

export async function loadRoute(file: string): Promise<RouteModule> {
  const load = routeModules[`/app/${file}`];
  if (!load) throw new Error(`no route module at app/${file}`);
  return load();
}

// ---------------------------------------------------------------------------------------------
// the world: a test database with two restaurants, an admin and a disabled user

/**
 * Points the process configuration at a fresh test database (the test context's) and fills it
 * through the route modules themselves (registration, the editor's actions, the admin's disable action).
 */
export async function createWorld(db: TestDatabase): Promise<World> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bucate-authz-'));
  if (db.location.databaseUrl) process.env.DATABASE_URL = db.location.databaseUrl;
  else delete process.env.DATABASE_URL;
  process.env.SQLITE_PATH = db.location.sqlitePath || join(dataDir, 'unused.sqlite');
  process.env.DATA_DIR = dataDir;
  process.env.PUBLIC_URL = ORIGIN;
  process.env.AUTH_SECRET = 'authorization-matrix-secret-'.padEnd(40, 'x');
  delete process.env.SMTP_URL;
  delete process.env.S3_BUCKET;
  const { getEnv } = await import('#app/env.server.ts');
  const env = getEnv();
  if (env.DATA_DIR !== dataDir || env.DATABASE_URL !== db.location.databaseUrl) {
    throw new Error('the configuration was read before the matrix pointed it at its test database');
  }
  const { getDb, closeDatabase } = await import('#app/db/db.server.ts');
  const { getAuth } = await import('#app/auth/auth.server.ts');
  // what app/entry.server.tsx does for the app: getAuth's e-mails and password-check limit
  (await import('#app/wiring/auth-services.server.ts')).wireAuth();
  const tag = Math.random().toString(36).slice(2, 8);

  const login = await loadRoute('routes/login.tsx');
  const menu = await loadRoute('routes/restaurant-admin.menu.tsx');
  const productNew = await loadRoute('routes/restaurant-admin.product-new.tsx');
  const adminUsersRoute = await loadRoute('routes/admin.users.tsx');

  const register = async (label: string) => {
    const email = `${label.toLowerCase()}-${tag}@example.com`;
    const restaurantName = `Restaurant ${label} ${tag}`;
    const registered = await callWithCookies(login, '/login?register=true', { intent: 'register', restaurantName, email, password: 'parola-buna-1' });
    if (registered.status !== 302 || !registered.location) throw new Error(`registering ${label} failed: ${registered.status}`);
    const slug = registered.location.split('/')[1]!;
    const cookie = cookieOf(registered);
    const user = await getDb().selectFrom('user').select(['id']).where('email', '=', email).executeTakeFirstOrThrow();
    const restaurant = await getDb().selectFrom('restaurant').select(['id']).where('slug', '=', slug).executeTakeFirstOrThrow();
    return { email, restaurantName, slug, cookie, userId: user.id, restaurantId: restaurant.id };
  };

  const withMenu = async (label: string): Promise<Owner> => {
    const owner = await register(label);
    const base = `/${owner.slug}/admin`;
    const params = { restaurantSlug: owner.slug };
    const location = await call(menu, 'action', base, params, owner.cookie, { intent: 'create-location', nameRo: `Terasa ${label} ${tag}` });
    const locationId = (location.data as { id?: string } | undefined)?.id;
    if (!locationId) throw new Error(`creating ${label}'s location failed: ${location.body}`);
    const category = await call(menu, 'action', base, params, owner.cookie, { intent: 'create-category', locationId, nameRo: `Ciorbe ${label} ${tag}`, visible: 'on' });
    const categoryId = (category.data as { id?: string } | undefined)?.id;
    if (!categoryId) throw new Error(`creating ${label}'s category failed: ${category.body}`);
    const productName = `Ciorbă secretă ${label} ${tag}`;
    const product = await call(productNew, 'action', `${base}/products/new`, params, owner.cookie, { categoryId, nameRo: productName, price: '23', visible: 'on', available: 'on' });
    const productId = /saved=([^#&]+)/.exec(product.location ?? '')?.[1];
    if (!productId) throw new Error(`creating ${label}'s product failed: ${product.status} ${product.body}`);
    return { ...owner, locationId, categoryId, productId, productName };
  };

  const ownerA = await withMenu('Alfa');
  const ownerB = await withMenu('Beta');

  const adminEmail = `admin-${tag}@example.com`;
  const signedUp = await getAuth().api.signUpEmail({ body: { email: adminEmail, password: 'parola-admin-1', name: 'Admin' }, returnHeaders: true });
  await getDb().updateTable('user').set({ role: 'admin' }).where('email', '=', adminEmail).execute();
  const admin = { cookie: signedUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), userId: signedUp.response.user.id };

  const toDisable = await register('Gamma');
  const disabledOutcome = await call(adminUsersRoute, 'action', '/admin/users', {}, admin.cookie, { intent: 'disable', userId: toDisable.userId });
  if (disabledOutcome.status !== 200) throw new Error(`disabling a user failed: ${disabledOutcome.body}`);

  // a second admin, disabled by the first: the back office refuses them like anyone signed out
  const secondAdminEmail = `admin2-${tag}@example.com`;
  const secondAdmin = await getAuth().api.signUpEmail({ body: { email: secondAdminEmail, password: 'parola-admin-2', name: 'Admin 2' }, returnHeaders: true });
  await getDb().updateTable('user').set({ role: 'admin' }).where('email', '=', secondAdminEmail).execute();
  const disabledAdmin = { cookie: secondAdmin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), userId: secondAdmin.response.user.id };
  const adminDisabled = await call(adminUsersRoute, 'action', '/admin/users', {}, admin.cookie, { intent: 'disable', userId: disabledAdmin.userId });
  if (adminDisabled.status !== 200) throw new Error(`disabling an admin failed: ${adminDisabled.body}`);

  return {
    db,
    ownerA,
    ownerB,
    admin,
    disabled: { cookie: toDisable.cookie, userId: toDisable.userId },
    disabledAdmin,
    secretsOfA: [ownerA.restaurantName, ownerA.productName, `Terasa Alfa ${tag}`, `Ciorbe Alfa ${tag}`, ownerA.restaurantId, ownerA.email],
    async cleanup() {
      await closeDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// the matrix

type Expect = (outcome: Outcome) => string | null;

/** Stands for restaurant A's settings form as its loader fills it (posted back unchanged: a real save). */
const SETTINGS_OF_A = { intent: 'settings-of-a' } as const;
/** Stands for restaurant A's dish's version as its edit page shows it when the case runs (every edit carries one, decision 0015). */
const VERSION_OF_A_PRODUCT = 'version-of-a-product';
/** Stands for the version of A's location's English name as its translations panel shows it when the case runs. */
const VERSION_OF_A_LOCATION_NAME = 'version-of-a-location-name';
/** Stands for the back office's settings version as its page shows it when the case runs. */
const VERSION_OF_PLATFORM_SETTINGS = 'version-of-platform-settings';

const redirectTo = (location: string): Expect => (o) =>
  o.status >= 300 && o.status < 400 && o.location === location ? null : `expected a redirect to ${location}`;
const ok = (check?: (o: Outcome) => string | null): Expect => (o) =>
  o.status >= 200 && o.status < 300 ? (check?.(o) ?? null) : 'expected 2xx';
const status = (code: number): Expect => (o) => (o.status === code && !o.location ? null : `expected status ${code}`);
const contains = (text: string) => (o: Outcome) => (o.body.includes(text) ? null : `expected the answer to contain ${JSON.stringify(text)}`);
/** A disabled user's cookie: told once that the account is disabled, then a guest. */
const disabledThen = (asGuest: Expect): Expect => (o) => (o.location === USER_DISABLED ? null : asGuest(o) && `expected ${USER_DISABLED} or the guest's outcome`);

interface Case {
  file: string;
  kind: 'loader' | 'action';
  path: string;
  params: Record<string, string>;
  form?: Record<string, string | string[] | Blob>;
  /** the expected outcome per actor; an actor left out is not run (the reason is in `skip`) */
  expect: Partial<Record<ActorName, Expect>>;
  skip?: string;
}

/** Loader or action of an owner's page of restaurant A: only owner A gets in. */
function ownerOnly(file: string, kind: 'loader' | 'action', path: string, params: Record<string, string>, allowed: Expect, form?: Case['form']): Case {
  return {
    file, kind, path, params, form,
    expect: {
      guest: redirectTo(toLogin(path)),
      ownerA: allowed,
      ownerB: redirectTo(unauthorized(RESTAURANT_FORBIDDEN)),
      admin: redirectTo(unauthorized(PAGE_FORBIDDEN)),
      disabled: disabledThen(redirectTo(toLogin(path))),
    },
  };
}

/**
 * Loader or action of the platform back office: only a signed-in admin gets in; a guest goes to
 * sign-in with the full path, an owner gets the exact message of docs/product-spec.md section 6, a disabled user (owner or
 * admin) is told once and is a guest after.
 */
function adminOnly(file: string, kind: 'loader' | 'action', path: string, params: Record<string, string>, allowed: Expect, form?: Case['form']): Case {
  return {
    file, kind, path, params, form,
    expect: {
      guest: redirectTo(toLogin(path)),
      ownerA: redirectTo(unauthorized(PAGE_FORBIDDEN)),
      ownerB: redirectTo(unauthorized(PAGE_FORBIDDEN)),
      admin: allowed,
      disabled: disabledThen(redirectTo(toLogin(path))),
      disabledAdmin: disabledThen(redirectTo(toLogin(path))),
    },
  };
}

/** A page anyone may open: every actor gets the guest's outcome. */
function publicRoute(file: string, kind: 'loader' | 'action', path: string, params: Record<string, string>, expected: Expect, form?: Case['form']): Case {
  return { file, kind, path, params, form, expect: Object.fromEntries(ACTORS.map((a) => [a, expected])) };
}

function cases(w: World): Case[] {
  const A = w.ownerA;
  const B = w.ownerB;
  const a = `/${A.slug}/admin`;
  const pa = { restaurantSlug: A.slug };
  const productPath = `${a}/products/${A.productId}`;
  const productParams = { ...pa, productId: A.productId };
  const productForm = { categoryId: A.categoryId, nameRo: A.productName, price: '24', visible: 'on', available: 'on' };
  const savedProduct = `${a}?saved=${A.productId}#product-${A.productId}`;
  return [
    // owners' pages of restaurant A
    ownerOnly('routes/restaurant-admin.tsx', 'loader', a, pa, ok(contains(A.restaurantName))),
    ownerOnly('routes/restaurant-admin.menu.tsx', 'loader', a, pa, ok(contains(A.productName))),
    ownerOnly('routes/restaurant-admin.menu.tsx', 'action', a, pa, ok(contains('"ok":true')), { intent: 'set-product-visible', id: A.productId, value: 'true' }),
    ownerOnly('routes/restaurant-admin.product-new.tsx', 'loader', `${a}/products/new`, pa, ok(contains(A.categoryId))),
    ownerOnly('routes/restaurant-admin.product-new.tsx', 'action', `${a}/products/new`, pa, (o) => (o.status === 302 && o.location?.startsWith(`${a}?saved=`) ? null : 'expected the new product saved'), { ...productForm, nameRo: 'Plăcintă' }),
    ownerOnly('routes/restaurant-admin.product-edit.tsx', 'loader', productPath, productParams, ok(contains(A.productName))),
    ownerOnly('routes/restaurant-admin.product-edit.tsx', 'action', productPath, productParams, redirectTo(savedProduct), { ...productForm, version: VERSION_OF_A_PRODUCT }),
    ownerOnly('routes/restaurant-admin.settings.tsx', 'loader', `${a}/settings`, pa, ok(contains(A.restaurantName))),
    ownerOnly('routes/restaurant-admin.settings.tsx', 'action', `${a}/settings`, pa, ok(contains('"ok":true')), SETTINGS_OF_A),
    // the translations panel of a category or location (issue 16): loaded when opened, saved there
    ownerOnly('routes/restaurant-admin.translations.ts', 'loader', `${a}/translations?table=location&id=${A.locationId}`, pa, ok(contains('"rows"'))),
    ownerOnly('routes/restaurant-admin.translations.ts', 'action', `${a}/translations`, pa, ok(contains('"ok":true')), { intent: 'translation-save', table: 'location', id: A.locationId, field: 'name', language: 'en', text: 'Terrace', version: VERSION_OF_A_LOCATION_NAME }),
    ownerOnly('routes/restaurant-admin.qr.tsx', 'loader', `${a}/qr`, pa, ok()),
    ownerOnly('routes/restaurant-admin.qr-download.ts', 'loader', `${a}/qr/qr.svg`, { ...pa, format: 'qr.svg' }, ok(contains('<svg'))),
    ownerOnly('routes/restaurant-admin.tables.tsx', 'loader', `${a}/tables`, pa, ok()),
    ownerOnly('routes/restaurant-admin.tables.tsx', 'action', `${a}/tables`, pa, ok(contains('"ok":true')), { intent: 'add-tables', locationId: A.locationId, label: 'Terasă 1–2' }),
    // no tables yet for A at this point of the matrix? the action above adds two: the sheet has cards
    ownerOnly('routes/restaurant-admin.tables-cards.ts', 'loader', `${a}/tables/cards.pdf`, pa, (o) => (o.status === 200 || o.status === 404 ? null : 'expected the PDF, or not found when no table exists yet')),
    ownerOnly('routes/restaurant-admin.account.tsx', 'loader', `${a}/account`, pa, ok()),
    ownerOnly('routes/restaurant-admin.insights.tsx', 'loader', `${a}/insights`, pa, ok()),
    ownerOnly('routes/restaurant-admin.insights-csv.ts', 'loader', `${a}/insights.csv`, pa, ok(contains('Secțiune;Eticheta;Valoare'))),
    // without an intent nothing happens (sign-out-everywhere and deletion would end the actors' sessions)
    ownerOnly('routes/restaurant-admin.account.tsx', 'action', `${a}/account`, pa, status(400), {}),
    // a resource route: without a file the upload is refused as bad input, after the owner check
    ownerOnly('routes/restaurant-admin.images.ts', 'action', `${a}/images`, pa, (o) => (o.status >= 400 && o.status < 500 && o.body.includes('"code"') ? null : 'expected a 4xx upload refusal'), { kind: 'product' }),
    // the menu import, export and printing (app/modules/import, app/modules/print)
    ownerOnly('routes/restaurant-admin.import.tsx', 'loader', `${a}/import`, pa, ok(contains(A.locationId))),
    ownerOnly('routes/restaurant-admin.import-file.ts', 'action', `${a}/import/file`, pa, (o) => (o.status >= 400 && o.status < 500 && o.body.includes('"code"') ? null : 'expected a 4xx import refusal'), { intent: 'preview' }),
    publicRoute('routes/restaurant-admin.import-file.ts', 'loader', `${a}/import/file`, pa, status(405)),
    ownerOnly('routes/restaurant-admin.import-template.ts', 'loader', `${a}/import/template/csv`, { ...pa, format: 'csv' }, ok(contains('Denumire'))),
    ownerOnly('routes/restaurant-admin.print.ts', 'loader', `${a}/print/allergens`, { ...pa, document: 'allergens' }, ok()),
    ownerOnly('routes/restaurant-admin.export.ts', 'loader', `${a}/export/json`, { ...pa, format: 'json' }, ok(contains(A.productName))),
    ownerOnly('routes/subscription.tsx', 'loader', `/restaurant/${A.slug}/settings/subscription`, pa, ok()),
    // starting a card payment: the matrix's installation has no Stripe, so the owner is told so (404), others never get that far
    ownerOnly('routes/subscription.tsx', 'action', `/restaurant/${A.slug}/settings/subscription`, pa, status(404), { intent: 'checkout-monthly' }),
    // Stripe's webhook: the one route exempt from the same-origin rule; without a signature it is 400 for anyone
    publicRoute('routes/api.webhooks.stripe.ts', 'action', '/api/webhooks/stripe', {}, status(400), {}),
    // the upload route answers GET with 405 for anyone: no data either way
    publicRoute('routes/restaurant-admin.images.ts', 'loader', `${a}/images`, pa, status(405)),

    // owner B on B's own pages, naming A's rows: "not found", and A's rows are left alone (checked after)
    ...(
      [
        { intent: 'set-product-visible', id: A.productId, value: 'false' },
        { intent: 'set-product-available', id: A.productId, value: 'false' },
        { intent: 'move-product', id: A.productId, direction: 'up' },
        { intent: 'reorder-products', order: A.productId },
        { intent: 'update-category', id: A.categoryId, locationId: A.locationId, nameRo: 'Furat', visible: 'on' },
        { intent: 'set-category-visible', id: A.categoryId, value: 'false' },
        { intent: 'update-location', id: A.locationId, nameRo: 'Furat' },
        { intent: 'set-location-visible', id: A.locationId, value: 'false' },
        { intent: 'create-category', locationId: A.locationId, nameRo: 'Intrus', visible: 'on' },
        { intent: 'delete-product', id: A.productId },
        { intent: 'delete-category', id: A.categoryId },
        { intent: 'delete-location', id: A.locationId },
      ] as Record<string, string>[]
    ).map((form): Case => ({
      file: 'routes/restaurant-admin.menu.tsx', kind: 'action', path: `/${B.slug}/admin`, params: { restaurantSlug: B.slug }, form,
      expect: { ownerB: (o) => (o.status === 404 || o.status === 400 ? null : `expected A's row refused as not found (${form.intent})`) },
    })),
    {
      file: 'routes/restaurant-admin.product-edit.tsx', kind: 'loader', path: `/${B.slug}/admin/products/${A.productId}`, params: { restaurantSlug: B.slug, productId: A.productId },
      expect: { ownerB: (o) => (o.location?.startsWith('/not-found?message=') ? null : 'expected A\'s product to be "not found" in B\'s editor') },
    },
    {
      file: 'routes/restaurant-admin.product-edit.tsx', kind: 'action', path: `/${B.slug}/admin/products/${A.productId}`, params: { restaurantSlug: B.slug, productId: A.productId },
      form: { categoryId: B.categoryId, nameRo: 'Furat', price: '1', visible: 'on', available: 'on' },
      expect: { ownerB: status(404) },
    },
    {
      file: 'routes/restaurant-admin.product-new.tsx', kind: 'action', path: `/${B.slug}/admin/products/new`, params: { restaurantSlug: B.slug },
      form: { categoryId: A.categoryId, nameRo: 'Intrus', price: '1', visible: 'on', available: 'on' },
      expect: { ownerB: (o) => (o.status === 404 || o.status === 400 ? null : 'expected A\'s category refused') },
    },
    // the translations panels (issue 16) on B's own pages, naming A's rows: "not found", nothing of A's written (checked after)
    ...(['category', 'location'] as const).flatMap((table): Case[] => {
      const id = table === 'category' ? A.categoryId : A.locationId;
      const path = `/${B.slug}/admin/translations`;
      return [
        { file: 'routes/restaurant-admin.translations.ts', kind: 'loader', path: `${path}?table=${table}&id=${id}`, params: { restaurantSlug: B.slug }, expect: { ownerB: status(404) } },
        {
          file: 'routes/restaurant-admin.translations.ts', kind: 'action', path, params: { restaurantSlug: B.slug },
          form: { intent: 'translation-save', table, id, field: 'name', language: 'en', text: 'Furat' }, expect: { ownerB: status(404) },
        },
      ];
    }),
    {
      file: 'routes/restaurant-admin.product-edit.tsx', kind: 'action', path: `/${B.slug}/admin/products/${A.productId}`, params: { restaurantSlug: B.slug, productId: A.productId },
      form: { intent: 'translation-save', field: 'name', language: 'en', text: 'Furat' }, expect: { ownerB: status(404) },
    },
    // and the other way round: A's panel naming B's rows
    ...(['category', 'location'] as const).map((table): Case => ({
      file: 'routes/restaurant-admin.translations.ts', kind: 'action', path: `${a}/translations`, params: pa,
      form: { intent: 'translation-save', table, id: table === 'category' ? B.categoryId : B.locationId, field: 'name', language: 'en', text: 'Furat' }, expect: { ownerA: status(404) },
    })),
    { file: 'routes/restaurant-admin.translations.ts', kind: 'loader', path: `${a}/translations?table=category&id=${B.categoryId}`, params: pa, expect: { ownerA: status(404) } },

    // B's own editor and export show B's data and nothing of A's
    { file: 'routes/restaurant-admin.menu.tsx', kind: 'loader', path: `/${B.slug}/admin`, params: { restaurantSlug: B.slug }, expect: { ownerB: ok(contains(B.productName)) } },

    // the platform back office (every page and every action checks the admin itself)
    adminOnly('routes/admin.tsx', 'loader', '/admin', {}, ok(contains('"unread"'))),
    adminOnly('routes/admin.overview.tsx', 'loader', '/admin?range=90', {}, ok(contains('"range":90'))),
    // (B's ids in the paths: a guest's sign-in redirect repeats the path, and A's ids are the leak check's secrets)
    adminOnly('routes/admin.restaurants.tsx', 'loader', `/admin/restaurants?q=${encodeURIComponent(B.email)}`, {}, ok((o) => (o.body.includes(B.restaurantName) && !o.body.includes(A.restaurantName) ? null : 'expected B found by its owner’s e-mail, and only B'))),
    adminOnly('routes/admin.restaurant.tsx', 'loader', `/admin/restaurants/${B.restaurantId}`, { restaurantId: B.restaurantId }, ok(contains(B.email))),
    ...(
      [
        { intent: 'grant-pro', months: '6' },
        { intent: 'revoke-pro' },
        { intent: 'extend-trial', days: '7' },
        { intent: 'deactivate' },
        { intent: 'reactivate' },
      ] as const
    ).map((form) => adminOnly('routes/admin.restaurant.tsx', 'action', `/admin/restaurants/${B.restaurantId}`, { restaurantId: B.restaurantId }, ok(contains('"notice"')), { ...form, restaurantId: B.restaurantId })),
    adminOnly('routes/admin.users.tsx', 'loader', '/admin/users?q=alfa', {}, ok(contains(A.email))),
    adminOnly('routes/admin.users.tsx', 'action', '/admin/users', {}, (o) => (o.status === 400 && o.body.includes('"error"') ? null : 'expected the admin refused disabling themselves'), { intent: 'disable', userId: w.admin.userId }),
    adminOnly('routes/admin.users.tsx', 'action', '/admin/users', {}, ok(contains('"notice"')), { intent: 'send-link', userId: A.userId }),
    // an unknown user (or another kind of id): refused as not found, never a 500
    adminOnly('routes/admin.users.tsx', 'action', '/admin/users', {}, status(404), { intent: 'send-link', userId: B.restaurantId }),
    adminOnly('routes/admin.messages.tsx', 'loader', '/admin/messages?show=all', {}, ok(contains('"list"'))),
    adminOnly('routes/admin.messages.tsx', 'action', '/admin/messages', {}, status(404), { intent: 'handle', messageId: 'no-such-message' }),
    adminOnly('routes/admin.messages.tsx', 'action', '/admin/messages', {}, status(404), { intent: 'delete', messageId: 'no-such-message' }),
    adminOnly('routes/admin.settings.tsx', 'loader', '/admin/settings', {}, ok(contains('"availableLocales"'))),
    adminOnly('routes/admin.settings.tsx', 'action', '/admin/settings', {}, ok(contains('"notice"')), { defaultLocale: 'ro', availableLocales: ['ro', 'en'], version: VERSION_OF_PLATFORM_SETTINGS }),
    adminOnly('routes/admin.settings.tsx', 'action', '/admin/settings', {}, status(400), { defaultLocale: 'en', availableLocales: ['ro'] }),
    adminOnly('routes/admin.audit.tsx', 'loader', `/admin/audit?restaurant=${B.restaurantId}`, {}, ok(contains('subscription.grant-manual-pro'))),
    adminOnly('routes/admin.audit-export.ts', 'loader', '/admin/audit.csv?action=restaurant.deactivate', {}, ok((o) => (o.body.includes('restaurant.deactivate') && !o.body.includes('restaurant.reactivate') ? null : 'expected the filtered CSV'))),
    adminOnly('routes/admin.jobs.tsx', 'loader', '/admin/jobs', {}, ok(contains('"counts"'))),
    adminOnly('routes/admin.jobs.tsx', 'action', '/admin/jobs', {}, (o) => (o.status === 404 ? null : `expected 404 for an unknown job, got ${o.status}`), { jobId: 'no-such-job' }),

    // pages for any signed-in user
    {
      file: 'routes/account-export.ts', kind: 'loader', path: '/account/export', params: {},
      expect: {
        guest: redirectTo(toLogin('/account/export')),
        ownerA: ok(contains(A.restaurantName)),
        ownerB: ok(contains(B.email)),
        admin: ok(),
        disabled: disabledThen(redirectTo(toLogin('/account/export'))),
      },
    },
    ...(['loader', 'action'] as const).map((kind): Case => ({
      file: 'routes/login-complete.tsx', kind, path: '/login/complete', params: {}, form: kind === 'action' ? { restaurantName: 'Alt nume' } : undefined,
      expect: {
        guest: redirectTo(toLogin('/login/complete')),
        ownerA: redirectTo(`/${A.slug}/admin`),
        ownerB: redirectTo(`/${B.slug}/admin`),
        admin: redirectTo('/admin'),
        disabled: disabledThen(redirectTo(toLogin('/login/complete'))),
      },
    })),

    // a user's restaurants (decision 0029): any signed-in user of role restaurant, never a platform admin
    {
      file: 'routes/restaurants.tsx', kind: 'loader', path: '/restaurants', params: {},
      expect: {
        guest: redirectTo(toLogin('/restaurants')),
        ownerA: ok((o) => (o.body.includes(A.slug) && !o.body.includes(B.slug) ? null : 'expected A\'s own restaurants only')),
        ownerB: ok((o) => (o.body.includes(B.slug) && !o.body.includes(A.slug) ? null : 'expected B\'s own restaurants only')),
        admin: redirectTo(unauthorized(PAGE_FORBIDDEN)),
        disabled: disabledThen(redirectTo(toLogin('/restaurants'))),
      },
    },
    ...(['loader', 'action'] as const).map((kind): Case => ({
      // an empty name: refused and nothing created (a real restaurant would move the owners' landing)
      file: 'routes/restaurants.new.tsx', kind, path: '/restaurants/new', params: {}, form: kind === 'action' ? { restaurantName: '' } : undefined,
      expect: {
        guest: redirectTo(toLogin('/restaurants/new')),
        ownerA: kind === 'loader' ? ok(contains('"shared"')) : status(400),
        ownerB: kind === 'loader' ? ok(contains('"shared"')) : status(400),
        admin: redirectTo(unauthorized(PAGE_FORBIDDEN)),
        disabled: disabledThen(redirectTo(toLogin('/restaurants/new'))),
      },
    })),

    // guest-only pages send a signed-in user where they belong
    ...(['loader', 'action'] as const).map((kind): Case => ({
      file: 'routes/login.tsx', kind, path: '/login', params: {}, form: kind === 'action' ? { intent: 'sign-in', email: 'nobody@example.com', password: 'wrong-password-1' } : undefined,
      expect: {
        guest: kind === 'loader' ? ok() : status(400),
        ownerA: redirectTo(`/${A.slug}/admin`),
        ownerB: redirectTo(`/${B.slug}/admin`),
        admin: redirectTo('/admin'),
        disabled: disabledThen(kind === 'loader' ? ok() : status(400)),
      },
    })),

    // public routes: everyone gets the same answer
    publicRoute('routes/home.tsx', 'loader', '/', {}, ok()),
    publicRoute('routes/menu.tsx', 'loader', '/nu-exista-restaurant', { slug: 'nu-exista-restaurant' }, (o) => (o.location?.startsWith('/not-found?message=') || o.status === 404 ? null : 'expected not found')),
    publicRoute('routes/short-link.ts', 'loader', '/m/zzzzzz', { code: 'zzzzzz' }, (o) => (o.location?.startsWith('/not-found?message=') ? null : 'expected not found')),
    publicRoute('routes/healthz.ts', 'loader', '/healthz', {}, ok()),
    // counts only: no session is read, junk is refused whole
    publicRoute('routes/api.beacon.ts', 'loader', '/api/beacon', {}, status(405)),
    publicRoute('routes/api.beacon.ts', 'action', '/api/beacon', {}, status(400), { x: '1' }),
    publicRoute('routes/robots.ts', 'loader', '/robots.txt', {}, ok()),
    publicRoute('routes/sitemap.ts', 'loader', '/sitemap.xml', {}, ok()),
    publicRoute('routes/set-locale.ts', 'loader', '/set-locale', {}, redirectTo('/')),
    publicRoute('routes/set-locale.ts', 'action', '/set-locale', {}, redirectTo('/contact'), { locale: 'ro', redirectTo: '/contact' }),
    publicRoute('routes/logout.ts', 'loader', '/logout', {}, redirectTo('/')),
    // signing out for real would end the actors' sessions: the guest's sign-out is the public part
    { file: 'routes/logout.ts', kind: 'action', path: '/logout', params: {}, expect: { guest: redirectTo('/') }, skip: 'signed-in actors would lose their sessions' },
    publicRoute('routes/api.auth.ts', 'loader', '/api/auth/ok', {}, ok()),
    publicRoute('routes/api.auth.ts', 'action', '/api/auth/nothing-here', {}, status(404), {}),
    publicRoute('routes/catch-all.ts', 'loader', '/nimic/aici', { '*': 'nimic/aici' }, (o) => (o.location?.startsWith('/not-found?message=') ? null : 'expected not found')),
    publicRoute('routes/catch-all.ts', 'action', '/nimic/aici', { '*': 'nimic/aici' }, (o) => (o.location?.startsWith('/not-found?message=') ? null : 'expected not found'), {}),
    publicRoute('routes/contact.tsx', 'action', '/contact', {}, status(400), { name: '', email: 'not-an-email', message: '' }),
    publicRoute('routes/reset-password.tsx', 'loader', '/reset-password', {}, (o) => (o.status < 500 ? null : 'expected the page')),
    publicRoute('routes/reset-password.tsx', 'action', '/reset-password', {}, (o) => (o.status >= 400 && o.status < 500 ? null : 'expected a refusal without a token'), { password: 'x' }),
    publicRoute('routes/pricing.tsx', 'loader', '/pricing', {}, ok()),
    publicRoute('routes/privacy-policy.tsx', 'loader', '/privacy-policy', {}, ok()),
    publicRoute('routes/terms-of-service.tsx', 'loader', '/terms-of-service', {}, ok()),
    publicRoute('routes/translation-debug.tsx', 'loader', '/translation-debug', {}, ok()),
    publicRoute('routes/not-found.tsx', 'loader', '/not-found', {}, status(404)),
    publicRoute('routes/unauthorized.tsx', 'loader', '/unauthorized', {}, status(403)),
  ];
}

export interface MatrixReport {
  violations: string[];
  /** route module files with a loader or action that no case covers */
  uncovered: string[];
  /** how many (route, loader|action, actor) calls were made */
  calls: number;
}

/** Runs every case as every actor it names; returns what went wrong (nothing, when the app is right). */
export async function runMatrix(w: World): Promise<MatrixReport> {
  const cookies: Record<ActorName, string | null> = { guest: null, ownerA: w.ownerA.cookie, ownerB: w.ownerB.cookie, admin: w.admin.cookie, disabled: w.disabled.cookie, disabledAdmin: w.disabledAdmin.cookie };
  const all = cases(w);
  const violations: string[] = [];
  let calls = 0;
  let disabledSeen: string | null = null;

  // the settings form is posted back as the loader gave it: a real save, whatever its fields are
  const settings = await loadRoute('routes/restaurant-admin.settings.tsx');
  const settingsLoaded = (await call(settings, 'loader', `/${w.ownerA.slug}/admin/settings`, { restaurantSlug: w.ownerA.slug }, w.ownerA.cookie)).data as { values?: Record<string, unknown>; version?: string } | undefined;
  const settingsValues: Record<string, unknown> = { ...settingsLoaded?.values, version: settingsLoaded?.version };
  const settingsForm = Object.fromEntries(Object.entries(settingsValues).filter(([, v]) => v !== null && v !== undefined && v !== false).map(([k, v]) => [k, v === true ? 'on' : Array.isArray(v) ? v.map(String) : String(v)]));

  const productVersionOfA = async () => (await w.db.db.selectFrom('product').select('updatedAt').where('id', '=', w.ownerA.productId).executeTakeFirstOrThrow()).updatedAt;

  const panel = await loadRoute('routes/restaurant-admin.translations.ts');
  const locationNameVersionOfA = async () => {
    const loaded = (await call(panel, 'loader', `/${w.ownerA.slug}/admin/translations?table=location&id=${w.ownerA.locationId}`, { restaurantSlug: w.ownerA.slug }, w.ownerA.cookie)).data as { rows: { field: string; language: string; version: string }[] };
    return loaded.rows.find((row) => row.field === 'name' && row.language === 'en')?.version ?? '';
  };
  const platformSettings = await loadRoute('routes/admin.settings.tsx');
  const platformSettingsVersion = async () => ((await call(platformSettings, 'loader', '/admin/settings', {}, w.admin.cookie)).data as { settings: { version: string } }).settings.version;

  for (const c of all) {
    const module = await loadRoute(c.file);
    if (!module[c.kind]) {
      violations.push(`${c.file} has no ${c.kind} any more: update the matrix`);
      continue;
    }
    for (const actor of ACTORS) {
      const expected = c.expect[actor];
      if (!expected) continue;
      const form = c.form === SETTINGS_OF_A ? settingsForm
        : c.form?.version === VERSION_OF_A_PRODUCT ? { ...c.form, version: await productVersionOfA() }
        : c.form?.version === VERSION_OF_A_LOCATION_NAME ? { ...c.form, version: await locationNameVersionOfA() }
        : c.form?.version === VERSION_OF_PLATFORM_SETTINGS ? { ...c.form, version: await platformSettingsVersion() }
        : c.form;
      const outcome = await call(module, c.kind, c.path, c.params, cookies[actor], form);
      calls++;
      if (actor === 'disabled') disabledSeen ??= outcome.location;
      const what = `${actor} ${c.kind === 'loader' ? 'GET' : 'POST'} ${c.path}${form?.intent ? ` (${String(form.intent)})` : ''}`;
      const problem = expected(outcome);
      if (problem) violations.push(`${what}: ${problem}; got ${outcome.status} ${outcome.location ?? ''} ${outcome.body.slice(0, 200)}`);
      if (actor !== 'ownerA' && actor !== 'admin') {
        const leaked = w.secretsOfA.find((secret) => outcome.body.includes(secret) || outcome.location?.includes(secret));
        if (leaked) violations.push(`${what}: restaurant A's data (${JSON.stringify(leaked)}) reached ${actor}`);
      }
    }
  }
  if (disabledSeen !== USER_DISABLED) violations.push(`the disabled user was not told so on their first request (got ${disabledSeen})`);

  // A's rows are as A left them, whatever B posted
  const { getDb } = await import('#app/db/db.server.ts');
  const product = await getDb().selectFrom('product').select(['visible', 'available', 'nameRo']).where('id', '=', w.ownerA.productId).executeTakeFirst();
  if (!product || !product.visible || !product.available || product.nameRo !== w.ownerA.productName) violations.push(`restaurant A's product was changed or deleted: ${JSON.stringify(product)}`);
  const category = await getDb().selectFrom('category').select(['visible', 'nameRo']).where('id', '=', w.ownerA.categoryId).executeTakeFirst();
  if (!category || !category.visible || category.nameRo === 'Furat') violations.push(`restaurant A's category was changed or deleted: ${JSON.stringify(category)}`);
  const location = await getDb().selectFrom('location').select(['visible', 'nameRo']).where('id', '=', w.ownerA.locationId).executeTakeFirst();
  if (!location || !location.visible || location.nameRo === 'Furat') violations.push(`restaurant A's location was changed or deleted: ${JSON.stringify(location)}`);
  // no panel wrote another restaurant's translation
  for (const table of ['product', 'category', 'location'] as const) {
    const stolen = await getDb().selectFrom(table).select(['id', 'nameEn', 'translations', 'translationMeta']).where('nameEn', '=', 'Furat').execute();
    if (stolen.length > 0) violations.push(`a translations panel wrote another restaurant's ${table}: ${JSON.stringify(stolen)}`);
  }
  const intruders = await getDb().selectFrom('category').select('id').where('nameRo', '=', 'Intrus').execute();
  if (intruders.length > 0) violations.push('owner B created a category in restaurant A');

  const covered = new Set(all.map((c) => `${c.file}#${c.kind}`));
  const uncovered: string[] = [];
  for (const route of await listRoutes()) {
    const module = await loadRoute(route.file);
    for (const kind of ['loader', 'action'] as const) {
      if (module[kind] && !covered.has(`${route.file}#${kind}`)) uncovered.push(`${route.file} ${kind} (/${route.pattern})`);
    }
  }
  return { violations, uncovered, calls };
}
