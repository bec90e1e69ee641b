import type { Fixture } from './fixture.ts';

/** Any repository function: it is only called with the arguments its case builds. */
export type AnyFunction = (...args: never[]) => unknown;

/** A function's capture case: the arguments it is called with, built from the fixture. */
export type Case<F extends AnyFunction> = (f: Fixture) => Parameters<F>;

/**
 * One case for every function a repository module exports: a new export without a case does not
 * compile, and the test fails on it too (tests/architecture/tenant-sql.int.test.ts).
 */
export type Cases<M> = {
  [K in keyof M as M[K] extends AnyFunction ? K : never]-?: M[K] extends AnyFunction ? Case<M[K]> : never;
};

/** One repository file, its module and its cases; `ownTransaction` names the functions that open a transaction themselves. */
export interface RepositoryCases {
  module: Record<string, unknown>;
  cases: Record<string, (f: Fixture) => unknown[]>;
  ownTransaction?: readonly string[];
}

/** Ties a module to its cases with the types checked. */
export function repository<M>(module: M, cases: Cases<M>, ownTransaction: readonly string[] = []): RepositoryCases {
  return { module: module as Record<string, unknown>, cases: cases as unknown as RepositoryCases['cases'], ownTransaction };
}
