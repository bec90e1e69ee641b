import type { OperationNode } from 'kysely';
import { isTenantTable, TENANT_COLUMN, TENANT_TABLES, type TenantTable } from '#app/db/tenant-tables.ts';

/**
 * Reads a statement's Kysely tree (what the compiler turns into SQL) and names every use of a tenant
 * table (app/db/tenant-tables.ts) that is not held to one restaurant (decision 0030). A table in a
 * FROM or JOIN is held when a top-level conjunct of the WHERE (or of its own join's ON) is
 * `"<alias>"."<tenant column>" = <the tenant id, as a parameter>`, or equates its tenant column
 * with that of a table already held, in this statement or one it is nested in (a correlated
 * subquery). An OR branch, an IN list, a `!=` or a join by another key does not hold it. Every row
 * an INSERT writes into a tenant table must name the tenant. Raw SQL that names a tenant table
 * cannot be read, and is reported.
 */

/* oxlint-disable typescript/no-explicit-any -- the walk reads Kysely's node objects by their `kind` */
type Node = any;

interface Source {
  alias: string;
  table: TenantTable;
  /** the conjuncts of its join's ON, when it is joined */
  on: Node[];
}

const QUERY_KINDS = new Set(['SelectQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'InsertQueryNode']);
const TENANT_WORD = new RegExp(`(^|[^\\w])"?(${TENANT_TABLES.join('|')})"?([^\\w]|$)`);

const nameOf = (table: Node): string | undefined => (table?.kind === 'TableNode' ? table.table.identifier.name : undefined);

/** The problems of one statement; `tenantId` is the restaurant the caller asked for. */
export function tenantViolations(root: OperationNode, tenantId: string): string[] {
  const problems: string[] = [];
  walk(root, new Map(), tenantId, problems);
  return problems;
}

function walk(node: Node, held: Map<string, TenantTable>, tenantId: string, problems: string[], consumed: ReadonlySet<Node> = new Set()): void {
  if (node === null || typeof node !== 'object' || consumed.has(node)) return;
  if (Array.isArray(node)) {
    for (const item of node) walk(item, held, tenantId, problems, consumed);
    return;
  }
  if (QUERY_KINDS.has(node.kind)) return checkQuery(node, held, tenantId, problems);
  if (node.kind === 'ReferenceNode') return; // a column of a table named elsewhere
  if (node.kind === 'TableNode') {
    const name = nameOf(node)!;
    if (isTenantTable(name)) problems.push(`${name}: named outside a FROM or JOIN (raw SQL), so its filter cannot be checked`);
    return;
  }
  if (node.kind === 'RawNode') {
    for (const fragment of node.sqlFragments as string[]) {
      const found = TENANT_WORD.exec(fragment);
      if (found) problems.push(`${found[2]}: named in raw SQL, so its filter cannot be checked`);
    }
  }
  for (const value of Object.values(node)) walk(value, held, tenantId, problems, consumed);
}

function sourceOf(node: Node, on: Node[]): Source | undefined {
  const [table, alias] = node?.kind === 'AliasNode' ? [nameOf(node.node), node.alias.name as string] : [nameOf(node), nameOf(node)];
  return table && isTenantTable(table) ? { alias: alias!, table, on } : undefined;
}

/** Flattens `a and (b and c)` into its conjuncts; an OR stays one conjunct that holds nothing. */
function conjuncts(node: Node): Node[] {
  if (!node) return [];
  if (node.kind === 'WhereNode') return conjuncts(node.where);
  if (node.kind === 'OnNode') return conjuncts(node.on);
  if (node.kind === 'AndNode') return [...conjuncts(node.left), ...conjuncts(node.right)];
  if (node.kind === 'ParensNode') return conjuncts(node.node);
  return [node];
}

function checkQuery(query: Node, outer: Map<string, TenantTable>, tenantId: string, problems: string[]): void {
  const sources: Source[] = [];
  const add = (node: Node, on: Node[] = []) => {
    const source = sourceOf(node, on);
    if (source) sources.push(source);
  };
  // the tables this statement reads or writes (a subquery in FROM is walked as a statement of its own)
  const consumed = new Set<Node>();
  const consume = (node: Node, on: Node[] = []) => {
    if (node?.kind === 'TableNode' || (node?.kind === 'AliasNode' && node.node.kind === 'TableNode')) {
      consumed.add(node);
      add(node, on);
    }
  };
  for (const from of [query.from?.froms ?? [], query.using?.tables ?? []].flat()) consume(from);
  if (query.kind === 'UpdateQueryNode') consume(query.table);
  for (const join of query.joins ?? []) consume(join.table, conjuncts(join.on));
  if (query.kind === 'InsertQueryNode') {
    consumed.add(query.into);
    checkInsert(query, tenantId, problems);
  }

  const where = conjuncts(query.where);
  const held = new Map(outer);
  const single = sources.length === 1 && (query.joins?.length ?? 0) === 0 && (query.from?.froms?.length ?? 1) <= 1;
  for (let changed = true; changed; ) {
    changed = false;
    for (const source of sources) {
      if (held.get(source.alias) === source.table) continue;
      if ([...where, ...source.on].some((conjunct) => holds(conjunct, source, single, held, tenantId))) {
        held.set(source.alias, source.table);
        changed = true;
      }
    }
  }
  for (const source of sources) {
    if (held.get(source.alias) !== source.table) {
      const name = source.alias === source.table ? source.table : `${source.table} as ${source.alias}`;
      problems.push(`${name}: no "${source.alias}"."${TENANT_COLUMN[source.table]}" = <tenant> filter`);
    }
  }
  for (const [key, value] of Object.entries(query)) if (key !== 'kind') walk(value, held, tenantId, problems, consumed);
}

function isTenantRef(node: Node, source: Source, single: boolean): boolean {
  if (node?.kind !== 'ReferenceNode' || node.column?.kind !== 'ColumnNode') return false;
  if (node.column.column.name !== TENANT_COLUMN[source.table]) return false;
  const qualifier = nameOf(node.table);
  return qualifier === undefined ? single : qualifier === source.alias;
}

function isHeldTenantRef(node: Node, held: Map<string, TenantTable>): boolean {
  if (node?.kind !== 'ReferenceNode' || node.column?.kind !== 'ColumnNode') return false;
  const table = held.get(nameOf(node.table) ?? '');
  return table !== undefined && node.column.column.name === TENANT_COLUMN[table];
}

function holds(conjunct: Node, source: Source, single: boolean, held: Map<string, TenantTable>, tenantId: string): boolean {
  if (conjunct?.kind !== 'BinaryOperationNode' || conjunct.operator?.operator !== '=') return false;
  const sides = [
    [conjunct.leftOperand, conjunct.rightOperand],
    [conjunct.rightOperand, conjunct.leftOperand],
  ];
  return sides.some(([mine, other]) => {
    if (!isTenantRef(mine, source, single)) return false;
    if (other?.kind === 'ValueNode' && !other.immediate) return other.value === tenantId;
    return isHeldTenantRef(other, held);
  });
}

function checkInsert(query: Node, tenantId: string, problems: string[]): void {
  const table = nameOf(query.into);
  if (!table || !isTenantTable(table)) return;
  const column = TENANT_COLUMN[table];
  const index = (query.columns ?? []).findIndex((node: Node) => node.column.name === column);
  const rows: Node[] = query.values?.kind === 'ValuesNode' ? query.values.values : [];
  if (index < 0 || rows.length === 0) {
    problems.push(`${table}: an INSERT without its "${column}" values`);
    return;
  }
  const values = rows.map((row) => (row.kind === 'PrimitiveValueListNode' ? row.values[index] : row.values[index]?.value));
  const strangers = [...new Set(values.filter((value) => value !== tenantId))];
  if (strangers.length > 0) problems.push(`${table}: inserts rows of ${strangers.length === 1 ? 'another restaurant' : `${strangers.length} other restaurants`}`);
}
