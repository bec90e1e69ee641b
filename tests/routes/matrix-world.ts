/**
 * The world the authorization matrix runs in (tests/routes/authorization-matrix.ts): a test database
 * with two real restaurants, A and B, each with a menu; A's team (an owner, a manager, an editor and
 * a staff member, decision 0029), B's owner, an admin, a disabled user and a disabled admin, each with
 * a real better-auth session cookie; and the means to call a route module's loader or action as React
 * Router would.
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
import type { Role } from '#app/modules/access/policy.ts';
import { addMember, newId } from '#tests/factories/builders.ts';
import { insertOrder } from '#tests/factories/orders.ts';
import { walkRouteTable } from '#tests/support/route-table.ts';
import type { TestDatabase } from '#tests/support/test-database.ts';

export const ORIGIN = 'http://localhost:3000';

/** A's team: one actor per role, each a member of A only. */
export const MEMBERS_OF_A = { ownerA: 'owner', managerA: 'manager', editorA: 'editor', staffA: 'staff' } as const satisfies Record<string, Role>;
export type MemberOfA = keyof typeof MEMBERS_OF_A;

export type ActorName = 'guest' | 'disabled' | 'disabledAdmin' | 'admin' | MemberOfA | 'ownerB';
/** disabledAdmin: an admin whose account another admin disabled; disabled: a restaurant owner an admin disabled */
export const ACTORS: ActorName[] = ['guest', 'disabled', 'disabledAdmin', 'admin', 'ownerA', 'managerA', 'editorA', 'staffA', 'ownerB'];

/** A signed-in person: their session cookie and user id. */
export interface Person {
  cookie: string;
  userId: string;
  email: string;
}

/** A restaurant with a location, a category and a dish, made through the route modules by its owner. */
export interface Restaurant {
  slug: string;
  restaurantId: string;
  restaurantName: string;
  locationId: string;
  categoryId: string;
  productId: string;
  productName: string;
  /** a pickup order of today (issue 25), inserted as a placement would */
  orderId: string;
  /** that order's first line (issue 36: bumped, taken back) */
  orderLineId: string;
  /** a group of its options library (issue 35), on no dish yet */
  optionGroupId: string;
  /** an option of that group (staff mark it sold out until the next opening) */
  optionId: string;
  /** its one owner, who registered it */
  owner: Person;
  /** every member by actor name, with their role */
  members: Partial<Record<ActorName, Role>>;
}

export interface World {
  db: TestDatabase;
  A: Restaurant;
  B: Restaurant;
  cookies: Record<ActorName, string | null>;
  admin: Person;
  /** texts only restaurant A's data contains: none may reach someone outside A */
  secretsOfA: string[];
  /** a new user with a session, made a member of the restaurant in `role` */
  signUpMember(restaurant: Restaurant, role: Role): Promise<Person>;
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

export type RouteModule = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };

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
    // a live stream never ends by itself: its answer is its status and its first chunk
    const text =
      type.startsWith('application/pdf') || type.startsWith('image/png') ? '<binary>' : type.startsWith('text/event-stream') ? await firstChunkOf(result) : await result.text();
    return { status: result.status, location: result.headers.get('location'), body: text };
  }
  if (isDataWithInit(result)) {
    return { status: result.init?.status ?? 200, location: null, body: JSON.stringify(result.data) ?? '', data: result.data };
  }
  return { status: 200, location: null, body: JSON.stringify(result) ?? 'null', data: result };
}

/** A live stream never ends: its first chunk (the `retry:` line) shows it opened, then it is closed. */
async function firstChunkOf(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}

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
// the world

const cookieHeaderOf = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ');

/**
 * Points the process configuration at a fresh test database (the test context's) and fills it
 * through the route modules themselves (registration, the editor's actions, the admin's disable
 * action); A's team joins through membership rows, as an accepted invitation would make them.
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
    const user = await getDb().selectFrom('user').select(['id']).where('email', '=', email).executeTakeFirstOrThrow();
    const restaurant = await getDb().selectFrom('restaurant').select(['id']).where('slug', '=', slug).executeTakeFirstOrThrow();
    return { restaurantName, slug, restaurantId: restaurant.id, owner: { cookie: cookieHeaderOf(registered.setCookies), userId: user.id, email } };
  };

  const withMenu = async (label: string, ownerName: ActorName): Promise<Restaurant> => {
    const registered = await register(label);
    const base = `/${registered.slug}/admin`;
    const params = { restaurantSlug: registered.slug };
    const cookie = registered.owner.cookie;
    const location = await call(menu, 'action', base, params, cookie, { intent: 'create-location', nameRo: `Terasa ${label} ${tag}` });
    const locationId = (location.data as { id?: string } | undefined)?.id;
    if (!locationId) throw new Error(`creating ${label}'s location failed: ${location.body}`);
    const category = await call(menu, 'action', base, params, cookie, { intent: 'create-category', locationId, nameRo: `Ciorbe ${label} ${tag}`, visible: 'on' });
    const categoryId = (category.data as { id?: string } | undefined)?.id;
    if (!categoryId) throw new Error(`creating ${label}'s category failed: ${category.body}`);
    const productName = `Ciorbă secretă ${label} ${tag}`;
    const product = await call(productNew, 'action', `${base}/products/new`, params, cookie, { categoryId, nameRo: productName, price: '23', visible: 'on', available: 'on' });
    const productId = /saved=([^#&]+)/.exec(product.location ?? '')?.[1];
    if (!productId) throw new Error(`creating ${label}'s product failed: ${product.status} ${product.body}`);
    const { order, lines } = await insertOrder(getDb(), { restaurantId: registered.restaurantId, locationId, table: null });
    const optionGroupId = newId();
    const now = new Date().toISOString();
    await getDb()
      .insertInto('optionGroup')
      .values({
        id: optionGroupId,
        restaurantId: registered.restaurantId,
        nameRo: `Lapte ${label} ${tag}`,
        nameEn: null,
        minChoices: 1,
        maxChoices: 1,
        pricing: 'add',
        sortOrder: 0,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const optionId = newId();
    await getDb()
      .insertInto('optionItem')
      .values({
        id: optionId,
        groupId: optionGroupId,
        restaurantId: registered.restaurantId,
        nameRo: `Ovăz ${label} ${tag}`,
        nameEn: null,
        priceMinor: 0,
        sortOrder: 0,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    // open every day: "sold out until we open again" has an opening to wait for
    const hours = JSON.stringify(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['12:00', '22:00']]])));
    await getDb().updateTable('restaurant').set({ openingHours: hours }).where('id', '=', registered.restaurantId).execute();
    return {
      ...registered,
      locationId,
      categoryId,
      productId,
      productName,
      orderId: order.id,
      orderLineId: lines[0]!.id,
      optionGroupId,
      optionId,
      members: { [ownerName]: 'owner' },
    };
  };

  let people = 0;
  const signUp = async (label: string, role: 'admin' | 'restaurant'): Promise<Person> => {
    const email = `${label.toLowerCase().replace(/\s+/g, '-')}-${++people}-${tag}@example.com`;
    const signedUp = await getAuth().api.signUpEmail({ body: { email, password: 'parola-buna-2', name: label }, returnHeaders: true });
    if (role === 'admin') await getDb().updateTable('user').set({ role: 'admin' }).where('email', '=', email).execute();
    return { cookie: cookieHeaderOf(signedUp.headers.getSetCookie()), userId: signedUp.response.user.id, email };
  };
  const signUpMember = async (restaurant: Restaurant, role: Role): Promise<Person> => {
    const person = await signUp(`Membru ${role}`, 'restaurant');
    await addMember(getDb(), restaurant.restaurantId, person.userId, role);
    return person;
  };

  const A = await withMenu('Alfa', 'ownerA');
  const B = await withMenu('Beta', 'ownerB');
  const team: Partial<Record<MemberOfA, Person>> = { ownerA: A.owner };
  for (const [name, role] of Object.entries(MEMBERS_OF_A) as [MemberOfA, Role][]) {
    if (role === 'owner') continue;
    team[name] = await signUpMember(A, role);
    A.members[name] = role;
  }

  const admin = await signUp('Admin', 'admin');
  const disabled = (await register('Gamma')).owner;
  const disabledOutcome = await call(adminUsersRoute, 'action', '/admin/users', {}, admin.cookie, { intent: 'disable', userId: disabled.userId });
  if (disabledOutcome.status !== 200) throw new Error(`disabling a user failed: ${disabledOutcome.body}`);
  // a second admin, disabled by the first: the back office refuses them like anyone signed out
  const disabledAdmin = await signUp('Admin 2', 'admin');
  const adminDisabled = await call(adminUsersRoute, 'action', '/admin/users', {}, admin.cookie, { intent: 'disable', userId: disabledAdmin.userId });
  if (adminDisabled.status !== 200) throw new Error(`disabling an admin failed: ${adminDisabled.body}`);

  return {
    db,
    A,
    B,
    admin,
    cookies: {
      guest: null,
      disabled: disabled.cookie,
      disabledAdmin: disabledAdmin.cookie,
      admin: admin.cookie,
      ownerB: B.owner.cookie,
      ownerA: team.ownerA!.cookie,
      managerA: team.managerA!.cookie,
      editorA: team.editorA!.cookie,
      staffA: team.staffA!.cookie,
    },
    secretsOfA: [A.restaurantName, A.productName, `Terasa Alfa ${tag}`, `Ciorbe Alfa ${tag}`, A.restaurantId, A.owner.email],
    signUpMember,
    async cleanup() {
      await closeDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
