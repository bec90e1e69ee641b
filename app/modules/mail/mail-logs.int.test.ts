import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import { logger } from '#app/logger.server.ts';
import { requestPasswordReset, requestSignInLink } from '#app/modules/account/email-link.service.server.ts';
import { registerRestaurantOwner } from '#app/modules/account/register.service.server.ts';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { runJobsUntilIdle } from '#tests/support/jobs.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { createMailer, outboxDir, type Mailer } from './mailer.server.ts';

// Issue 23 item 3: the server log held whole verify-e-mail, reset-password and sign-in links at level
// info in outbox mode. What is logged while each kind of e-mail goes out (through the mail.send job, as
// in production) must name the outbox file and never carry a link or a token, in every mode.

let database: TestDatabase;
let dataDir: string;
test.beforeAll(({ database: fileDatabase }) => {
  database = fileDatabase;
  dataDir = mkdtempSync(join(tmpdir(), 'bucate-mail-logs-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every line the process logger (and its children) writes while `work` runs, at level info and above. */
async function captureLogs(work: () => Promise<void>): Promise<string> {
  const stream = (logger as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym]!;
  const write = stream.write;
  const level = logger.level;
  const lines: string[] = [];
  stream.write = (line: string) => void lines.push(line);
  logger.level = 'info';
  try {
    await work();
  } finally {
    stream.write = write;
    logger.level = level;
  }
  return lines.join('');
}

/** Sends a verification, a password-reset and a sign-in e-mail to a new owner, through the job queue. */
async function sendEveryKind(mailer: Mailer, email: string): Promise<void> {
  const env = parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'l'.repeat(32), DATA_DIR: dataDir });
  // the app's own wiring: each e-mail becomes a mail.send job, as in production
  const auth = createAuth(database, env, authServices(database));
  const headers = new Headers({ cookie: 'lang=ro' });
  const registered = await registerRestaurantOwner(auth, database.db, { email, password: 'secret-123', restaurantName: 'Bistro Jurnal' }, headers);
  expect(registered.ok).toBe(true);
  expect(await requestPasswordReset(auth, email, headers)).toEqual({ ok: true });
  expect(await requestSignInLink(auth, email, headers)).toEqual({ ok: true });
  await runJobsUntilIdle(database.db, { 'mail.send': async ({ mail }) => mailer.send(mail) }, { retry: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
}

/** The links in the messages and the tokens they carry. */
function secretsIn(messages: string[]): string[] {
  const links = messages.flatMap((text) => text.match(/https?:\/\/[^\s"<>]+/g) ?? []);
  expect(links.length).toBeGreaterThanOrEqual(3);
  const tokens = links.flatMap((link) => {
    const url = new URL(link.replaceAll('&amp;', '&'));
    return [url.searchParams.get('token'), url.pathname.split('/').at(-1)].filter((part): part is string => Boolean(part && part.length >= 16));
  });
  expect(tokens.length).toBeGreaterThanOrEqual(3);
  return [...links, ...tokens];
}

describe(`mail logs carry no link or token, on ${testDialect}`, () => {
  it('outbox mode (no SMTP_URL): logs each file name, never the link', async () => {
    const mailer = createMailer({ DATA_DIR: dataDir, MAIL_FROM: 'Bucate <no-reply@bucate.localhost>', SMTP_URL: undefined });
    const email = 'outbox-logs@example.com';
    const logs = await captureLogs(() => sendEveryKind(mailer, email));
    const files = readdirSync(outboxDir({ DATA_DIR: dataDir })).filter((name) => name.includes(email));
    expect(files).toHaveLength(3);
    for (const file of files) expect(logs).toContain(file);
    const messages = files.map((file) =>
      readFileSync(join(outboxDir({ DATA_DIR: dataDir }), file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
    for (const secret of secretsIn(messages)) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/token=/);
  });

  describe('SMTP mode', () => {
    let server: SMTPServer;
    let port: number;
    const received: string[] = [];
    let refuse = false;
    beforeAll(async () => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          let text = '';
          stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          stream.on('end', () => {
            received.push(text.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
            // a refusing server quotes the message back, as some do: the quote must not reach the log
            callback(refuse ? Object.assign(new Error(`rejected: ${text.slice(-400)}`), { responseCode: 554 }) : null);
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('logs no link or token when the e-mails are sent', async () => {
      const mailer = createMailer({ DATA_DIR: dataDir, MAIL_FROM: 'Bucate <no-reply@bucate.localhost>', SMTP_URL: `smtp://127.0.0.1:${port}` });
      received.length = 0;
      const logs = await captureLogs(() => sendEveryKind(mailer, 'smtp-logs@example.com'));
      expect(received).toHaveLength(3);
      for (const secret of secretsIn(received)) expect(logs).not.toContain(secret);
      expect(logs).not.toMatch(/token=/);
    });

    it('logs no link or token when the server refuses them (the job logs its failure)', async () => {
      const mailer = createMailer({ DATA_DIR: dataDir, MAIL_FROM: 'Bucate <no-reply@bucate.localhost>', SMTP_URL: `smtp://127.0.0.1:${port}` });
      received.length = 0;
      refuse = true;
      try {
        const logs = await captureLogs(() => sendEveryKind(mailer, 'smtp-refused@example.com'));
        expect(received).toHaveLength(3);
        expect(logs).toMatch(/job failed; will retry/);
        for (const secret of secretsIn(received)) expect(logs).not.toContain(secret);
        expect(logs).not.toMatch(/token=/);
      } finally {
        refuse = false;
      }
    });
  });
});
