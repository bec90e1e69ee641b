import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '#app/db/connection.server.ts';
import type { Database, Job, JobStatus } from '#app/db/schema.ts';
import { logger } from '#app/logger.server.ts';
import { assertAdmin, systemScope, withDb, type AdminScope, type SystemScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { claimJobs, countJobsByStatus, extendJobLease, insertJob, markJobDone, markJobFailed, requeueDeadJob, selectJobs } from './job.repo.server.ts';
import { isJobType, jobPayloads, type JobPayload, type JobPayloadInput, type JobType } from './job-types.ts';

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
let wakeTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * A short delay, not at once: an enqueue inside a transaction is visible only after its commit.
 * If the commit is slower than this, the worker's next poll picks the job up.
 */
function wakeWorkersSoon(): void {
  if (wakeListeners.size === 0 || wakeTimer) return;
  wakeTimer = setTimeout(() => {
    wakeTimer = undefined;
    for (const wake of wakeListeners) wake();
  }, 30);
  wakeTimer.unref();
}

// ---- handlers ----

export interface JobContext {
  /** the system scope the job acts through: `job:<type>`; `forRestaurant` it for one restaurant's data */
  scope: SystemScope;
  job: Pick<Job, 'id' | 'type' | 'attempts' | 'maxAttempts' | 'runAt'>;
  now: Date;
}

export type JobHandler<T extends JobType> = (payload: JobPayload<T>, context: JobContext) => Promise<void>;

/** The handlers a worker runs, by type; a worker claims only the types it has a handler for. */
export type JobHandlers = { [T in JobType]?: JobHandler<T> };

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

// ---- running jobs ----

export interface RetryPolicy {
  /** the first retry's delay; each further one doubles (default 10 s) */
  baseDelayMs: number;
  /** the longest delay (default 1 h) */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 10_000, maxDelayMs: 60 * 60 * 1000 };

/**
 * Exponential backoff with jitter: after attempt n, between half and all of base·2^(n-1), capped.
 * The jitter spreads retries of jobs that failed together (an SMTP outage) over time.
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy = DEFAULT_RETRY, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

export interface RunJobsOptions {
  db: Kysely<Database>;
  kind: DatabaseKind;
  handlers: JobHandlers;
  /** identifies this worker in `lockedBy` (default: host, pid and a random part) */
  workerId?: string;
  /** jobs claimed (and run concurrently) at a time (default 5) */
  batchSize?: number;
  /** how long a claim holds before another worker may take the job over (default 5 min); renewed while the handler runs */
  leaseMs?: number;
  retry?: RetryPolicy;
  /** the clock, for tests */
  now?: () => Date;
}

export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}

/**
 * Claims one batch of due jobs and runs them; returns how many were claimed. A handler that throws
 * puts its job back with a backoff delay, or makes it dead (the error kept) at its last attempt.
 */
export async function runJobsOnce(options: RunJobsOptions): Promise<number> {
  const clock = options.now ?? (() => new Date());
  const workerId = options.workerId ?? newWorkerId();
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const retry = options.retry ?? DEFAULT_RETRY;
  const claimedAt = clock();
  const jobs = await claimJobs(options.db, options.kind, {
    workerId,
    now: claimedAt.toISOString(),
    lockedUntil: new Date(claimedAt.getTime() + leaseMs).toISOString(),
    limit: options.batchSize ?? 5,
    types: Object.keys(options.handlers),
  });
  await Promise.all(jobs.map((job) => runOneJob(options, job, workerId, leaseMs, retry, clock)));
  return jobs.length;
}

async function runOneJob(options: RunJobsOptions, job: Job, workerId: string, leaseMs: number, retry: RetryPolicy, clock: () => Date): Promise<void> {
  const log = logger.child({ jobId: job.id, jobType: job.type, attempt: job.attempts });
  // a long handler keeps its claim: the lease is renewed at half its length
  const renew = setInterval(() => {
    const now = clock();
    extendJobLease(options.db, job.id, workerId, new Date(now.getTime() + leaseMs).toISOString(), now.toISOString()).catch((err: unknown) =>
      log.warn({ err }, 'could not renew a job lease'),
    );
  }, Math.max(1000, leaseMs / 2));
  renew.unref();
  try {
    if (!isJobType(job.type)) throw new Error(`unknown job type ${job.type}`);
    const handler = options.handlers[job.type] as JobHandler<typeof job.type> | undefined;
    if (!handler) throw new Error(`no handler for ${job.type}`);
    const payload = jobPayloads[job.type].parse(JSON.parse(job.payload)) as JobPayload<typeof job.type>;
    const started = Date.now();
    await handler(payload, {
      scope: systemScope(options.db, `job:${job.type}`),
      job: { id: job.id, type: job.type, attempts: job.attempts, maxAttempts: job.maxAttempts, runAt: job.runAt },
      now: clock(),
    });
    await markJobDone(options.db, job.id, workerId, clock().toISOString());
    log.info({ ms: Date.now() - started }, 'job done');
  } catch (error) {
    const now = clock();
    const last = job.attempts >= job.maxAttempts;
    const retryAt = last ? null : new Date(now.getTime() + retryDelayMs(job.attempts, retry)).toISOString();
    await markJobFailed(options.db, job.id, workerId, describeError(error), retryAt, now.toISOString()).catch((err: unknown) =>
      log.error({ err }, 'could not record a job failure; its lease will expire and it runs again'),
    );
    if (last) log.error({ err: error }, 'job failed for the last time: dead');
    else log.warn({ err: error, retryAt }, 'job failed; will retry');
  } finally {
    clearInterval(renew);
  }
}

// ---- the worker ----

export interface JobWorkerOptions extends RunJobsOptions {
  /** how long to wait when the queue is empty (default 1 s) */
  pollIntervalMs?: number;
  schedules?: readonly JobSchedule[];
  /** how often to enqueue the schedules' current slots (default 1 min) */
  scheduleCheckMs?: number;
}

export interface JobWorker {
  readonly id: string;
  start(): void;
  /** stops claiming and waits for the handlers already running */
  stop(): Promise<void>;
  /** looks at the queue now instead of at the next poll */
  wake(): void;
}

/**
 * A worker: polls the queue, runs what it claims, enqueues the schedules' slots. Any number run
 * at once, in one process or many, over SQLite or PostgreSQL; each job runs on one of them.
 */
export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const id = options.workerId ?? newWorkerId();
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const scheduleCheckMs = options.scheduleCheckMs ?? 60_000;
  let running = false;
  let loop: Promise<void> | undefined;
  let woken = false;
  let interrupt: (() => void) | undefined;
  let lastScheduled = Number.NEGATIVE_INFINITY;

  function wake() {
    woken = true;
    interrupt?.();
  }

  function pause(ms: number): Promise<void> {
    if (woken) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        interrupt = undefined;
        resolve();
      }
      interrupt = done;
    });
  }

  async function run() {
    while (running) {
      woken = false;
      try {
        if (options.schedules?.length && Date.now() - lastScheduled >= scheduleCheckMs) {
          lastScheduled = Date.now();
          await enqueueScheduledJobs(options.db, options.schedules, (options.now ?? (() => new Date()))());
        }
        const claimed = await runJobsOnce({ ...options, workerId: id });
        if (claimed > 0) continue;
      } catch (error) {
        logger.error({ err: error, workerId: id }, 'job worker poll failed');
      }
      if (running) await pause(pollIntervalMs);
    }
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      wakeListeners.add(wake);
      loop = run();
      logger.info({ workerId: id, types: Object.keys(options.handlers) }, 'job worker started');
    },
    async stop() {
      if (!loop) return;
      running = false;
      wakeListeners.delete(wake);
      interrupt?.();
      await loop;
      loop = undefined;
      logger.info({ workerId: id }, 'job worker stopped');
    },
    wake,
  };
}

// ---- the admin's view ----

export interface JobListItem {
  id: string;
  type: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Queue depth per status, for the admin. */
export async function countJobs(scope: AdminScope): Promise<Record<JobStatus, number>> {
  assertAdmin(scope);
  return countJobsByStatus(scope.db);
}

/**
 * Jobs of one status for the admin, newest change first; `failedOnly` keeps those with an error
 * (pending ones that are retrying). Payloads are not shown: they can hold e-mail addresses and links.
 */
export async function listJobs(scope: AdminScope, filter: { status: JobStatus; failedOnly?: boolean; limit?: number }): Promise<JobListItem[]> {
  assertAdmin(scope);
  const rows = await selectJobs(scope.db, filter, filter.limit ?? 100);
  return rows.map(({ id, type, status, attempts, maxAttempts, runAt, lastError, createdAt, updatedAt }) => ({
    id, type, status, attempts, maxAttempts, runAt, lastError, createdAt, updatedAt,
  }));
}

/** Puts a dead job back in the queue with fresh attempts; the admin's retry is in the audit log. */
export async function retryJob(scope: AdminScope, id: string): Promise<void> {
  assertAdmin(scope);
  await scope.db.transaction().execute(async (trx) => {
    const before = await requeueDeadJob(trx, id, new Date().toISOString());
    if (!before) throw new AppError('not-found');
    await recordAudit(withDb(scope, trx), {
      action: 'job.retry',
      target: { type: 'job', id },
      before: { type: before.type, status: before.status, attempts: before.attempts, lastError: before.lastError },
      after: { status: 'pending', attempts: 0 },
    });
  });
  wakeWorkersSoon();
}
