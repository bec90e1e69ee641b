import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const include = ['app/**/*.test.ts', 'server/**/*.test.ts', 'tests/**/*.test.ts'];
const exclude = ['tests/e2e/**', 'node_modules/**'];

/**
 * A unit file (not `*.int.test.ts`) that changes what other files would see in a shared process: it mocks or resets
 * modules, stubs the environment or globals, spies, fakes timers or writes `process.env`. Read from the file, so a new
 * one is isolated without a list.
 */
const changesTheProcess = /\bvi\.(mock|doMock|unmock|resetModules|stubEnv|stubGlobal|useFakeTimers|spyOn)\b|process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env/;
const unitFiles = include.flatMap((pattern) => globSync(pattern, { exclude })).filter((file) => !file.endsWith('.int.test.ts'));
const sharedUnitFiles = unitFiles.filter((file) => !changesTheProcess.test(readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    exclude,
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    // vitest's default is one worker fewer than the cores: a single worker on this project's 2-core
    // machines, so every file waited for the one before, though most of their time is spent waiting
    // on the database, a fake service or a server process
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: sharedUnitFiles,
          // the pure unit files share their worker's modules instead of evaluating them again for each file (about
          // 79 -> 47 s of CPU for them, docs/performance.md session 17); a file that changes the process is in 'isolated'
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include,
          exclude: [...exclude, ...sharedUnitFiles],
          // one migrated database per run, copied by each test file (tests/support/test-database.ts)
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
