import type { JobStatus } from '#app/db/schema.ts';
import { assertAdmin, withDb, type AdminScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { countJobsByStatus, requeueDeadJob, selectJobs } from './job.repo.server.ts';
import { wakeWorkersSoon } from './jobs.server.ts';

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
    id,
    type,
    status,
    attempts,
    maxAttempts,
    runAt,
    lastError,
    createdAt,
    updatedAt,
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
