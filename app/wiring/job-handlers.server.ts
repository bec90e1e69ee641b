import type { Kysely } from 'kysely';
import { join } from 'node:path';
import { backupDatabase, backupFileName, pruneBackups, type BackupTarget } from '#app/db/backup.server.ts';
import { defaultSqlitePath, type DatabaseKind } from '#app/db/connection.server.ts';
import type { Database } from '#app/db/schema.ts';
import { getPublicUrl, type Env } from '#app/env.server.ts';
import { forRestaurant } from '#app/modules/access/system-scope.server.ts';
import { logger } from '#app/logger.server.ts';
import { sendBillingNotices } from '#app/modules/billing/billing-notices.server.ts';
import { reconcileCustomers, syncCustomer } from '#app/modules/billing/billing-sync.server.ts';
import type { Billing } from '#app/modules/billing/stripe-client.server.ts';
import { markContactMessageEmailed } from '#app/modules/contact/contact.service.server.ts';
import { deleteReleasedFiles, sweepAllAbandonedUploads } from '#app/modules/image/image-cleanup.server.ts';
import { runOcrDraft, sweepImportDrafts } from '#app/modules/import/import.service.server.ts';
import { sweepPendingSearches } from '#app/modules/insights/search-terms.server.ts';
import { sweepSoldOutReturns } from '#app/modules/options/sold-out.server.ts';
import { sweepLiveEvents } from '#app/modules/live/live-events.server.ts';
import { sweepEndedInvitations } from '#app/modules/team/invitation-sweep.server.ts';
import { sendReservationReminders } from '#app/modules/reservations/reservation-jobs.server.ts';
import { contactRetentionCutoff, eraseExpiredContacts } from '#app/modules/retention/retention.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import type { Mailer } from '#app/modules/mail/mailer.server.ts';
import { runFillMissing } from '#app/modules/translation/fill-missing.server.ts';
import { runRefresh } from '#app/modules/translation/source-change.server.ts';
import type { TranslationProvider } from '#app/modules/translation/provider.server.ts';
import { createTranslationProvider } from '#app/modules/translation/providers.server.ts';
import { sweepTranslationCache } from '#app/modules/translation/translation-cache.server.ts';
import { createJobWorker, type JobHandlers, type JobWorker } from '#app/modules/jobs/job-worker.server.ts';
import { purgeDoneJobs, type JobSchedule } from '#app/modules/jobs/jobs.server.ts';

export interface JobDependencies {
  mailer: Mailer;
  storage: FileStorage;
  /** done jobs are deleted after this many days */
  retentionDays: number;
  /** where and how many daily backups go (decision 0011); absent: `db.backup` is not scheduled */
  backup?: { dir: string; keep: number; target: BackupTarget };
  /** Stripe, when card payments are configured */
  billing?: Billing | null;
  /** the site's origin for links in e-mails (default: PUBLIC_URL) */
  publicUrl?: string;
  /** machine translation, when configured (app/modules/translation) */
  translator?: TranslationProvider | null;
}

/**
 * What each job type does: the one place that wires job types to the modules doing the work. It
 * lives in the composition root, outside app/modules/, because it knows every module that has jobs
 * while those modules only enqueue through jobs/jobs.server.ts (decision 0027).
 */
export function createJobHandlers(deps: JobDependencies): Required<JobHandlers> {
  return {
    async 'mail.send'({ mail, contactMessageId }, { scope }) {
      await deps.mailer.send(mail);
      if (contactMessageId) await markContactMessageEmailed(scope, contactMessageId);
    },
    async 'image.delete-files'({ images }) {
      // throws when a file could not be deleted: the job retries, the rows are already gone
      await deleteReleasedFiles(deps.storage, images);
    },
    async 'image.sweep'(_payload, { scope, now }) {
      const swept = await sweepAllAbandonedUploads(scope, deps.storage, now);
      if (swept > 0) logger.info({ swept }, 'abandoned uploads swept');
    },
    async 'billing.sync'({ customerId, restaurantId }, { scope, now }) {
      // configuration removed since the event arrived: throw, so the job retries (and shows at /admin/jobs)
      if (!deps.billing) throw new Error('billing.sync: Stripe is not configured');
      await syncCustomer(scope, deps.billing, customerId, { restaurantId }, now);
    },
    async 'billing.reconcile'(_payload, { scope, now }) {
      // nothing to reconcile on an installation without card payments
      if (!deps.billing) return;
      const result = await reconcileCustomers(scope, deps.billing, now);
      logger.info(result, 'billing reconciled');
    },
    async 'billing.notices'(_payload, { scope, now }) {
      const queued = await sendBillingNotices(scope, { publicUrl: deps.publicUrl ?? getPublicUrl() }, now);
      if (queued > 0) logger.info({ queued }, 'billing notices queued');
    },
    async 'import.ocr'({ restaurantId, draftId }, { scope }) {
      await runOcrDraft(forRestaurant(scope, restaurantId), draftId);
    },
    async 'import.sweep'(_payload, { scope, now }) {
      const swept = await sweepImportDrafts(scope, now);
      if (swept > 0) logger.info({ swept }, 'old menu-photo drafts swept');
    },
    async 'translation.fill-missing'({ restaurantId, runId }, { scope, now }) {
      await runFillMissing(forRestaurant(scope, restaurantId), deps.storage, deps.translator ?? null, runId, now);
    },
    async 'translation.refresh'({ restaurantId, table, id }, { scope, now }) {
      await runRefresh(forRestaurant(scope, restaurantId), deps.storage, deps.translator ?? null, table, id, now);
    },
    async 'translation.sweep'(_payload, { scope, now }) {
      const swept = await sweepTranslationCache(scope, now);
      if (swept > 0) logger.info({ swept }, 'expired translations swept');
    },
    async 'insights.sweep'(_payload, { scope, now }) {
      const swept = await sweepPendingSearches(scope, now);
      if (swept > 0) logger.info({ swept }, 'stale insights search terms swept');
    },
    async 'live.sweep'(_payload, { scope, now }) {
      const swept = await sweepLiveEvents(scope, now);
      if (swept > 0) logger.info({ swept }, 'old live events swept');
    },
    async 'menu.sold-out-return'(_payload, { scope, now }) {
      const back = await sweepSoldOutReturns(scope, now);
      if (back > 0) logger.info({ back }, 'dishes and options sold out until the opening are available again');
    },
    async 'team.sweep'(_payload, { scope, now }) {
      const swept = await sweepEndedInvitations(scope, now);
      if (swept > 0) logger.info({ swept }, 'ended invitations swept');
    },
    async 'reservations.remind'(_payload, { scope, now }) {
      const queued = await sendReservationReminders(scope, now);
      if (queued > 0) logger.info({ queued }, 'reservation reminders queued');
    },
    async 'retention.erase-contacts'(_payload, { scope, now }) {
      const erased = await eraseExpiredContacts(scope, now);
      // the outbox's files (no SMTP_URL) are copies of the e-mails too
      const outbox = (await deps.mailer.forgetBefore?.(contactRetentionCutoff(now))) ?? 0;
      if (erased.orders + erased.reservations + erased.mails + outbox > 0) logger.info({ ...erased, outbox }, "guests' contact details erased");
    },
    async 'jobs.purge'(_payload, { scope, now }) {
      const purged = await purgeDoneJobs(scope, new Date(now.getTime() - deps.retentionDays * 24 * 60 * 60 * 1000));
      if (purged > 0) logger.info({ purged }, 'done jobs purged');
    },
    async 'db.backup'(_payload, { now }) {
      if (!deps.backup) return;
      const file = await backupDatabase(deps.backup.target, join(deps.backup.dir, backupFileName(deps.backup.target, now)));
      const pruned = pruneBackups(deps.backup.dir, deps.backup.keep);
      logger.info({ file, pruned }, 'database backed up');
    },
  };
}

/** Periodic jobs; each runs once per slot whatever the number of workers. */
export const JOB_SCHEDULES: readonly JobSchedule[] = [
  { type: 'image.sweep', every: 'hour' },
  { type: 'jobs.purge', every: 'day' },
  { type: 'billing.reconcile', every: 'day' },
  { type: 'billing.notices', every: 'hour' },
  { type: 'translation.sweep', every: 'day' },
  { type: 'insights.sweep', every: 'day' },
  { type: 'import.sweep', every: 'day' },
  { type: 'live.sweep', every: 'hour' },
  { type: 'menu.sold-out-return', every: 'hour' },
  { type: 'team.sweep', every: 'day' },
  { type: 'reservations.remind', every: 'hour' },
  { type: 'retention.erase-contacts', every: 'day' },
];

/** The daily backup, scheduled only where BACKUP_DIR is set. */
export const BACKUP_SCHEDULE: JobSchedule = { type: 'db.backup', every: 'day' };

/** The worker the app process (WORKER=on) and `npm run worker` run, from configuration. */
export function createConfiguredWorker(
  handle: { db: Kysely<Database>; kind: DatabaseKind },
  env: Pick<Env, 'JOB_POLL_INTERVAL_MS' | 'JOB_CONCURRENCY' | 'JOB_RETENTION_DAYS' | 'BACKUP_DIR' | 'BACKUP_KEEP' | 'DATABASE_URL' | 'SQLITE_PATH' | 'DATA_DIR'> &
    Partial<Pick<Env, 'TRANSLATION_PROVIDER' | 'TRANSLATION_API_URL' | 'TRANSLATION_API_KEY' | 'TRANSLATION_TIMEOUT_MS'>>,
  deps: Omit<JobDependencies, 'retentionDays' | 'backup'>,
): JobWorker {
  const backup = env.BACKUP_DIR
    ? { dir: env.BACKUP_DIR, keep: env.BACKUP_KEEP, target: { databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH ?? defaultSqlitePath(env.DATA_DIR) } }
    : undefined;
  return createJobWorker({
    db: handle.db,
    kind: handle.kind,
    handlers: createJobHandlers({
      translator: createTranslationProvider({ ...env, TRANSLATION_TIMEOUT_MS: env.TRANSLATION_TIMEOUT_MS ?? 15_000 }),
      ...deps,
      retentionDays: env.JOB_RETENTION_DAYS,
      backup,
    }),
    schedules: backup ? [...JOB_SCHEDULES, BACKUP_SCHEDULE] : JOB_SCHEDULES,
    pollIntervalMs: env.JOB_POLL_INTERVAL_MS,
    batchSize: env.JOB_CONCURRENCY,
  });
}
