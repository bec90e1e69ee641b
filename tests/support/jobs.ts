import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { runJobsOnce, type JobHandlers, type RunJobsOptions } from '#app/modules/jobs/job-worker.server.ts';
import { testDialect } from './test-database.ts';

/**
 * Runs due jobs with the given handlers until none is left (what the worker would do after the
 * test's change committed); jobs waiting for a later retry are left. Returns how many ran.
 */
export async function runJobsUntilIdle(
  db: Kysely<Database>,
  handlers: JobHandlers,
  options: Omit<RunJobsOptions, 'db' | 'kind' | 'handlers'> & { maxRounds?: number } = {},
): Promise<number> {
  const { maxRounds = 100, ...rest } = options;
  let total = 0;
  for (let round = 0; round < maxRounds; round++) {
    const claimed = await runJobsOnce({ db, kind: testDialect, handlers, ...rest });
    if (claimed === 0) return total;
    total += claimed;
  }
  throw new Error(`jobs still due after ${maxRounds} rounds`);
}
