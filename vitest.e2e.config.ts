import { defineConfig } from 'vitest/config';

/** Browser flows: a built server on a fresh seeded SQLite file, driven through Chromium. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
