import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { ContactInput } from './contact.schema.ts';
import { CONTACT_LIMIT_PER_HOUR, contactClientKey, submitContactMessage } from './contact.service.server.ts';

describe(`contact messages on ${testDialect}`, () => {
  let database: TestDatabase;
  const sent: OutgoingMail[] = [];
  const mailer = { send: async (mail: OutgoingMail) => void sent.push(mail) };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.cleanup());

  const valid = { name: 'Ana Pop', email: 'Ana@Example.com', message: 'Aș vrea o demonstrație pentru restaurantul meu.', restaurantName: 'La Ana' };

  it('refuses bad input field by field', () => {
    const result = ContactInput.safeParse({ name: 'A', email: 'nope', message: 'scurt' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => `${String(i.path[0])}:${i.message}`)).toEqual(['name:name', 'email:email', 'message:message']);
  });

  it('stores the message, e-mails it to the team with reply-to the sender, and marks it e-mailed', async () => {
    const input = ContactInput.parse(valid);
    const result = await submitContactMessage(database.db, mailer, input, { clientKey: 'k1', locale: 'ro', to: 'team@bucate.example' });
    expect(result).toEqual({ ok: true, stored: true });
    const row = await database.db.selectFrom('contactMessage').selectAll().where('clientKey', '=', 'k1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ana Pop', email: 'ana@example.com', restaurantName: 'La Ana', locale: 'ro' });
    expect(row.emailedAt).not.toBeNull();
    expect(sent.at(-1)).toMatchObject({ to: 'team@bucate.example', replyTo: 'ana@example.com' });
    expect(sent.at(-1)?.text).toContain('Aș vrea o demonstrație');
  });

  it('keeps the message when the e-mail fails', async () => {
    const failing = { send: async () => Promise.reject(new Error('smtp down')) };
    const result = await submitContactMessage(database.db, failing, ContactInput.parse(valid), { clientKey: 'k2', locale: 'en', to: 't@x.example' });
    expect(result.ok).toBe(true);
    const row = await database.db.selectFrom('contactMessage').selectAll().where('clientKey', '=', 'k2').executeTakeFirstOrThrow();
    expect(row.emailedAt).toBeNull();
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const result = await submitContactMessage(database.db, mailer, ContactInput.parse({ ...valid, website: 'http://spam' }), { clientKey: 'bot', locale: 'ro', to: 't@x.example' });
    expect(result).toEqual({ ok: true, stored: false });
    expect(await database.db.selectFrom('contactMessage').select('id').where('clientKey', '=', 'bot').execute()).toEqual([]);
  });

  it('limits one sender to a few messages an hour, without storing their address', async () => {
    const clientKey = contactClientKey('203.0.113.9', 's'.repeat(32));
    expect(clientKey).not.toContain('203.0.113.9');
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR; i++) {
      expect((await submitContactMessage(database.db, mailer, ContactInput.parse(valid), { clientKey, locale: 'ro', to: 't@x.example' })).ok).toBe(true);
    }
    expect(await submitContactMessage(database.db, mailer, ContactInput.parse(valid), { clientKey, locale: 'ro', to: 't@x.example' })).toEqual({
      ok: false,
      error: 'too-many-requests',
    });
  });

  it('reports a database failure as unavailable instead of throwing', async () => {
    const broken = await createTestDatabase();
    try {
      await broken.db.schema.dropTable('contactMessage').execute();
      const result = await submitContactMessage(broken.db, mailer, ContactInput.parse(valid), { clientKey: 'k3', locale: 'ro', to: 't@x.example' });
      expect(result).toEqual({ ok: false, error: 'unavailable' });
    } finally {
      await broken.cleanup();
    }
  });
});
