import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm ci` installs exactly what package-lock.json lists and refuses a lock that misses a package another one names. A
// native package names its binaries for every platform as optional dependencies; npm on one platform sometimes writes
// only its own into the lock, and `npm ci` on a fresh clone then fails (issue 33, item 19). A fresh clone's `npm test`
// runs `npm ci` (scripts/ensure-installed.mjs); this test names the missing entries before anyone clones.
type LockPackage = { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; dev?: boolean };
const lock = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockPackage>;
};

/** Where Node would find `name` from the package at `from`: its own node_modules, then each parent's, then the top. */
function resolves(from: string, name: string): boolean {
  let base = from;
  for (;;) {
    if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const at = base.lastIndexOf('/node_modules/');
    base = at === -1 ? '' : base.slice(0, at);
  }
}

describe('package-lock.json', () => {
  it('is a version 3 lock', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it('lists every dependency and optional platform package its packages name, so npm ci installs from it', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, pkg]) =>
      Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })
        .filter((name) => !resolves(path, name))
        .map((name) => `${path || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
