// `npm start`: install if needed, build if needed, migrate, seed the demo once, serve on :3000.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { buildIfStale } from './build-if-stale.mjs';
import { ensureInstalled, node24, run } from './ensure-installed.mjs';

const root = new URL('..', import.meta.url).pathname;
// START_AS_BUILT=1: serve what is installed and built, as it is (the test suite starts `npm start`
// between other test files; an install or a build in the middle of a run would pull build/ from under them)
const asBuilt = process.env.START_AS_BUILT === '1';
if (!asBuilt) ensureInstalled();

if (asBuilt && !existsSync(join(root, 'build', 'server', 'index.js'))) throw new Error('START_AS_BUILT=1 but there is no build: run `npm run build` first');
if (!asBuilt) buildIfStale({ node: node24 });

// Migrate, seed the demo once and keep a signing secret under data/ (outside production rules)…
run(['scripts/prepare-data.ts'], { NODE_ENV: 'development' });
// …then serve the production build with that secret: the embedded defaults, nothing to configure.
// DATA_DIR as the app reads it: the environment first, then .env (as --env-file does), relative to the
// checkout (where the children run) unless absolute; joining an absolute one to the checkout was issue 23 item 13
const dotEnv = existsSync(join(root, '.env')) ? parseEnv(readFileSync(join(root, '.env'), 'utf8')) : {};
const dataDir = process.env.DATA_DIR || dotEnv.DATA_DIR || 'data';
const secretFile = join(resolve(root, dataDir), 'auth-secret');
const AUTH_SECRET = process.env.AUTH_SECRET || dotEnv.AUTH_SECRET || readFileSync(secretFile, 'utf8').trim();
run(['server/index.ts'], { NODE_ENV: 'production', AUTH_SECRET });
