import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { buildTemplate, type DatabaseTemplate } from './template-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the migrated database each test file copies (tests/support/test-database.ts) */
    databaseTemplate: DatabaseTemplate | null;
  }
}

/** Builds when build/ is stale, then migrates one template database for the whole run (the dialect TEST_DB names) and drops it at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // tests/server/* start the built server: `npm run test:unit` on a fresh clone builds first, as `npm start` does
  // (under `npm test` the build leg has just run, so this finds build/ current and does nothing)
  buildIfStale();
  const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
  const { template, drop } = await buildTemplate(kind, process.env.TEST_DATABASE_URL);
  project.provide('databaseTemplate', template);
  return drop;
}
