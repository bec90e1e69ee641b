import type { Kysely } from 'kysely';
import type { DatabaseKind } from '#app/db/connection.server.ts';
import type { Database, Job, JobStatus, JobTable } from '#app/db/schema.ts';
import type { Insertable } from 'kysely';

/**
 * The job table's queries, nothing else (decision 0010). Jobs belong to the platform, not to a
 * restaurant: the services above decide who may call what (a worker, or an admin's scope).
 */

/** Inserts a job; a second job with the same dedupe key is silently ignored. Returns whether it was inserted. */
export async function insertJob(db: Kysely<Database>, job: Insertable<JobTable>): Promise<boolean> {
  const result = await db
    .insertInto('job')
    .values(job)
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface ClaimOptions {
  workerId: string;
  /** ISO now */
  now: string;
  /** ISO end of the lease the claimed jobs get */
  lockedUntil: string;
  limit: number;
  /** only job types this worker has handlers for */
  types: readonly string[];
}

/**
 * Claims up to `limit` due jobs in one statement: pending ones whose time has come and running ones
 * whose lease ran out (their worker died). PostgreSQL skips rows another worker is claiming right
 * now (FOR UPDATE SKIP LOCKED), so any number of processes share the queue; SQLite has one writer
 * at a time, so the same single UPDATE … RETURNING is already exclusive.
 */
export async function claimJobs(db: Kysely<Database>, kind: DatabaseKind, options: ClaimOptions): Promise<Job[]> {
  if (options.types.length === 0 || options.limit <= 0) return [];
  let due = db
    .selectFrom('job')
    .select('job.id')
    .where('job.type', 'in', options.types)
    .where((eb) =>
      eb.or([eb.and([eb('job.status', '=', 'pending'), eb('job.runAt', '<=', options.now)]), eb.and([eb('job.status', '=', 'running'), eb('job.lockedUntil', '<', options.now)])]),
    )
    .orderBy('job.runAt')
    .limit(options.limit);
  if (kind === 'postgres') due = due.forUpdate().skipLocked();
  return db
    .updateTable('job')
    .set((eb) => ({
      status: 'running',
      attempts: eb('attempts', '+', 1),
      lockedBy: options.workerId,
      lockedUntil: options.lockedUntil,
      updatedAt: options.now,
    }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** Extends the lease of a job this worker still holds (a long handler). */
export async function extendJobLease(db: Kysely<Database>, id: string, workerId: string, lockedUntil: string, now: string): Promise<void> {
  await db.updateTable('job').set({ lockedUntil, updatedAt: now }).where('id', '=', id).where('lockedBy', '=', workerId).where('status', '=', 'running').execute();
}

/** Marks a job done, if this worker still holds it (a worker whose lease was taken over changes nothing). */
export async function markJobDone(db: Kysely<Database>, id: string, workerId: string, now: string): Promise<void> {
  await db
    .updateTable('job')
    .set({ status: 'done', lockedBy: null, lockedUntil: null, finishedAt: now, updatedAt: now, lastError: null })
    .where('id', '=', id)
    .where('lockedBy', '=', workerId)
    .where('status', '=', 'running')
    .execute();
}

/** A failed attempt: back to pending at `retryAt`, or dead (with the error kept) when `retryAt` is null. */
export async function markJobFailed(db: Kysely<Database>, id: string, workerId: string, error: string, retryAt: string | null, now: string): Promise<void> {
  await db
    .updateTable('job')
    .set(
      retryAt
        ? { status: 'pending', runAt: retryAt, lockedBy: null, lockedUntil: null, lastError: error, updatedAt: now }
        : { status: 'dead', lockedBy: null, lockedUntil: null, lastError: error, finishedAt: now, updatedAt: now },
    )
    .where('id', '=', id)
    .where('lockedBy', '=', workerId)
    .where('status', '=', 'running')
    .execute();
}

/** Deletes done jobs finished before `before`; returns how many went. */
export async function deleteDoneJobs(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom('job').where('status', '=', 'done').where('finishedAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes at most `limit` jobs of `type` that ended (done or dead) before `before`, the oldest
 * first; returns how many went. The retention job forgets sent and failed e-mails this way.
 */
export async function deleteEndedJobsOfType(db: Kysely<Database>, type: string, before: string, limit: number): Promise<number> {
  const batch = db
    .selectFrom('job')
    .select('job.id')
    .where('job.type', '=', type)
    .where('job.status', 'in', ['done', 'dead'])
    .where('job.finishedAt', '<', before)
    .orderBy('job.finishedAt')
    .orderBy('job.id')
    .limit(limit);
  const result = await db.deleteFrom('job').where('id', 'in', batch).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many jobs are in each status (the admin page's queue depth). */
export async function countJobsByStatus(db: Kysely<Database>): Promise<Record<JobStatus, number>> {
  const rows = await db
    .selectFrom('job')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const counts: Record<JobStatus, number> = { pending: 0, running: 0, done: 0, dead: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** Jobs of one status, newest change first; with `failedOnly`, only those that have an error. */
export function selectJobs(db: Kysely<Database>, filter: { status: JobStatus; failedOnly?: boolean }, limit: number): Promise<Job[]> {
  let query = db.selectFrom('job').selectAll().where('status', '=', filter.status);
  if (filter.failedOnly) query = query.where('lastError', 'is not', null);
  return query.orderBy('updatedAt', 'desc').orderBy('id').limit(limit).execute();
}

/** Puts a dead job back in the queue, due now, with a fresh set of attempts. Returns the job as it was, or undefined. */
export async function requeueDeadJob(db: Kysely<Database>, id: string, now: string): Promise<Job | undefined> {
  const before = await db.selectFrom('job').selectAll().where('id', '=', id).where('status', '=', 'dead').executeTakeFirst();
  if (!before) return undefined;
  const result = await db
    .updateTable('job')
    .set({ status: 'pending', attempts: 0, runAt: now, lockedBy: null, lockedUntil: null, finishedAt: null, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'dead')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? before : undefined;
}
