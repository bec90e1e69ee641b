import { globSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { sharesWell } from './tests/support/worker-sharing.ts';

const include = ['app/**/*.test.ts', 'server/**/*.test.ts', 'tests/**/*.test.ts'];
const exclude = ['tests/e2e/**', 'node_modules/**'];

const files = include.flatMap((pattern) => globSync(pattern, { exclude }));
const sharedUnitFiles = files.filter((file) => !file.endsWith('.int.test.ts') && sharesWell(file));
const sharedIntegrationFiles = files.filter((file) => file.endsWith('.int.test.ts') && sharesWell(file));

export default defineConfig({
  test: {
    exclude,
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    // one migrated database per run, copied by each integration file (tests/support/test-database.ts); set here, not
    // per project, it is made once for the projects below
    globalSetup: ['tests/support/global-setup.ts'],
    // vitest's default is one worker fewer than the cores: a single worker on this project's 2-core
    // machines, so every file waited for the one before, though much of their time is spent waiting
    // on the database, a fake service or a server process. One worker more than the cores: with two
    // on 2 cores the SQLite leg kept the machine 68 % busy (80 s), with three 89 % (63 s); PostgreSQL
    // 79 -> 74 s (docs/performance.md, session 22)
    maxWorkers: availableParallelism() + 1,
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
          name: 'integration',
          include: sharedIntegrationFiles,
          // the integration files that pass every database in by hand (tests/support/test-context.ts) share their
          // worker's modules too: module evaluation was 23-28 % of the SQLite and PostgreSQL legs (session 21)
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include,
          exclude: [...exclude, ...sharedUnitFiles, ...sharedIntegrationFiles],
        },
      },
    ],
  },
});
