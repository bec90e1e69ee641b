import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createQueryId, type Kysely, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import type { DatabaseKind } from '#app/db/connection.server.ts';
import type { Database } from '#app/db/schema.ts';
import type { AnyFunction, RepositoryCases } from './case.ts';
import { tenantViolations } from './check.ts';
import { fixtureFor, type FixtureIds } from './fixture.ts';

/** One statement a repository function issued: its SQL as the dialect compiles it, and what the tenancy check found. */
export interface Statement {
  sql: string;
  problems: string[];
}

export interface Captured {
  file: string;
  name: string;
  /** the reason its `acrossRestaurants(db, reason)` gives, when it spans restaurants on purpose */
  exemption?: string;
  statements: Statement[];
  error?: string;
  /** whether its source compares a restaurantId column with a value itself, instead of through tenant() */
  filtersByHand: boolean;
}

const ROLLBACK = Symbol('rollback');

/** The repository files under app/, as paths from the project's root. */
export function repositoryFiles(root: string): string[] {
  return readdirSync(join(root, 'app'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.repo.server.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** The reason a function's source gives to `acrossRestaurants(db, '...')`, if it calls it. */
export function exemptionOf(fn: AnyFunction): string | undefined {
  // the test runner may call it as `(0, module.acrossRestaurants)(db, "...")`
  return /acrossRestaurants\)?\(\s*[\w$.]+\s*,\s*(['"`])((?:(?!\1).)+)\1\s*\)/.exec(fn.toString())?.[2];
}

const HAND_WRITTEN_FILTER = /(\.where|\beb)\(\s*['"`](\w+\.)?restaurantId['"`]\s*,\s*['"`]=['"`]/;

/**
 * Runs one repository function with its case's arguments on a handle that records every statement
 * it compiles, inside a transaction rolled back afterwards (so each case sees the same fixture);
 * a function that opens its own transaction runs outside one.
 */
export async function captureFunction(db: Kysely<Database>, kind: DatabaseKind, ids: FixtureIds, file: string, repository: RepositoryCases, name: string): Promise<Captured> {
  const fn = repository.module[name] as AnyFunction;
  // a builder used as a subquery passes through transformQuery too (when it becomes a node of its
  // statement); only a query that reaches transformResult was sent to the database on its own
  const compiled: { node: RootOperationNode; queryId: QueryId }[] = [];
  const executed = new Set<string>();
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => (compiled.push({ node, queryId }), node),
    transformResult: async ({ result, queryId }) => (executed.add(queryId.queryId), result),
  };
  const capturing = db.withPlugin(recorder);
  const call = async (handle: Kysely<Database>) => {
    const args = repository.cases[name]!(fixtureFor(ids, handle, kind));
    await (fn as (...args: unknown[]) => unknown)(...args);
  };
  let error: string | undefined;
  try {
    if (repository.ownTransaction?.includes(name)) await call(capturing);
    else {
      await capturing
        .transaction()
        .execute(async (trx) => {
          await call(trx);
          throw ROLLBACK;
        })
        .catch((reason: unknown) => {
          if (reason !== ROLLBACK) throw reason;
        });
    }
  } catch (reason) {
    error = reason instanceof Error ? reason.message : String(reason);
  }
  const executor = db.getExecutor();
  const statements = compiled
    .filter(({ queryId }) => executed.has(queryId.queryId))
    .map(({ node }) => ({ sql: executor.compileQuery(node, createQueryId()).sql, problems: tenantViolations(node, ids.r) }));
  return { file, name, exemption: exemptionOf(fn), statements, error, filtersByHand: HAND_WRITTEN_FILTER.test(fn.toString()) };
}

/** The snapshot's text: each function under its file, its exemption's reason, then one line per statement. */
export function snapshotText(results: readonly Captured[]): string {
  const lines = [
    '# The SQL every repository function issues (tests/architecture/tenant-sql.int.test.ts, decision 0030).',
    '# "across restaurants:" names a function that spans restaurants on purpose, with its reason.',
  ];
  let file = '';
  for (const result of results) {
    if (result.file !== file) lines.push('', `## ${(file = result.file)}`);
    lines.push('', `${result.name}${result.exemption ? ` (across restaurants: ${result.exemption})` : ''}`);
    if (result.statements.length === 0) lines.push('  (no statement)');
    for (const statement of result.statements) lines.push(`  ${statement.sql.replace(/\s+/g, ' ').trim()}`);
  }
  return `${lines.join('\n')}\n`;
}
