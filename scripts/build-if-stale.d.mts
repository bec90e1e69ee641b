// Types for build-if-stale.mjs (plain JavaScript so that `npm start` can run it on the machine's own Node).
export function buildIsStale(): boolean;
export function buildIfStale(options?: { node?: string; quiet?: boolean }): boolean;
