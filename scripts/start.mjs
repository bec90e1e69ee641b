// `npm start`: install if needed, build if needed, migrate, seed the demo once, serve on :3000.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, node24, run } from './ensure-installed.mjs';

const root = new URL('..', import.meta.url).pathname;
ensureInstalled();

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}
const built = newestMtime(join(root, 'build', 'server', 'index.js'));
const sources = Math.max(
  ...['app', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts'].map((p) => newestMtime(join(root, p))),
);
if (built < sources) {
  console.log('[bucate] building…');
  execFileSync(node24, [join(root, 'node_modules', '@react-router', 'dev', 'bin.cjs'), 'build'], { cwd: root, stdio: 'inherit' });
}

// Migrate, seed the demo once and keep a signing secret under data/ (outside production rules)…
run(['scripts/prepare-data.ts'], { NODE_ENV: 'development' });
// …then serve the production build with that secret: the embedded defaults, nothing to configure.
const secretFile = join(root, process.env.DATA_DIR ?? 'data', 'auth-secret');
const AUTH_SECRET = process.env.AUTH_SECRET ?? readFileSync(secretFile, 'utf8').trim();
run(['server/index.ts'], { NODE_ENV: 'production', AUTH_SECRET });
