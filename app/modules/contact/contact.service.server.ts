import { createHmac, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { logger } from '#app/logger.server.ts';
import type { Mailer } from '#app/modules/mail/mailer.server.ts';
import type { ContactInput } from './contact.schema.ts';

/** At most this many messages per sender address per hour. */
export const CONTACT_LIMIT_PER_HOUR = 5;

/** A keyed hash of the client address: enough to rate limit, useless to anyone reading the table. */
export function contactClientKey(clientIp: string, secret: string): string {
  return createHmac('sha256', secret).update(clientIp).digest('base64url').slice(0, 32);
}

export type ContactResult = { ok: true; stored: boolean } | { ok: false; error: 'too-many-requests' | 'unavailable' };

/**
 * Stores a contact message and e-mails it to the team (reply-to the sender). The message is kept
 * even if the e-mail fails (it is still answered from the database). A filled honeypot is answered
 * like a success and stores nothing. When the database fails nothing is stored: the failure is
 * logged and reported as 'unavailable', so the page can say so and keep the guest's text.
 */
export async function submitContactMessage(
  db: Kysely<Database>,
  mailer: Mailer,
  input: ContactInput,
  options: { clientKey: string; locale: string; to: string; now?: Date },
): Promise<ContactResult> {
  if (input.website) return { ok: true, stored: false };
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
  const id = randomUUID();
  try {
    const recent = await db
      .selectFrom('contactMessage')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('clientKey', '=', options.clientKey)
      .where('createdAt', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= CONTACT_LIMIT_PER_HOUR) return { ok: false, error: 'too-many-requests' };
    await db
      .insertInto('contactMessage')
      .values({
        id,
        name: input.name,
        email: input.email,
        restaurantName: input.restaurantName ?? null,
        message: input.message,
        locale: options.locale,
        emailedAt: null,
        clientKey: options.clientKey,
        createdAt: now.toISOString(),
      })
      .execute();
  } catch (error) {
    logger.error({ err: error }, 'contact message could not be stored');
    return { ok: false, error: 'unavailable' };
  }
  try {
    await mailer.send({
      to: options.to,
      replyTo: input.email,
      subject: `Bucate: mesaj de la ${input.name}${input.restaurantName ? ` (${input.restaurantName})` : ''}`,
      text: `${input.message}\n\n${input.name} <${input.email}>${input.restaurantName ? `\n${input.restaurantName}` : ''}\n`,
      html: '',
    });
    await db.updateTable('contactMessage').set({ emailedAt: new Date().toISOString() }).where('id', '=', id).execute();
  } catch (error) {
    logger.error({ err: error, contactMessageId: id }, 'contact e-mail failed; the message is stored');
  }
  return { ok: true, stored: true };
}
