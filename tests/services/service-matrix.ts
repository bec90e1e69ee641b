import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { can, ROLES, type Permission } from '#app/modules/access/policy.ts';
import type { AdminScope, MemberScope, SystemScope, UserScope } from '#app/modules/access/scope.server.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { SECRET, type ServiceWorld } from './service-world.ts';

/**
 * The service-level permission matrix (issue 24, item 7): each exported service that takes a scope
 * is called with a forged scope, with every role the policy denies its permission, and as another
 * restaurant's owner on restaurant A's ids. The checks return the violations they find instead of
 * asserting, so the same checks serve the tests that must find none and the mutation tests that
 * must find some (tests/services/*mutation*.int.test.ts).
 */

/** One service of a restaurant (or one way of calling it), the permission it checks first, and a call for restaurant A. */
export interface ServiceRow {
  /** `module/file.ts#function`, as service-inventory.ts names it */
  service: string;
  /** which of a service's permissions this call needs (an intent, a bulk action) */
  variant?: string;
  permission: Permission;
  /** calls the service as `scope` with arguments naming restaurant A's rows */
  call(scope: MemberScope, world: ServiceWorld): Promise<unknown>;
  /** false when the arguments name no row (the scope's restaurant is all it acts on): no other-tenant case */
  namesRows?: boolean;
}

/** A back-office service and a call with valid arguments. */
export interface AdminRow {
  service: string;
  call(scope: AdminScope, world: ServiceWorld): Promise<unknown>;
}

/** A service only the system runs (a job, the webhook, a script) and a call with valid arguments. */
export interface SystemRow {
  service: string;
  /** the service also serves an admin (its signature takes AdminScope | SystemScope): an admin's scope is no refusal case */
  alsoAdmin?: true;
  call(scope: SystemScope, world: ServiceWorld): Promise<unknown>;
}

/** A service of a signed-in user's own account and a call with valid arguments. */
export interface UserRow {
  service: string;
  call(scope: UserScope, world: ServiceWorld): Promise<unknown>;
}

export const rowName = (row: { service: string; variant?: string }) => (row.variant ? `${row.service} [${row.variant}]` : row.service);

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export async function attempt(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error };
  }
}

export function describeOutcome(outcome: Outcome): string {
  if (outcome.ok) return 'a result';
  const { error } = outcome;
  if (isAppError(error)) return `AppError '${error.code}'`;
  return error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error);
}

const refusedWith = (outcome: Outcome, codes: readonly string[]) => !outcome.ok && isAppError(outcome.error) && codes.includes(outcome.error.code);

/** Whether a result shows any of restaurant A's data (every text of A carries SECRET); file bodies are searched as text. */
export function showsSecret(value: unknown): boolean {
  const text = JSON.stringify(value, (_key, field: unknown) => {
    if (field instanceof Uint8Array) return Buffer.from(field).toString('latin1');
    if (field && typeof field === 'object' && (field as { type?: unknown }).type === 'Buffer' && Array.isArray((field as { data?: unknown }).data)) {
      return Buffer.from((field as { data: number[] }).data).toString('latin1');
    }
    return field;
  });
  return (text ?? '').toLowerCase().includes(SECRET);
}

// ---------------------------------------------------------------------------------------------
// what the database holds: every table, or restaurant A's rows of it

type Snapshot = Map<string, string[]>;
const tablesOf = new WeakMap<object, Promise<{ name: string; tenant: string | null }[]>>();

function tables(db: Kysely<Database>) {
  let found = tablesOf.get(db);
  if (!found) {
    found = db.introspection.getTables().then((all) =>
      all
        .filter((table) => !table.name.startsWith('kysely_'))
        .map((table) => ({
          name: table.name,
          tenant: table.name === 'restaurant' ? 'id' : table.columns.some((column) => column.name === 'restaurantId') ? 'restaurantId' : null,
        })),
    );
    tablesOf.set(db, found);
  }
  return found;
}

/** Every row of every table as text (sorted), or only the rows of `restaurantId` in the tables that have one. */
export async function snapshot(db: Kysely<Database>, restaurantId?: string): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const table of await tables(db)) {
    if (restaurantId && !table.tenant) continue;
    let query = db.selectFrom(table.name as 'user').selectAll();
    if (restaurantId) query = query.where(table.tenant as 'id', '=', restaurantId);
    out.set(table.name, (await query.execute()).map((row) => JSON.stringify(row)).sort());
  }
  return out;
}

/** The tables whose rows differ, each with one row that is new or gone. */
export function changes(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const [table, rows] of after) {
    const old = before.get(table) ?? [];
    if (old.join('\n') === rows.join('\n')) continue;
    const added = rows.find((row) => !old.includes(row));
    const gone = old.find((row) => !rows.includes(row));
    out.push(`${table} (${added ? `new ${added.slice(0, 160)}` : `gone ${gone?.slice(0, 160)}`})`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// the checks

/** (a) a forged owner's scope and (b) every role the policy denies the permission: refused with 'forbidden', nothing changed anywhere. */
export async function refusals(world: ServiceWorld, row: ServiceRow): Promise<string[]> {
  const { scopes, a } = world;
  const callers: [string, MemberScope][] = [
    ['a forged owner scope', scopes.forgedOwner(a.id)],
    ...ROLES.filter((role) => !can(role, row.permission)).map((role): [string, MemberScope] => [`a ${role}`, scopes.member(a.id, role)]),
  ];
  return refusedCalls(
    world,
    rowName(row),
    callers.map(([who, scope]) => [who, () => row.call(scope, world)]),
  );
}

/** (c) restaurant B's owner with A's ids: refused ('not-found' or 'forbidden') or answered without A's data; A's rows unchanged. */
export async function otherTenant(world: ServiceWorld, row: ServiceRow): Promise<string[]> {
  const violations: string[] = [];
  const before = await snapshot(world.db, world.a.id);
  const outcome = await attempt(() => row.call(world.scopes.owner(world.b.id), world));
  if (!outcome.ok && !refusedWith(outcome, ['not-found', 'forbidden']))
    violations.push(`${rowName(row)}: B's owner on A's rows: expected 'not-found', 'forbidden' or a result, got ${describeOutcome(outcome)}`);
  if (outcome.ok && showsSecret(outcome.value)) violations.push(`${rowName(row)}: B's owner was shown restaurant A's data`);
  const changed = changes(before, await snapshot(world.db, world.a.id));
  if (changed.length > 0) violations.push(`${rowName(row)}: B's owner changed restaurant A's ${changed.join('; ')}`);
  return violations;
}

/** A back-office service refuses a forged admin scope and a member's scope passed as an admin's; nothing changes. */
export function adminRefusals(world: ServiceWorld, row: AdminRow): Promise<string[]> {
  const { scopes, a } = world;
  return refusedCalls(world, row.service, [
    ['a forged admin scope', () => row.call(scopes.forgedAdmin(), world)],
    ["an owner's scope passed as an admin's", () => row.call(scopes.owner(a.id) as unknown as AdminScope, world)],
  ]);
}

/** A user's own service refuses a forged user scope and an admin's scope passed as a user's; nothing changes. */
export function userRefusals(world: ServiceWorld, row: UserRow): Promise<string[]> {
  const { scopes } = world;
  return refusedCalls(world, row.service, [
    ['a forged user scope', () => row.call({ ...scopes.user({ id: world.a.ownerId }) } as UserScope, world)],
    ["an admin's scope passed as a user's", () => row.call(scopes.admin() as unknown as UserScope, world)],
  ]);
}

/** A system-only service refuses a look-alike system scope and an admin's passed as the system's; nothing changes. */
export function systemRefusals(world: ServiceWorld, row: SystemRow): Promise<string[]> {
  const lookAlike = { kind: 'system', db: world.db, actor: { type: 'system', id: 'forged' }, requestMeta: { requestId: 'forged' } } as unknown as SystemScope;
  const calls: [string, () => Promise<unknown>][] = [['a look-alike system scope', () => row.call(lookAlike, world)]];
  if (!row.alsoAdmin) calls.push(["an admin's scope passed as the system's", () => row.call(world.scopes.admin() as unknown as SystemScope, world)]);
  return refusedCalls(world, row.service, calls);
}

async function refusedCalls(world: ServiceWorld, name: string, calls: [string, () => Promise<unknown>][]): Promise<string[]> {
  const violations: string[] = [];
  const before = await snapshot(world.db);
  for (const [who, run] of calls) {
    const outcome = await attempt(run);
    if (!refusedWith(outcome, ['forbidden'])) violations.push(`${name}: ${who}: expected 'forbidden', got ${describeOutcome(outcome)}`);
  }
  const changed = changes(before, await snapshot(world.db));
  if (changed.length > 0) violations.push(`${name}: refused calls changed ${changed.join('; ')}`);
  return violations;
}
