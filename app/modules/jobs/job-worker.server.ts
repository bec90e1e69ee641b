import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '#app/db/connection.server.ts';
import type { Database, Job } from '#app/db/schema.ts';
import { logger } from '#app/logger.server.ts';
import { type SystemScope } from '#app/modules/access/scope.server.ts';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { claimJobs, extendJobLease, markJobDone, markJobFailed } from './job.repo.server.ts';
import { isJobType, jobPayloads, type JobPayload, type JobType } from './job-types.ts';
import { enqueueScheduledJobs, onJobEnqueued, type JobSchedule } from './jobs.server.ts';

/**
 * The worker loop (decision 0010): claims due jobs under a lease, runs each type's handler, retries
 * with backoff, and enqueues the schedules' slots. It is handed its handlers; it knows no job's work.
 */

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
  const renew = setInterval(
    () => {
      const now = clock();
      extendJobLease(options.db, job.id, workerId, new Date(now.getTime() + leaseMs).toISOString(), now.toISOString()).catch((err: unknown) =>
        log.warn({ err }, 'could not renew a job lease'),
      );
    },
    Math.max(1000, leaseMs / 2),
  );
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
  let stopListening: (() => void) | undefined;

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
      stopListening = onJobEnqueued(wake);
      loop = run();
      logger.info({ workerId: id, types: Object.keys(options.handlers) }, 'job worker started');
    },
    async stop() {
      if (!loop) return;
      running = false;
      stopListening?.();
      interrupt?.();
      await loop;
      loop = undefined;
      logger.info({ workerId: id }, 'job worker stopped');
    },
    wake,
  };
}
