import type { TestProject } from 'vitest/node';
import { buildTemplate, type DatabaseTemplate } from './template-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the migrated database each test file copies (tests/support/test-database.ts) */
    databaseTemplate: DatabaseTemplate | null;
  }
}

/** Migrates one template database for the whole run (the dialect TEST_DB names) and drops it at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
  const { template, drop } = await buildTemplate(kind, process.env.TEST_DATABASE_URL);
  project.provide('databaseTemplate', template);
  return drop;
}
