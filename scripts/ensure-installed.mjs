// Plain JavaScript on purpose: on a fresh clone `npm start`/`npm test` run this with the
// machine's own Node (possibly 20), before the Node 24 dependency exists.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
export const node24 = join(root, 'node_modules', '.bin', 'node');

/** Installs dependencies when they are missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale = !existsSync(marker) || !existsSync(node24) || statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000;
  if (!stale) return;
  // a git worktree that links another checkout's node_modules has a lock as new as its checkout: `npm ci` there would
  // delete and rebuild the install every other checkout and run is using at that moment
  if (existsSync(marker) && lstatSync(join(root, 'node_modules')).isSymbolicLink()) {
    console.log("[bucate] node_modules is a link to another checkout's install: not reinstalling it (run `npm ci` there if the lock changed)");
    return;
  }
  console.log('[bucate] installing dependencies…');
  // `npm ci`: exactly what package-lock.json lists, never rewriting it, so every fresh clone's `npm test` proves the
  // lock installs as docs/deploying.md tells an operator to install it (tests/architecture/lockfile.test.ts names a
  // missing platform package before that).
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
}

/** Runs a script with the project's Node 24, inheriting the terminal. */
export function run(args, env = {}) {
  execFileSync(node24, ['--env-file-if-exists=.env', ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}
