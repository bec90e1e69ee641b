import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { createAuth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import type { FileStorage } from '#app/modules/image/storage.server.ts';
import type { Mailer, OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { buildRestaurant, buildStoredImage } from '#tests/factories/builders.ts';
import { restaurantNameInBackup } from '#tests/support/backup-check.ts';
import { runJobsUntilIdle } from '#tests/support/jobs.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { BACKUP_SCHEDULE, createJobHandlers } from './job-handlers.server.ts';
import { enqueueJob, enqueueScheduledJobs } from '#app/modules/jobs/jobs.server.ts';

describe(`job handlers on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  let uploads: string;
  let storage: FileStorage;
  let sent: OutgoingMail[];
  let mailer: Mailer;
  const handlers = (over: Partial<{ storage: FileStorage }> = {}) => createJobHandlers({ mailer, storage: over.storage ?? storage, retentionDays: 7 });
  test.beforeAll(({ database: fileDatabase, scopes: fileScopes, uploads: fileUploads, storage: fileStorage, outbox }) => {
    ({ sent, mailer } = outbox);
    database = fileDatabase;
    scopes = fileScopes;
    uploads = fileUploads;
    storage = fileStorage;
  });

  async function restaurantWithLogo() {
    const restaurant = buildRestaurant();
    await database.db.insertInto('restaurant').values(restaurant).execute();
    const row = buildStoredImage(restaurant.id, { name: 'image.jpg' });
    await storage.put(row.path, Buffer.from('jpeg'), 'image/jpeg');
    await database.db.insertInto('storedImage').values(row).execute();
    await database.db.updateTable('restaurant').set({ logoKey: row.path }).where('id', '=', restaurant.id).execute();
    return { restaurantId: restaurant.id, url: row.path, file: join(uploads, row.path) };
  }

  /** The owner removes the logo: the change releases the image. */
  const removeLogo = (restaurantId: string, url: string, fail = false) =>
    changeMenu(scopes.owner(restaurantId), storage, async (change) => {
      await change.trx.updateTable('restaurant').set({ logoKey: null }).where('id', '=', restaurantId).execute();
      await change.release([url]);
      if (fail) throw new Error('the change failed');
    });

  it("deletes a released image's files through image.delete-files, only after the change commits", async () => {
    const { restaurantId, url, file } = await restaurantWithLogo();
    await expect(removeLogo(restaurantId, url, true)).rejects.toThrow('the change failed');
    expect(await database.db.selectFrom('job').select('id').where('type', '=', 'image.delete-files').execute()).toEqual([]);
    await removeLogo(restaurantId, url);
    // committed: the row is gone, the file waits for the job
    expect(await database.db.selectFrom('storedImage').select('id').where('path', '=', url).execute()).toEqual([]);
    expect(existsSync(file)).toBe(true);
    expect(await runJobsUntilIdle(database.db, handlers())).toBe(1);
    expect(existsSync(file)).toBe(false);
  });

  it('retries the deletion when the storage fails, and deletes on a later attempt', async () => {
    const { restaurantId, url, file } = await restaurantWithLogo();
    await removeLogo(restaurantId, url);
    const broken: FileStorage = { ...storage, delete: async () => Promise.reject(new Error('bucket unreachable')) };
    expect(await runJobsUntilIdle(database.db, handlers({ storage: broken }))).toBe(1);
    const job = await database.db.selectFrom('job').selectAll().where('type', '=', 'image.delete-files').where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(job.lastError).toContain('bucket unreachable');
    expect(existsSync(file)).toBe(true);
    const later = new Date(new Date(job.runAt).getTime() + 1000);
    expect(await runJobsUntilIdle(database.db, handlers(), { now: () => later })).toBe(1);
    expect(existsSync(file)).toBe(false);
    expect(await database.db.selectFrom('job').select('status').where('id', '=', job.id).executeTakeFirstOrThrow()).toEqual({ status: 'done' });
  });

  it('sweeps abandoned uploads of every restaurant in the scheduled image.sweep job', async () => {
    const keep = await restaurantWithLogo();
    const restaurant = buildRestaurant();
    await database.db.insertInto('restaurant').values(restaurant).execute();
    const abandoned = buildStoredImage(restaurant.id, { name: 'image.jpg', createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString() });
    await storage.put(abandoned.path, Buffer.from('jpeg'), 'image/jpeg');
    await database.db.insertInto('storedImage').values(abandoned).execute();
    await database.db
      .updateTable('storedImage')
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString() })
      .where('path', '=', keep.url)
      .execute();
    await enqueueJob(database.db, { type: 'image.sweep', payload: {} });
    // the sweep, then the file deletion it enqueued
    expect(await runJobsUntilIdle(database.db, handlers())).toBe(2);
    expect(existsSync(join(uploads, abandoned.path))).toBe(false);
    expect(existsSync(keep.file)).toBe(true);
    expect(await database.db.selectFrom('storedImage').select('id').where('restaurantId', '=', restaurant.id).execute()).toEqual([]);
  });

  it("sends better-auth's e-mails (a sign-in link) through mail.send", async () => {
    const auth = createAuth(database, parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'j'.repeat(32) }), authServices(database));
    await auth.api.signUpEmail({ body: { email: 'owner-jobs@example.com', password: 'secret-123', name: 'Owner' } });
    await auth.api.signInMagicLink({ body: { email: 'owner-jobs@example.com', callbackURL: '/' }, headers: new Headers() });
    const queued = await database.db.selectFrom('job').selectAll().where('type', '=', 'mail.send').execute();
    expect(queued).toHaveLength(1);
    expect(sent).toEqual([]);
    await runJobsUntilIdle(database.db, handlers());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'owner-jobs@example.com' });
    expect(sent[0]!.text).toMatch(/magic-link\/verify\?token=\w+/);
  });

  test('backs the database up daily into BACKUP_DIR when it is set, keeping the newest BACKUP_KEEP', async ({ databases }) => {
    const dir = mkdtempSync(join(tmpdir(), 'bucate-backups-'));
    try {
      const backup = { dir, keep: 2, target: database.location };
      const withBackup = createJobHandlers({ mailer: { send: async () => undefined }, storage, retentionDays: 7, backup });
      const restaurant = buildRestaurant({ name: 'Salvat în copie' });
      await database.db.insertInto('restaurant').values(restaurant).execute();
      for (const day of ['2026-11-20', '2026-11-21', '2026-11-22']) {
        const at = new Date(`${day}T03:00:00.000Z`);
        await enqueueScheduledJobs(database.db, [BACKUP_SCHEDULE], at);
        expect(await runJobsUntilIdle(database.db, withBackup, { now: () => at })).toBe(1);
      }
      // the same day's slot again (a second worker): no second backup
      await enqueueScheduledJobs(database.db, [BACKUP_SCHEDULE], new Date('2026-11-22T04:00:00.000Z'));
      const files = readdirSync(dir).sort();
      expect(files).toHaveLength(2);
      expect(files[0]).toMatch(/^bucate-2026-11-21T03-00-00-000Z\.(sqlite|pgdump)$/);
      expect(files[1]).toMatch(/^bucate-2026-11-22T03-00-00-000Z\./);
      // the newest copy restores into a database holding the restaurant
      expect(await restaurantNameInBackup(databases, join(dir, files[1]!), restaurant.id)).toEqual({ name: 'Salvat în copie' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // three pg_dumps and a pg_restore: 20 s was passed on a loaded 2-core machine
  }, 60_000);
});
