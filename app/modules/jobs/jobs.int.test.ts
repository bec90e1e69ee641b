import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#app/db/connection.server.ts';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { claimJobs } from './job.repo.server.ts';
import { retryDelayMs, runJobsOnce, type JobHandlers } from './job-worker.server.ts';
import { countJobs, listJobs, retryJob } from './jobs-admin.server.ts';
import { enqueueJob, enqueueScheduledJobs } from './jobs.server.ts';

const mail = (to: string) => ({ mail: { to, subject: 's', text: 't', html: '' } });

describe(`the job queue on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  test.beforeAll(({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
  });
  beforeEach(async () => {
    await database.db.deleteFrom('job').execute();
  });
  const jobs = () => database.db.selectFrom('job').selectAll().execute();

  it('enqueues nothing when the transaction that enqueued rolls back, and the job when it commits', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, { type: 'mail.send', payload: mail('a@example.com') });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobs()).toEqual([]);
    await database.db.transaction().execute((trx) => enqueueJob(trx, { type: 'mail.send', payload: mail('b@example.com') }));
    expect(await jobs()).toMatchObject([{ type: 'mail.send', status: 'pending', attempts: 0 }]);
  });

  it('refuses a payload that does not fit its type', async () => {
    // @ts-expect-error: the types catch it too
    await expect(enqueueJob(database.db, { type: 'image.delete-files', payload: { images: [] } })).rejects.toThrow();
    expect(await jobs()).toEqual([]);
  });

  it('keeps one job per dedupe key', async () => {
    expect(await enqueueJob(database.db, { type: 'image.sweep', payload: {}, dedupeKey: 'image.sweep:2026-11-23T10' })).toBe(true);
    expect(await enqueueJob(database.db, { type: 'image.sweep', payload: {}, dedupeKey: 'image.sweep:2026-11-23T10' })).toBe(false);
    expect(await enqueueJob(database.db, { type: 'image.sweep', payload: {}, dedupeKey: 'image.sweep:2026-11-23T11' })).toBe(true);
    expect((await jobs()).map((job) => job.dedupeKey).sort()).toEqual(['image.sweep:2026-11-23T10', 'image.sweep:2026-11-23T11']);
  });

  it('retries a failing job with a growing delay, then makes it dead with the error kept', async () => {
    await enqueueJob(database.db, { type: 'mail.send', payload: mail('c@example.com'), maxAttempts: 3 });
    let now = new Date();
    const clock = () => now;
    let calls = 0;
    const handlers: JobHandlers = {
      'mail.send': async () => {
        calls++;
        throw new Error(`smtp down #${calls}`);
      },
    };
    const retry = { baseDelayMs: 60_000, maxDelayMs: 10 * 60_000 };
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await runJobsOnce({ db: database.db, kind: testDialect, handlers, now: clock, retry })).toBe(1);
      // not due again until its delay has passed
      expect(await runJobsOnce({ db: database.db, kind: testDialect, handlers, now: clock, retry })).toBe(0);
      const [job] = await jobs();
      expect(job).toMatchObject({ attempts: attempt, lastError: `Error: smtp down #${attempt}`, lockedBy: null });
      if (attempt < 3) {
        expect(job!.status).toBe('pending');
        const delay = new Date(job!.runAt).getTime() - now.getTime();
        // between half and all of base·2^(attempt-1)
        expect(delay).toBeGreaterThanOrEqual((60_000 * 2 ** (attempt - 1)) / 2);
        expect(delay).toBeLessThanOrEqual(60_000 * 2 ** (attempt - 1));
        delays.push(delay);
        now = new Date(job!.runAt);
      } else {
        expect(job).toMatchObject({ status: 'dead', lastError: 'Error: smtp down #3' });
        expect(job!.finishedAt).not.toBeNull();
      }
    }
    expect(calls).toBe(3);
    expect(delays[1]!).toBeGreaterThan(delays[0]!);
    now = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    expect(await runJobsOnce({ db: database.db, kind: testDialect, handlers, now: clock, retry })).toBe(0);
  });

  it('spreads retries (jitter) and caps the delay', () => {
    expect(retryDelayMs(1, { baseDelayMs: 1000, maxDelayMs: 60_000 }, () => 0)).toBe(500);
    expect(retryDelayMs(1, { baseDelayMs: 1000, maxDelayMs: 60_000 }, () => 1)).toBe(1000);
    expect(retryDelayMs(30, { baseDelayMs: 1000, maxDelayMs: 60_000 }, () => 1)).toBe(60_000);
  });

  it('gives a job whose worker died (lease expired) to another worker, and not before', async () => {
    await enqueueJob(database.db, { type: 'mail.send', payload: mail('d@example.com') });
    const t0 = new Date();
    // worker A claims it and dies without finishing
    const claimed = await claimJobs(database.db, testDialect, {
      workerId: 'dead-worker',
      now: t0.toISOString(),
      lockedUntil: new Date(t0.getTime() + 60_000).toISOString(),
      limit: 10,
      types: ['mail.send'],
    });
    expect(claimed).toHaveLength(1);
    const ran: string[] = [];
    const handlers: JobHandlers = { 'mail.send': async ({ mail: m }) => void ran.push(m.to) };
    expect(await runJobsOnce({ db: database.db, kind: testDialect, handlers, workerId: 'b', now: () => new Date(t0.getTime() + 30_000) })).toBe(0);
    expect(await runJobsOnce({ db: database.db, kind: testDialect, handlers, workerId: 'b', now: () => new Date(t0.getTime() + 61_000) })).toBe(1);
    expect(ran).toEqual(['d@example.com']);
    expect(await jobs()).toMatchObject([{ status: 'done', attempts: 2, lockedBy: null }]);
  });

  it('never runs a job twice when two workers (two connections) claim at the same time', async () => {
    const second: DatabaseHandle = openDatabase({ ...database.location, poolSize: 4 });
    try {
      for (let i = 0; i < 50; i++) await enqueueJob(database.db, { type: 'mail.send', payload: mail(`guest-${i}@example.com`) });
      const ran: string[] = [];
      const handlers: JobHandlers = {
        'mail.send': async ({ mail: m }) => {
          ran.push(m.to);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      };
      const drain = async (db: DatabaseHandle['db'], workerId: string) => {
        while ((await runJobsOnce({ db, kind: testDialect, handlers, workerId, batchSize: 3 })) > 0);
      };
      await Promise.all([drain(database.db, 'one'), drain(second.db, 'two'), drain(database.db, 'three'), drain(second.db, 'four')]);
      expect(ran).toHaveLength(50);
      expect(new Set(ran).size).toBe(50);
      const rows = await jobs();
      expect(rows.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
    } finally {
      await second.db.destroy();
    }
  });

  it("runs a schedule's slot once when two processes enqueue it", async () => {
    const second: DatabaseHandle = openDatabase({ ...database.location, poolSize: 2 });
    try {
      const now = new Date('2026-11-23T10:17:00Z');
      const schedules = [{ type: 'image.sweep', every: 'hour' }] as const;
      const added = await Promise.all([enqueueScheduledJobs(database.db, schedules, now), enqueueScheduledJobs(second.db, schedules, new Date('2026-11-23T10:59:00Z'))]);
      expect(added.sort()).toEqual([0, 1]);
      let sweeps = 0;
      const handlers: JobHandlers = { 'image.sweep': async () => void sweeps++ };
      await Promise.all([
        runJobsOnce({ db: database.db, kind: testDialect, handlers, workerId: 'one' }),
        runJobsOnce({ db: second.db, kind: testDialect, handlers, workerId: 'two' }),
      ]);
      // the same slot again after it ran: still once
      await enqueueScheduledJobs(second.db, schedules, now);
      await runJobsOnce({ db: second.db, kind: testDialect, handlers, workerId: 'two' });
      expect(sweeps).toBe(1);
      expect(await jobs()).toMatchObject([{ dedupeKey: 'image.sweep:2026-11-23T10', status: 'done' }]);
      // the next hour is a new slot
      expect(await enqueueScheduledJobs(database.db, schedules, new Date('2026-11-23T11:00:00Z'))).toBe(1);
    } finally {
      await second.db.destroy();
    }
  });

  it('shows the admin queue depth and dead jobs; a retry puts one back and is audited', async () => {
    await enqueueJob(database.db, { type: 'mail.send', payload: mail('e@example.com'), maxAttempts: 1 });
    await enqueueJob(database.db, { type: 'image.sweep', payload: {} });
    await runJobsOnce({ db: database.db, kind: testDialect, handlers: { 'mail.send': async () => Promise.reject(new Error('mailbox full')) } });
    const admin = scopes.admin();
    expect(await countJobs(admin)).toEqual({ pending: 1, running: 0, done: 0, dead: 1 });
    const dead = await listJobs(admin, { status: 'dead' });
    expect(dead).toMatchObject([{ type: 'mail.send', attempts: 1, lastError: 'Error: mailbox full' }]);
    expect(dead[0]).not.toHaveProperty('payload');
    await retryJob(admin, dead[0]!.id);
    expect(await countJobs(admin)).toMatchObject({ pending: 2, dead: 0 });
    const audit = await database.db.selectFrom('auditEvent').selectAll().where('action', '=', 'job.retry').execute();
    expect(audit).toMatchObject([{ actorId: 'admin-1', targetType: 'job', targetId: dead[0]!.id }]);
    expect(JSON.parse(audit[0]!.summary)).toMatchObject({ before: { status: 'dead', lastError: 'Error: mailbox full' }, after: { status: 'pending' } });
    // a job that is not dead cannot be retried; nor can anyone but an admin
    await expect(retryJob(admin, dead[0]!.id)).rejects.toMatchObject({ code: 'not-found' });
    await expect(listJobs(scopes.forgedAdmin(), { status: 'dead' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(retryJob(scopes.forgedAdmin(), dead[0]!.id)).rejects.toMatchObject({ code: 'forbidden' });
    expect(systemScope(database.db, 'job:test').actor.id).toBe('job:test');
  });
});
