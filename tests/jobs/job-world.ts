import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { JobType } from '#app/modules/jobs/job-types.ts';
import type { JobHandlers } from '#app/modules/jobs/job-worker.server.ts';
import { createMailer, outboxDir, type Mailer, type OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import { createDeepLProvider } from '#app/modules/translation/providers.server.ts';
import type { TranslationProvider } from '#app/modules/translation/provider.server.ts';
import { createJobHandlers, type JobDependencies } from '#app/wiring/job-handlers.server.ts';
import type { FakeTranslator } from '#tests/support/fake-translation.ts';
import { runJobsUntilIdle } from '#tests/support/jobs.ts';
import { testTmpDir } from '#tests/support/template-database.ts';
import { test, type ActorScopes, type Databases, type StripeContext, type TestDb } from '#tests/support/test-context.ts';
import type { TestDatabase } from '#tests/support/test-database.ts';

/**
 * What a job type's effect test is handed (tests/jobs/job-effects.int.test.ts): the file's database
 * and services, and `work`, which runs every due job through the handlers the app registers
 * (`createJobHandlers`, configured as production would be: a mailer, storage, Stripe, a translator,
 * a backup folder) the way the worker loop does (`runJobsOnce`: claim, parse, run, mark).
 */
export interface JobWorld {
  database: TestDatabase;
  db: TestDb;
  databases: Databases;
  scopes: ActorScopes;
  storage: FileStorage;
  uploads: string;
  stripe: StripeContext;
  translator: FakeTranslator;
  /** the provider over `translator` the handlers are given */
  provider: TranslationProvider;
  /** what the mailer sent, in order (the outbox's files are written too: `outboxFiles`) */
  sent: OutgoingMail[];
  /** the `.eml` files of the outbox (the mailer of an installation without SMTP_URL) */
  outboxFiles(): string[];
  /** while set, the mailer refuses every message with this error (an SMTP server's answer) */
  mailRefusal: string | null;
  /** where `db.backup` writes its copies */
  backupDir: string;
  /** the handlers the app registers, with this world's dependencies */
  handlers(): JobHandlers;
  /** runs due jobs through the registered handlers until none is left; returns how many ran */
  work(options?: { now?: Date }): Promise<number>;
}

/** One job type's test: what it proves, and the test (enqueue, `work`, assert the effect). */
export interface JobEffect {
  effect: string;
  run(world: JobWorld): Promise<void>;
  /** a slow one (OCR, backups on PostgreSQL) */
  timeoutMs?: number;
}

/** Every job type's effect test: a type missing here fails to type-check (and the registry test fails). */
export type JobEffects = { [T in JobType]: JobEffect };

/** Builds the file's world before its first test; its folders go after its last. */
export function useJobWorld(): JobWorld {
  const world = { mailRefusal: null, sent: [] } as unknown as JobWorld;
  const dataDir = mkdtempSync(join(testTmpDir(), 'bucate-job-world-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  test.beforeAll(async ({ database, databases, scopes, storage, uploads, stripe, translators }) => {
    const outbox = createMailer({ SMTP_URL: undefined, MAIL_FROM: 'Bucate <no-reply@bucate.localhost>', DATA_DIR: dataDir });
    const mailer: Mailer = {
      async send(mail) {
        if (world.mailRefusal) throw new Error(world.mailRefusal);
        world.sent.push(mail);
        await outbox.send(mail);
      },
      forgetBefore: (before) => outbox.forgetBefore!(before),
    };
    const translator = await translators.start('deepl');
    const provider = createDeepLProvider({ baseUrl: translator.baseUrl, apiKey: translator.apiKey, timeoutMs: 5000 });
    const backupDir = join(dataDir, 'backups');
    const deps: JobDependencies = {
      mailer,
      storage,
      retentionDays: 7,
      billing: stripe.billing,
      publicUrl: 'https://bucate.example',
      translator: provider,
      backup: { dir: backupDir, keep: 2, target: database.location },
    };
    Object.assign(world, {
      database,
      db: database.db,
      databases,
      scopes,
      storage,
      uploads,
      stripe,
      translator,
      provider,
      backupDir,
      outboxFiles: () => readdirSync(outboxDir({ DATA_DIR: dataDir })).filter((name) => name.endsWith('.eml')),
      handlers: () => createJobHandlers(deps),
      work: ({ now }: { now?: Date } = {}) => runJobsUntilIdle(database.db, createJobHandlers(deps), now ? { now: () => now } : {}),
    } satisfies Omit<JobWorld, 'sent' | 'mailRefusal'>);
  });
  return world;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
