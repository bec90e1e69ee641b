import type { Kysely } from 'kysely';

/**
 * The job queue: side effects (e-mail, file deletion) and scheduled sweeps run from here after the
 * change that asked for them has committed (docs/decisions/0010-jobs.md). Portable columns
 * (decision 0002): ISO-8601 UTC text timestamps, integers, JSON as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    // JSON, validated by the job type's zod schema when enqueued and again when run
    .addColumn('payload', 'text', (c) => c.notNull())
    // pending | running | done | dead
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('maxAttempts', 'integer', (c) => c.notNull())
    .addColumn('runAt', 'text', (c) => c.notNull())
    // the lease of a running job: once past, another worker may claim it (its process died)
    .addColumn('lockedUntil', 'text')
    .addColumn('lockedBy', 'text')
    .addColumn('lastError', 'text')
    // at most one job per key (a schedule's time slot); NULLs never collide
    .addColumn('dedupeKey', 'text', (c) => c.unique())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addColumn('finishedAt', 'text')
    .execute();
  // claiming: pending jobs due now, and running jobs whose lease ran out
  await db.schema.createIndex('job_status_runAt_idx').on('job').columns(['status', 'runAt']).execute();
  await db.schema.createIndex('job_status_lockedUntil_idx').on('job').columns(['status', 'lockedUntil']).execute();
  // purging done jobs and listing dead ones newest first
  await db.schema.createIndex('job_status_finishedAt_idx').on('job').columns(['status', 'finishedAt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job').ifExists().execute();
}
