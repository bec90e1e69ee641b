/**
 * The one factory of scopes (issue 24, "no forged scopes"). Every scope the access module hands
 * out is made here, frozen and remembered by identity; `isIssued` is how services tell a scope
 * the access module made from an object with the same fields (a cast, a spread, a copy). Internal
 * to access/: dependency-cruiser keeps every other module out.
 */
const issued = new WeakSet<object>();

export function mint<S extends object>(fields: Omit<S, symbol>): S {
  const scope = Object.freeze({ ...fields });
  issued.add(scope);
  return scope as unknown as S;
}

/** Whether the access module made this very object. */
export function isIssued(scope: unknown): boolean {
  return typeof scope === 'object' && scope !== null && issued.has(scope);
}
