// `npm test`: the whole suite. Typecheck, lint, the layer rules (dependency-cruiser), unit + integration tests on SQLite, the same
// integration tests on PostgreSQL when TEST_DATABASE_URL is set, then browser tests in Chromium.
// A leg that cannot run here is reported loudly; with REQUIRE_ALL_LEGS=1 (CI) it fails instead.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { ensureInstalled } from './ensure-installed.mjs';

const root = new URL('..', import.meta.url).pathname;
ensureInstalled();

const bin = join(root, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` };
const requireAll = process.env.REQUIRE_ALL_LEGS === '1';
const skipped = [];

function step(title, command, args, extraEnv = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function notRun(leg, reason) {
  const line = `✘ NOT RUN: ${leg}: ${reason}`;
  console.log(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}`);
  if (requireAll) {
    console.error('REQUIRE_ALL_LEGS=1: every leg must run.');
    process.exit(1);
  }
  skipped.push(line);
}

try {
  step('typecheck', 'react-router', ['typegen']);
  step('typecheck (tsc)', 'tsc', ['-p', 'tsconfig.json']);
  step('lint', 'oxlint', ['--deny-warnings', 'app', 'server', 'scripts', 'tests']);
  // the server tests (tests/server) start the built server, so the build comes first
  step('build', 'react-router', ['build']);
  step('layers (dependency-cruiser)', 'depcruise', ['app', 'server', 'scripts', 'tests', '--output-type', 'err']);
  step('unit and integration tests (SQLite)', 'vitest', ['run'], { TEST_DB: 'sqlite' });
  if (process.env.TEST_DATABASE_URL) {
    step('integration tests (PostgreSQL)', 'vitest', ['run', '.int.test.ts'], { TEST_DB: 'postgres' });
  } else {
    notRun('PostgreSQL integration tests', 'TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  }
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) {
    step('browser tests (Chromium)', 'vitest', ['run', '--config', 'vitest.e2e.config.ts'], { CHROMIUM_PATH: chromium });
  } else {
    notRun('browser tests', `no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  }
} catch {
  console.error('\n✘ the test suite failed (see above)');
  process.exit(1);
}

if (skipped.length > 0) {
  console.log(`\nPassed, but ${skipped.length} leg(s) did not run:\n${skipped.join('\n')}`);
} else {
  console.log('\n✔ every leg ran and passed');
}
