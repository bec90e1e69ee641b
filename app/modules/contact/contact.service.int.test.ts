import { describe, expect, it, onTestFinished } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJobHandlers } from '#app/wiring/job-handlers.server.ts';
import { createMailer, outboxDir, type Mailer, type OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { createLocalDiskStorage } from '#app/modules/image/storage.server.ts';
import { runJobsUntilIdle } from '#tests/support/jobs.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { ContactInput } from './contact.schema.ts';
import { CONTACT_LIMIT_PER_HOUR, contactClientKey, submitContactMessage } from './contact.service.server.ts';

describe(`contact messages on ${testDialect}`, () => {
  let database: TestDatabase;
  let sent: OutgoingMail[];
  let mailer: Mailer;
  const scope = () => database.db;
  /** the worker's part: the queued e-mails go out through `through` */
  const deliver = (through: Mailer) => runJobsUntilIdle(database.db, createJobHandlers({ mailer: through, storage: createLocalDiskStorage('unused'), retentionDays: 7 }));
  test.beforeAll(({ database: fileDatabase, outbox }) => {
    database = fileDatabase;
    ({ sent, mailer } = outbox);
  });

  const valid = { name: 'Ana Pop', email: 'Ana@Example.com', message: 'Aș vrea o demonstrație pentru restaurantul meu.', restaurantName: 'La Ana' };

  it('refuses bad input field by field', () => {
    const result = ContactInput.safeParse({ name: 'A', email: 'nope', message: 'scurt' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => `${String(i.path[0])}:${i.message}`)).toEqual(['name:name', 'email:email', 'message:message']);
  });

  it('stores the message, e-mails it to the team with reply-to the sender (through a job), and marks it e-mailed', async () => {
    const input = ContactInput.parse(valid);
    const result = await submitContactMessage(scope(), input, { clientKey: 'k1', locale: 'ro', to: 'team@bucate.example' });
    expect(result).toEqual({ ok: true, stored: true });
    const stored = await database.db.selectFrom('contactMessage').selectAll().where('clientKey', '=', 'k1').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Ana Pop', email: 'ana@example.com', restaurantName: 'La Ana', locale: 'ro', emailedAt: null });
    expect(await deliver(mailer)).toBe(1);
    const row = await database.db.selectFrom('contactMessage').selectAll().where('clientKey', '=', 'k1').executeTakeFirstOrThrow();
    expect(row.emailedAt).not.toBeNull();
    expect(sent.at(-1)).toMatchObject({ to: 'team@bucate.example', replyTo: 'ana@example.com' });
    expect(sent.at(-1)?.text).toContain('Aș vrea o demonstrație');
  });

  it('keeps the message when the e-mail fails, and the e-mail waits for a retry', async () => {
    const failing = { send: async () => Promise.reject(new Error('smtp down')) };
    const result = await submitContactMessage(scope(), ContactInput.parse(valid), { clientKey: 'k2', locale: 'en', to: 't@x.example' });
    expect(result.ok).toBe(true);
    expect(await deliver(failing)).toBe(1);
    const row = await database.db.selectFrom('contactMessage').selectAll().where('clientKey', '=', 'k2').executeTakeFirstOrThrow();
    expect(row.emailedAt).toBeNull();
    const job = await database.db.selectFrom('job').selectAll().where('type', '=', 'mail.send').where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ attempts: 1, lastError: 'Error: smtp down' });
    expect(job.runAt > new Date().toISOString()).toBe(true);
  });

  it("writes the team's copy to the outbox when no SMTP server is set (the default mailer, through the job)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bucate-outbox-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const outbox = createMailer({ DATA_DIR: dataDir, MAIL_FROM: 'Bucate <no-reply@bucate.localhost>', SMTP_URL: undefined });
    const email = `outbox-${Date.now()}@example.com`;
    await submitContactMessage(scope(), ContactInput.parse({ ...valid, email }), { clientKey: 'k-outbox', locale: 'ro', to: 'team-outbox@bucate.example' });
    await deliver(outbox);
    const files = readdirSync(outboxDir({ DATA_DIR: dataDir })).filter((name) => name.includes('team-outbox@bucate.example'));
    expect(files).toHaveLength(1);
    expect(readFileSync(join(outboxDir({ DATA_DIR: dataDir }), files[0]!), 'utf8')).toContain(`Reply-To: ${email}`);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const result = await submitContactMessage(scope(), ContactInput.parse({ ...valid, website: 'http://spam' }), { clientKey: 'bot', locale: 'ro', to: 't@x.example' });
    expect(result).toEqual({ ok: true, stored: false });
    expect(await database.db.selectFrom('contactMessage').select('id').where('clientKey', '=', 'bot').execute()).toEqual([]);
  });

  it('limits one sender to a few messages an hour, without storing their address', async () => {
    const clientKey = contactClientKey('203.0.113.9', 's'.repeat(32));
    expect(clientKey).not.toContain('203.0.113.9');
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR; i++) {
      expect((await submitContactMessage(scope(), ContactInput.parse(valid), { clientKey, locale: 'ro', to: 't@x.example' })).ok).toBe(true);
    }
    expect(await submitContactMessage(scope(), ContactInput.parse(valid), { clientKey, locale: 'ro', to: 't@x.example' })).toEqual({
      ok: false,
      error: 'too-many-requests',
    });
  });

  it('holds the hourly limit under a burst: 20 simultaneous messages from one sender store exactly the limit', async () => {
    const clientKey = 'burst';
    const results = await Promise.all(Array.from({ length: 20 }, () => submitContactMessage(scope(), ContactInput.parse(valid), { clientKey, locale: 'ro', to: 't@x.example' })));
    expect(results.filter((r) => r.ok)).toHaveLength(CONTACT_LIMIT_PER_HOUR);
    expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 20 - CONTACT_LIMIT_PER_HOUR }, () => ({ ok: false, error: 'too-many-requests' })));
    expect(await database.db.selectFrom('contactMessage').select('id').where('clientKey', '=', clientKey).execute()).toHaveLength(CONTACT_LIMIT_PER_HOUR);
  });

  test('reports a database failure as unavailable instead of throwing', async ({ databases }) => {
    const broken = await databases.create();
    try {
      await broken.db.schema.dropTable('contactMessage').execute();
      const result = await submitContactMessage(broken.db, ContactInput.parse(valid), { clientKey: 'k3', locale: 'ro', to: 't@x.example' });
      expect(result).toEqual({ ok: false, error: 'unavailable' });
    } finally {
      await broken.cleanup();
    }
  });
});
