import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { createHmac, randomUUID } from 'node:crypto';
import { logger } from '#app/logger.server.ts';
import { assertSystem, type SystemScope } from '#app/modules/access/scope.server.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import type { OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { lockRateKey } from '#app/modules/rate-limit/rate-counter.repo.server.ts';
import type { ContactInput } from './contact.schema.ts';
import { countContactMessagesSince, insertContactMessage, markContactMessageEmailed as markEmailed } from './contact.repo.server.ts';

/** At most this many messages per sender address per hour. */
export const CONTACT_LIMIT_PER_HOUR = 5;

/** A keyed hash of the client address: enough to rate limit, useless to anyone reading the table. */
export function contactClientKey(clientIp: string, secret: string): string {
  return createHmac('sha256', secret).update(clientIp).digest('base64url').slice(0, 32);
}

export type ContactResult = { ok: true; stored: boolean } | { ok: false; error: 'too-many-requests' | 'unavailable' };

/** The team's copy of a message, reply-to the sender. */
export function contactNotificationMail(input: ContactInput, to: string): OutgoingMail {
  return {
    to,
    replyTo: input.email,
    subject: `Bucate: mesaj de la ${input.name}${input.restaurantName ? ` (${input.restaurantName})` : ''}`,
    text: `${input.message}\n\n${input.name} <${input.email}>${input.restaurantName ? `\n${input.restaurantName}` : ''}\n`,
    html: '',
  };
}

/**
 * Stores a contact message and, in the same transaction, enqueues its e-mail to the team
 * (`mail.send`, reply-to the sender), so the message is kept whatever the mail server does and the
 * e-mail retries until it goes; `emailedAt` is set when it went. A filled honeypot is answered like
 * a success and stores nothing. When the database fails nothing is stored: the failure is logged
 * and reported as 'unavailable', so the page can say so and keep the guest's text. It takes no
 * scope: a guest has no account and no authority, only a database to leave a message in. The sender's lock row is taken before
 * counting, so concurrent messages from one sender count and insert one after the other and the
 * hourly limit holds under a burst (issue "Hardening" item 12).
 */
export async function submitContactMessage(
  db: Kysely<Database>,
  input: ContactInput,
  options: { clientKey: string; locale: string; to: string; now?: Date },
): Promise<ContactResult> {
  if (input.website) return { ok: true, stored: false };
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
  const id = randomUUID();
  try {
    return await db.transaction().execute(async (trx): Promise<ContactResult> => {
      await lockRateKey(trx, `contact:${options.clientKey}`, now.toISOString());
      if ((await countContactMessagesSince(trx, options.clientKey, since)) >= CONTACT_LIMIT_PER_HOUR) return { ok: false, error: 'too-many-requests' };
      await insertContactMessage(trx, {
        id,
        name: input.name,
        email: input.email,
        restaurantName: input.restaurantName ?? null,
        message: input.message,
        locale: options.locale,
        emailedAt: null,
        clientKey: options.clientKey,
        createdAt: now.toISOString(),
      });
      await enqueueJob(trx, { type: 'mail.send', payload: { mail: contactNotificationMail(input, options.to), contactMessageId: id } });
      return { ok: true, stored: true };
    });
  } catch (error) {
    logger.error({ err: error }, 'contact message could not be stored');
    return { ok: false, error: 'unavailable' };
  }
}

/** Called by the `mail.send` job once the team's copy went out. */
export async function markContactMessageEmailed(scope: SystemScope, id: string, at = new Date()): Promise<void> {
  assertSystem(scope);
  await markEmailed(scope.db, id, at.toISOString());
}
