/**
 * The permission matrix of docs/product-spec.md section 6 and decision 0029, run against the route
 * modules themselves: every loader and action of app/routes.ts is called with a real `Request`
 * carrying a real better-auth session cookie, as a guest, a disabled user, a disabled admin, an admin,
 * each role of restaurant A, A's team looking at restaurant B, and B's owner (tests/routes/matrix-world.ts).
 * What each should get is derived from the route's guard marker and the policy table
 * (tests/routes/matrix-expect.ts), so a route whose guard names the wrong permission, or whose guard
 * does not check what it names, shows up. It returns the violations it finds instead of asserting,
 * so the same matrix serves the test that must find none and the mutation test that must find some.
 */
import { guardOf } from '#app/modules/access/route-guards.server.ts';
import { restaurantCases, crossTenantCases } from './matrix-cases.ts';
import { expectationFor, USER_DISABLED, type Case } from './matrix-expect.ts';
import { backOfficeCases, siteCases } from './matrix-site-cases.ts';
import { ACTORS, MEMBERS_OF_A, call, listRoutes, loadRoute, type ActorName, type World } from './matrix-world.ts';

export { createWorld, type World } from './matrix-world.ts';

export interface MatrixReport {
  violations: string[];
  /** route module files with a loader or action that no case covers */
  uncovered: string[];
  /** how many (route, loader|action, actor) calls were made */
  calls: number;
}

const A_TEAM = Object.keys(MEMBERS_OF_A) as ActorName[];

/** The restaurants' pages: A's as everyone, B's as A's team and B's owner, and the cross-tenant posts. */
export function restaurantMatrixCases(w: World): Case[] {
  return [...restaurantCases(w, w.A, ACTORS), ...restaurantCases(w, w.B, [...A_TEAM, 'ownerB']), ...crossTenantCases(w)];
}

/** Every case: the restaurants' pages, the back office and the site. */
export function allCases(w: World): Case[] {
  return [...restaurantMatrixCases(w), ...backOfficeCases(w), ...siteCases(w)];
}

/**
 * Runs every case as every actor it names; returns what went wrong (nothing, when the app is right).
 * A test of one guard may pass only the cases it concerns.
 */
export async function runMatrix(w: World, all: Case[] = allCases(w)): Promise<MatrixReport> {
  const violations: string[] = [];
  let calls = 0;
  let disabledSeen: string | null = null;

  for (const c of all) {
    const module = await loadRoute(c.file);
    const fn = module[c.kind];
    const guard = guardOf(fn);
    if (!fn || !guard) {
      violations.push(`${c.file} has no ${fn ? 'guarded ' : ''}${c.kind}: update the matrix or wrap it (route-guards.server.ts)`);
      continue;
    }
    for (const actor of c.actors ?? ACTORS) {
      const expected = expectationFor(guard, actor, c, w);
      const form = typeof c.form === 'function' ? await c.form() : c.form;
      const outcome = await call(module, c.kind, c.path, c.params, w.cookies[actor], form);
      calls++;
      if (actor === 'disabled') disabledSeen ??= outcome.location;
      const what = `${actor} ${c.kind === 'loader' ? 'GET' : 'POST'} ${c.path}${form?.intent ? ` (${String(form.intent)})` : ''}`;
      const problem = expected(outcome);
      if (problem) violations.push(`${what}: ${problem}; got ${outcome.status} ${outcome.location ?? ''} ${outcome.body.slice(0, 200)}`);
      if (!(actor in MEMBERS_OF_A) && actor !== 'admin') {
        const leaked = w.secretsOfA.find((secret) => outcome.body.includes(secret) || outcome.location?.includes(secret));
        if (leaked) violations.push(`${what}: restaurant A's data (${JSON.stringify(leaked)}) reached ${actor}`);
      }
    }
  }
  if (disabledSeen !== USER_DISABLED) violations.push(`the disabled user was not told so on their first request (got ${disabledSeen})`);
  violations.push(...(await untouchedRowsOfA(w)));

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

/** A's rows are as A's team left them, whatever B's owner posted naming them. */
async function untouchedRowsOfA(w: World): Promise<string[]> {
  const db = w.db.db;
  const problems: string[] = [];
  const product = await db.selectFrom('product').select(['visible', 'available', 'nameRo']).where('id', '=', w.A.productId).executeTakeFirst();
  if (!product || !product.visible || !product.available || product.nameRo !== w.A.productName)
    problems.push(`restaurant A's product was changed or deleted: ${JSON.stringify(product)}`);
  const category = await db.selectFrom('category').select(['visible', 'nameRo']).where('id', '=', w.A.categoryId).executeTakeFirst();
  if (!category || !category.visible || category.nameRo === 'Furat') problems.push(`restaurant A's category was changed or deleted: ${JSON.stringify(category)}`);
  const location = await db.selectFrom('location').select(['visible', 'nameRo']).where('id', '=', w.A.locationId).executeTakeFirst();
  if (!location || !location.visible || location.nameRo === 'Furat') problems.push(`restaurant A's location was changed or deleted: ${JSON.stringify(location)}`);
  // no panel wrote another restaurant's translation
  for (const table of ['product', 'category', 'location'] as const) {
    const stolen = await db.selectFrom(table).select(['id', 'nameEn']).where('nameEn', '=', 'Furat').execute();
    if (stolen.length > 0) problems.push(`a translations panel wrote another restaurant's ${table}: ${JSON.stringify(stolen)}`);
  }
  const intruders = await db.selectFrom('category').select('id').where('nameRo', '=', 'Intrus').execute();
  if (intruders.length > 0) problems.push('owner B created a category in restaurant A');
  const intruderDishes = await db.selectFrom('product').select('id').where('nameRo', '=', 'Intrus').execute();
  if (intruderDishes.length > 0) problems.push('owner B created a dish in restaurant A');
  return problems;
}
