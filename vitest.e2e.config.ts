import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Browser flows: built servers on fresh seeded databases (SQLite, or PostgreSQL with
 * E2E_DATABASE_URL), driven through one shared Chromium. Files run side by side, E2E_WORKERS at a
 * time (by default one more than the cores: with two on the project's 2-core machines the leg kept them
 * about 65 % busy, waiting on each other's processes; three took 217 -> 199 s, session 22); each worker has
 * a server and database of its own (tests/e2e/global-setup.ts, tests/e2e/worker-server.ts), so no two
 * running files share state.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? availableParallelism() + 1));

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/worker-server.ts'],
    environment: 'node',
    testTimeout: 60_000, // 30 s was passed by axe sweeps under a load average of 10-20 on the shared 2 cores
    hookTimeout: 60_000,
    fileParallelism: workers > 1,
    maxWorkers: workers,
    // a worker's files share one process: playwright-core and the app's modules load once per worker, not once per file
    isolate: false,
    // a navigation after a form post (sign-in, registration) took over the 1 s default on a busy
    // shared 2-core machine; waiting longer for what the user sees is still no sleep
    expect: { poll: { timeout: 5_000 } },
  },
});
