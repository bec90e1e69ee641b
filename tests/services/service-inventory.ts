import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every exported function under app/modules/ whose first parameter is a scope, found by reading
 * the source (the service matrix's tables must name each one: a new service without a row fails).
 * TypeScript 7 has no JavaScript API, so the signature is read by a small scanner: the first
 * parameter of `export [async] function name<…>(…)`, up to its first top-level comma.
 *
 * Left out: the access module (it makes and checks the scopes), repositories (called by services,
 * which check first) and tests.
 */

export type ScopeKind = 'restaurant' | 'user' | 'admin' | 'system' | 'any';

export interface ScopedFunction {
  /** `module/file.ts#name`, e.g. `category/category.service.server.ts#createCategory` */
  key: string;
  /** what the first parameter accepts: a member's or the system's restaurant scope, a user's, an admin's, the system's own, any scope */
  kinds: ScopeKind[];
}

const root = join(import.meta.dirname, '..', '..');
const modules = join(root, 'app', 'modules');

const KIND_OF: Record<string, ScopeKind | null> = {
  RestaurantScope: 'restaurant',
  MemberScope: 'restaurant',
  UserScope: 'user',
  AdminScope: 'admin',
  AnyScope: 'any',
  // the system's own scope: made only by jobs, the webhook, the seed and scripts (a dependency-cruiser rule), checked by assertSystem
  SystemScope: 'system',
  SystemRestaurantScope: 'restaurant',
};

const OPEN = new Set(['(', '[', '{', '<']);
const CLOSE = new Set([')', ']', '}', '>']);

/** The text of the first parameter from the `(` at `start`, up to its first top-level `,` or the closing `)`. */
function firstParameter(source: string, start: number): string {
  let depth = 0;
  for (let index = start + 1; index < source.length; index++) {
    const char = source[index]!;
    if (char === '=' && source[index + 1] === '>') {
      index++; // an arrow inside a parameter's type, not a closing angle bracket
      continue;
    }
    if (OPEN.has(char)) depth++;
    else if (CLOSE.has(char)) {
      if (depth === 0) return source.slice(start + 1, index);
      depth--;
    } else if (char === ',' && depth === 0) return source.slice(start + 1, index);
  }
  throw new Error('unterminated parameter list');
}

/** Skips `<…>` generics after a function's name; returns the index of its `(`. */
function parameterListStart(source: string, from: number): number {
  let index = from;
  if (source[index] === '<') {
    let depth = 0;
    for (; index < source.length; index++) {
      if (source[index] === '<') depth++;
      else if (source[index] === '>' && source[index - 1] !== '=' && --depth === 0) break;
    }
    index++;
  }
  if (source[index] !== '(') throw new Error(`no parameter list at ${source.slice(from, from + 40)}`);
  return index;
}

/** The scope kinds a parameter's type names (a scope's field type such as `RestaurantScope['db']` is not a scope). */
export function scopeKindsOf(parameter: string): ScopeKind[] | 'not-a-scope' {
  const colon = parameter.indexOf(':');
  if (colon < 0) return 'not-a-scope';
  const type = parameter.slice(colon + 1);
  const names = [...type.matchAll(/\b(\w*Scope)\b(?!\s*\[)/g)].map((match) => match[1]!);
  if (names.length === 0) return 'not-a-scope';
  const kinds = new Set<ScopeKind>();
  for (const name of names) {
    if (!(name in KIND_OF)) throw new Error(`unknown scope type ${name} in "${parameter.trim()}"`);
    const kind = KIND_OF[name];
    if (kind) kinds.add(kind);
  }
  return [...kinds].sort();
}

function sourceFiles(): string[] {
  return readdirSync(modules, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.repo.server.ts'))
    .map((entry) => relative(modules, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((file) => !file.startsWith('access/'))
    .sort();
}

/** Every exported function of app/modules/ (access, repositories and tests left out) whose first parameter is a scope other than the system's. */
export function scopedFunctions(): ScopedFunction[] {
  const found: ScopedFunction[] = [];
  for (const file of sourceFiles()) {
    const source = readFileSync(join(modules, file), 'utf8');
    for (const match of source.matchAll(/^export (?:async )?function\s*\*?\s*(\w+)\s*/gm)) {
      const parameter = firstParameter(source, parameterListStart(source, match.index + match[0].length));
      const kinds = scopeKindsOf(parameter);
      if (kinds !== 'not-a-scope' && kinds.length > 0) found.push({ key: `${file}#${match[1]}`, kinds });
    }
  }
  return found;
}

/** Every exported function of app/modules/ the scanner read, scoped or not (the scanner's own test: it reads them all). */
export function exportedFunctionCount(): number {
  return sourceFiles().reduce((count, file) => count + [...readFileSync(join(modules, file), 'utf8').matchAll(/^export (?:async )?function\b/gm)].length, 0);
}

/** The text of a parameter list from the `(` at `start` to its closing `)`. */
function parameterList(source: string, start: number): string {
  let depth = 0;
  for (let index = start + 1; index < source.length; index++) {
    const char = source[index]!;
    if (char === '=' && source[index + 1] === '>') {
      index++;
      continue;
    }
    if (OPEN.has(char)) depth++;
    else if (CLOSE.has(char)) {
      if (depth === 0) return source.slice(start + 1, index);
      depth--;
    }
  }
  throw new Error('unterminated parameter list');
}

/** A database handle as a parameter's type: Kysely<Database>, a Transaction, a local alias `Db`, a scope's `db` field. */
const DATABASE_HANDLE = /:\s*(?:Kysely<Database>|Transaction<Database>|Db\b|\w*Scope\['db'\])/;
/** A restaurant named by a bare id: a parameter `restaurantId` or `restaurantIds`. */
const RESTAURANT_ID = /(?:^|[,(]\s*)restaurantIds?\??\s*:/m;

/**
 * Every exported function of app/modules/ (access, repositories and tests left out) that takes a
 * database handle and a restaurant's bare id (issue 34 item 4): it reaches that restaurant's data
 * with no scope, so no matrix can see it. Each must be a helper named with its reason (called inside
 * a service that checked first, or a guest's public read), never a service of its own.
 */
export function rawRestaurantFunctions(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles()) {
    const source = readFileSync(join(modules, file), 'utf8');
    for (const match of source.matchAll(/^export (?:async )?function\s*\*?\s*(\w+)\s*/gm)) {
      const parameters = parameterList(source, parameterListStart(source, match.index + match[0].length));
      if (DATABASE_HANDLE.test(parameters) && RESTAURANT_ID.test(parameters.replace(/\s+/g, ' ').replace(/^/, '('))) found.push(`${file}#${match[1]}`);
    }
  }
  return found.sort();
}
