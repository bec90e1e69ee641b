import type { DeleteQueryBuilder, DeleteResult, Insertable, InsertQueryBuilder, InsertResult, Kysely, SelectQueryBuilder, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database } from './schema.ts';
import { TENANT_COLUMN, type TenantRowTable, type TenantTable } from './tenant-tables.ts';

/**
 * Tenancy by construction (decision 0030): a repository's query on a tenant table starts from
 * `tenant(db, restaurantId)`, which adds `where "<table>"."<tenant column>" = <restaurantId>` to every
 * select, update and delete, and stamps (or checks) the restaurant on every inserted row. The rest of
 * the query is plain Kysely. A join onto another tenant table matches its tenant column to the
 * filtered table's (`onRef('storedImage.restaurantId', '=', 'product.restaurantId')`); a subquery on
 * one starts from the same `tenant(...)`. tests/architecture/tenant-sql.int.test.ts runs every
 * repository function on both databases and refuses a statement on a tenant table without the filter.
 */

/** A row of a tenant table as a repository hands it in: its restaurant is the tenant's, filled in when absent. */
export type TenantInsert<T extends TenantRowTable> = Omit<Insertable<Database[T]>, 'restaurantId'> & { restaurantId?: string };

// oxlint-disable-next-line typescript/no-empty-object-type -- Kysely's own type for a query that selects nothing yet
type NoSelection = {};

/** A select on one tenant table that has chosen no columns yet, as `tenant(...).selectFrom(table)` returns it. */
export type TenantSelect<T extends TenantTable> = SelectQueryBuilder<Database, T, NoSelection>;

export interface Tenant {
  readonly restaurantId: string;
  selectFrom<T extends TenantTable>(table: T): TenantSelect<T>;
  updateTable<T extends TenantTable>(table: T): UpdateQueryBuilder<Database, T, T, UpdateResult>;
  deleteFrom<T extends TenantTable>(table: T): DeleteQueryBuilder<Database, T, DeleteResult>;
  /** Inserts rows of this restaurant; a row naming another restaurant is a bug and throws before any SQL. */
  insertInto<T extends TenantRowTable>(table: T, rows: TenantInsert<T> | readonly TenantInsert<T>[]): InsertQueryBuilder<Database, T, InsertResult>;
}

/** The one builder a query on a tenant table starts from: every statement it makes is filtered by `restaurantId`. */
export function tenant(db: Kysely<Database>, restaurantId: string): Tenant {
  if (!restaurantId) throw new Error('tenant() needs a restaurant id');
  const filter = (table: TenantTable) => `${table}.${TENANT_COLUMN[table]}`;
  // Kysely cannot type a where on a column chosen by a type parameter; the signatures above are the typed face
  // oxlint-disable-next-line typescript/no-explicit-any
  const loose = db as Kysely<any>;
  return {
    restaurantId,
    selectFrom: ((table: TenantTable) => loose.selectFrom(table).where(filter(table), '=', restaurantId)) as Tenant['selectFrom'],
    updateTable: ((table: TenantTable) => loose.updateTable(table).where(filter(table), '=', restaurantId)) as Tenant['updateTable'],
    deleteFrom: ((table: TenantTable) => loose.deleteFrom(table).where(filter(table), '=', restaurantId)) as Tenant['deleteFrom'],
    insertInto: ((table: TenantRowTable, rows: TenantInsert<TenantRowTable> | readonly TenantInsert<TenantRowTable>[]) => {
      const list = (Array.isArray(rows) ? rows : [rows]) as TenantInsert<TenantRowTable>[];
      const stamped = list.map((row) => {
        if (row.restaurantId !== undefined && row.restaurantId !== restaurantId) {
          throw new Error(`a ${table} row of restaurant ${row.restaurantId} inserted as restaurant ${restaurantId}`);
        }
        return { ...row, restaurantId };
      });
      return loose.insertInto(table).values(Array.isArray(rows) ? stamped : stamped[0]!);
    }) as Tenant['insertInto'],
  };
}

/**
 * A repository function that spans restaurants on purpose says so here, with the reason (the back
 * office, a sweep over every restaurant, a public lookup by slug or code, a user's own rows in every
 * restaurant they belong to). It changes nothing at run time; the SQL test reads the reason from the
 * function's source and lists it beside the function's statements in the checked-in snapshot.
 */
export function acrossRestaurants<D extends Kysely<Database>>(db: D, reason: string): D {
  if (!reason.trim()) throw new Error('acrossRestaurants() needs a reason');
  return db;
}
