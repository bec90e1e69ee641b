import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['app/**/*.test.ts', 'server/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    // one migrated database per run, copied by each test file (tests/support/test-database.ts)
    globalSetup: ['tests/support/global-setup.ts'],
    // vitest's default is one worker fewer than the cores: a single worker on this project's 2-core
    // machines, so every file waited for the one before, though most of their time is spent waiting
    // on the database, a fake service or a server process
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
