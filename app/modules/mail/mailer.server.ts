import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '#app/env.server.ts';
import { logger } from '#app/logger.server.ts';

export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** empty: a text-only message */
  html: string;
  /** small text files sent along (a reservation's calendar file) */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** the file's text */
  content: string;
  contentType: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** a mailer that keeps copies (the outbox) deletes those written before `before`; returns how many went */
  forgetBefore?(before: Date): Promise<number>;
}

/** The folder e-mails go to when no SMTP server is configured. */
export function outboxDir(env: Pick<Env, 'DATA_DIR'>): string {
  return join(env.DATA_DIR, 'outbox');
}

/**
 * What may be logged of an SMTP server's refusal: its command and status, and the words of its text
 * that cannot be part of a link or a token (some servers quote the message they refuse, links and all).
 */
export function describeSmtpError(error: unknown): string {
  const { command, responseCode, response, code } = (error ?? {}) as { command?: string; responseCode?: number; response?: string; code?: string };
  const text = String(response ?? (error instanceof Error ? error.message : error))
    .slice(0, 300)
    .split(/\s+/)
    .map((word) => (word.length >= 16 || /[:/?=&%]|token/i.test(word) ? '[redacted]' : word))
    .join(' ');
  return `SMTP ${command ?? 'connection'} failed${responseCode ? ` (${responseCode})` : ''}${code ? ` ${code}` : ''}: ${text}`;
}

/**
 * E-mail through nodemailer: over SMTP when SMTP_URL is set; otherwise each message is written
 * to `$DATA_DIR/outbox/*.eml` and the file's name is logged (open it to follow a sign-in link on a
 * fresh clone). No mode logs a link or a token: a refusal is rethrown as `describeSmtpError`.
 */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>): Mailer {
  if (env.SMTP_URL) {
    const transport: Transporter = nodemailer.createTransport(env.SMTP_URL);
    return {
      async send(mail) {
        try {
          await transport.sendMail({ from: env.MAIL_FROM, ...mail, html: mail.html || undefined });
        } catch (error) {
          throw new Error(describeSmtpError(error));
        }
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: env.MAIL_FROM, ...mail, html: mail.html || undefined });
      const dir = outboxDir(env);
      await mkdir(dir, { recursive: true });
      // the random part keeps two e-mails to one address in the same millisecond apart
      const name = `${outboxStamp(new Date())}-${randomBytes(3).toString('hex')}-${mail.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`;
      await writeFile(join(dir, name), info.message as Buffer, { flag: 'wx' });
      logger.info({ file: name, dir }, 'e-mail written to the outbox (no SMTP_URL)');
    },
    // the files hold the recipients' addresses (guests' among them): the retention job deletes them on its day
    async forgetBefore(before) {
      const names = await readdir(outboxDir(env)).catch(() => [] as string[]);
      const cutoff = outboxStamp(before);
      const old = names.filter((name) => OUTBOX_FILE.test(name) && name.slice(0, cutoff.length) < cutoff);
      await Promise.all(old.map((name) => rm(join(outboxDir(env), name), { force: true })));
      return old.length;
    },
  };
}

/** An outbox file's name starts with its time, `2026-11-28T12-55-01-828Z`: names sort as times do. */
const outboxStamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');
const OUTBOX_FILE = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-.*\.eml$/;

let mailer: Mailer | undefined;

/** The process-wide mailer from configuration. */
export function getMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>): Mailer {
  mailer ??= createMailer(env);
  return mailer;
}
