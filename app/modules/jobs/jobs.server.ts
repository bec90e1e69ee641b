import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { assertSystem, type SystemScope } from '#app/modules/access/scope.server.ts';
import { deleteDoneJobs, deleteEndedJobsOfType, insertJob } from './job.repo.server.ts';
import { jobPayloads, type JobPayloadInput, type JobType } from './job-types.ts';

/**
 * The queue (decision 0010): what every module uses to hand work to a worker, in its own
 * transaction. The worker loop is job-worker.server.ts, the admin's view jobs-admin.server.ts, and
 * which handler runs which type is wired outside the modules (app/wiring/job-handlers.server.ts).
 */

/** Attempts a job gets unless its enqueuer says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 8;

export interface EnqueueOptions<T extends JobType> {
  type: T;
  payload: JobPayloadInput<T>;
  /** not before this time (default: now) */
  runAt?: Date;
  /** a second job with the same key is ignored (a schedule's time slot, an idempotent request) */
  dedupeKey?: string;
  maxAttempts?: number;
}

/**
 * Adds a job. Pass the caller's transaction as `db`: the job then exists exactly when the change
 * that asked for it commits (a rolled-back change leaves no job). A duplicate dedupe key is
 * ignored; returns whether this call added the job.
 */
export async function enqueueJob<T extends JobType>(db: Kysely<Database>, options: EnqueueOptions<T>): Promise<boolean> {
  const payload = jobPayloads[options.type].parse(options.payload);
  const now = new Date().toISOString();
  const inserted = await insertJob(db, {
    id: randomUUID(),
    type: options.type,
    payload: JSON.stringify(payload),
    status: 'pending',
    attempts: 0,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    runAt: (options.runAt ?? new Date()).toISOString(),
    lockedUntil: null,
    lockedBy: null,
    lastError: null,
    dedupeKey: options.dedupeKey ?? null,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
  });
  if (inserted) wakeWorkersSoon();
  return inserted;
}

// ---- in-process wake-up: a worker in this process looks at the queue right after an enqueue ----

const wakeListeners = new Set<() => void>();

/** A worker in this process asks to be woken after each enqueue; returns how to stop asking. */
export function onJobEnqueued(wake: () => void): () => void {
  wakeListeners.add(wake);
  return () => wakeListeners.delete(wake);
}

let wakeTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * A short delay, not at once: an enqueue inside a transaction is visible only after its commit.
 * If the commit is slower than this, the worker's next poll picks the job up.
 */
export function wakeWorkersSoon(): void {
  if (wakeListeners.size === 0 || wakeTimer) return;
  wakeTimer = setTimeout(() => {
    wakeTimer = undefined;
    for (const wake of wakeListeners) wake();
  }, 30);
  wakeTimer.unref();
}

// ---- schedules ----

/** A periodic job: enqueued once per time slot across every process (the slot is its dedupe key). */
export interface JobSchedule {
  type: JobType;
  every: 'hour' | 'day';
}

/** The dedupe key of a schedule's slot, e.g. `image.sweep:2026-11-23T10` or `jobs.purge:2026-11-23`. */
export function scheduleSlotKey(schedule: JobSchedule, now: Date): string {
  const iso = now.toISOString();
  return `${schedule.type}:${schedule.every === 'hour' ? iso.slice(0, 13) : iso.slice(0, 10)}`;
}

/** Enqueues each schedule's job for the current slot; a slot already enqueued (by any process) is left alone. */
export async function enqueueScheduledJobs(db: Kysely<Database>, schedules: readonly JobSchedule[], now = new Date()): Promise<number> {
  let added = 0;
  for (const schedule of schedules) {
    if (await enqueueJob(db, { type: schedule.type, payload: {}, dedupeKey: scheduleSlotKey(schedule, now), runAt: now })) added++;
  }
  return added;
}

/** Deletes done jobs finished before `before`; the daily `jobs.purge` job. Returns how many went. */
export function purgeDoneJobs(scope: SystemScope, before: Date): Promise<number> {
  assertSystem(scope);
  return deleteDoneJobs(scope.db, before.toISOString());
}

/**
 * Deletes at most `limit` `mail.send` jobs that were sent, or failed for good, before `before`:
 * their payloads hold the recipient's address and the message (a guest's reservation e-mail, a
 * sign-in link), their errors what the mail server said of the address. The daily
 * `retention.erase-contacts` calls it with the contact-retention cutoff (decision 0032), whatever
 * JOB_RETENTION_DAYS keeps of other jobs; a dead one is kept that long for /admin/jobs. Returns how many went.
 */
export function eraseEndedMailJobs(scope: SystemScope, before: Date, limit: number): Promise<number> {
  assertSystem(scope);
  return deleteEndedJobsOfType(scope.db, 'mail.send', before.toISOString(), limit);
}
