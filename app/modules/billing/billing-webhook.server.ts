import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { logger } from '#app/logger.server.ts';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { insertBillingEvent } from './billing.repo.server.ts';
import type { Billing } from './stripe-client.server.ts';
import { parseWebhookEvent } from './stripe-event.ts';

/**
 * Stripe refuses a signature older than this (its default tolerance, seconds); we refuse one dated
 * as far ahead too, which the SDK does not check: a header signed for the future would otherwise
 * stay replayable until then.
 */
const TOLERANCE_SECONDS = 300;

/** The timestamp the SDK verified: the header's last `t=` (as the SDK reads it); null when none. */
function signedAt(header: string): number | null {
  let timestamp: number | null = null;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp !== null && Number.isFinite(timestamp) ? timestamp : null;
}

export type WebhookOutcome = { status: 400; reason: 'signature' | 'malformed' } | { status: 200; duplicate: boolean; queued: boolean };

/**
 * One webhook delivery: the signature is checked on the exact bytes Stripe sent (bad, missing, or
 * dated more than five minutes away from now either way → 400, nothing written); a signed payload
 * that is not an event of the shape we read → 400, recorded in the log and the audit log (field
 * paths only, never values). The event id is recorded once, and with it, in the same transaction, a
 * `billing.sync` job for its customer, so the answer is fast and the work retries on its own. A
 * duplicate delivery is acknowledged and does nothing.
 */
export async function receiveStripeWebhook(db: Kysely<Database>, billing: Billing, payload: Buffer, signature: string | null, now: Date = new Date()): Promise<WebhookOutcome> {
  if (!signature) return { status: 400, reason: 'signature' };
  let json: unknown;
  try {
    json = billing.stripe.webhooks.constructEvent(payload, signature, billing.config.webhookSecret, TOLERANCE_SECONDS, undefined, now.getTime());
  } catch {
    return { status: 400, reason: 'signature' };
  }
  const timestamp = signedAt(signature);
  if (timestamp === null || timestamp - now.getTime() / 1000 > TOLERANCE_SECONDS) return { status: 400, reason: 'signature' };
  const parsed = parseWebhookEvent(json);
  if (!parsed.ok) {
    logger.warn({ eventId: parsed.eventId, issues: parsed.issues }, 'stripe webhook refused: signed, but not an event of the expected shape');
    await recordAudit(systemScope(db, 'stripe-webhook'), {
      action: 'billing.webhook-refused',
      target: { type: 'billing-event', id: parsed.eventId },
      after: { reason: 'malformed', issues: parsed.issues },
    });
    return { status: 400, reason: 'malformed' };
  }
  const { event } = parsed;
  const { customerId, restaurantId } = event;
  return db.transaction().execute(async (trx) => {
    const first = await insertBillingEvent(trx, { id: event.id, type: event.type, customerId, receivedAt: now.toISOString() });
    if (!first) return { status: 200, duplicate: true, queued: false } as const;
    if (!customerId) return { status: 200, duplicate: false, queued: false } as const;
    await enqueueJob(trx, { type: 'billing.sync', payload: { customerId, restaurantId, eventId: event.id }, dedupeKey: `billing.sync:${event.id}` });
    return { status: 200, duplicate: false, queued: true } as const;
  });
}
