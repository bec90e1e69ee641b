// The one rule for "is build/ current?", shared by `npm start`, the benches and the unit/integration run (whose server
// tests start the built server): build when build/server/index.js is missing or older than any source. Plain JavaScript:
// `npm start` imports it before it knows the machine's Node can strip types.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** True when build/ is missing or older than app/, public/, the lock or the build's configuration. */
export function buildIsStale() {
  const built = newestMtime(join(root, 'build', 'server', 'index.js'));
  const sources = Math.max(...['app', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts'].map((p) => newestMtime(join(root, p))));
  return built < sources;
}

/** Builds with the given Node (the project's Node 24) when build/ is stale; `quiet` keeps the build's output back. */
export function buildIfStale({ node = process.execPath, quiet = false } = {}) {
  if (!buildIsStale()) return false;
  console.log('[bucate] building (build/ is missing or older than the sources)…');
  execFileSync(node, [join(root, 'node_modules', '@react-router', 'dev', 'bin.cjs'), 'build'], { cwd: root, stdio: quiet ? 'ignore' : 'inherit' });
  return true;
}

// `node scripts/build-if-stale.mjs`: what `npm run test:unit` runs before vitest (tests/server/* start the built server),
// so that script works on a fresh clone as `npm start` does; a bare `npx vitest run <file>` never builds.
if (process.argv[1] === new URL(import.meta.url).pathname) buildIfStale();
