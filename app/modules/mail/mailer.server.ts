import { mkdir, writeFile } from 'node:fs/promises';
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
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** The folder e-mails go to when no SMTP server is configured. */
export function outboxDir(env: Pick<Env, 'DATA_DIR'>): string {
  return join(env.DATA_DIR, 'outbox');
}

/**
 * E-mail through nodemailer: over SMTP when SMTP_URL is set; otherwise each message is written
 * to `$DATA_DIR/outbox/*.eml` and its first link is logged, so sign-in links work on a fresh clone.
 */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>): Mailer {
  if (env.SMTP_URL) {
    const transport: Transporter = nodemailer.createTransport(env.SMTP_URL);
    return {
      async send(mail) {
        await transport.sendMail({ from: env.MAIL_FROM, ...mail, html: mail.html || undefined });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: env.MAIL_FROM, ...mail, html: mail.html || undefined });
      const dir = outboxDir(env);
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      logger.info({ to: mail.to, subject: mail.subject, file, link }, 'e-mail written to the outbox (no SMTP_URL)');
    },
  };
}

let mailer: Mailer | undefined;

/** The process-wide mailer from configuration. */
export function getMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>): Mailer {
  mailer ??= createMailer(env);
  return mailer;
}
