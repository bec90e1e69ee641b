import { defineConfig } from 'vitest/config';

/** Browser flows: a built server on a fresh seeded database (SQLite, or PostgreSQL with E2E_DATABASE_URL), driven through Chromium. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000, // 30 s was passed by axe sweeps under a load average of 10-20 on the shared 2 cores
    hookTimeout: 60_000,
    fileParallelism: false,
    // a navigation after a form post (sign-in, registration) took over the 1 s default on a busy
    // shared 2-core machine; waiting longer for what the user sees is still no sleep
    expect: { poll: { timeout: 5_000 } },
  },
});
