import { z } from 'zod';

/**
 * The shape of a Stripe event as far as the webhook reads it. The signature proves who sent the
 * bytes, not that they are an event: anything else is refused (400) instead of failing on a missing
 * field or on a text PostgreSQL cannot store (NUL), which Stripe would retry for days.
 */

/** Stripe's ids and names: short text without control characters (PostgreSQL refuses NUL in text). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const PLAIN_TEXT = /^[^\u0000-\u001f\u007f]+$/;
const stripeText = z.string().min(1).max(255).regex(PLAIN_TEXT);

/** An expandable reference: the id, or the object carrying it. */
const reference = z.union([stripeText, z.looseObject({ id: stripeText })]).nullish();

const envelope = z.looseObject({
  id: stripeText,
  type: stripeText,
  data: z.looseObject({ object: z.looseObject({}) }),
});

/** what a handled event's object must carry (client_reference_id only a Checkout Session has) */
const handledObject = z.looseObject({ customer: reference, client_reference_id: stripeText.nullish() });

/** The events we act on; each re-syncs its customer. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

export interface WebhookEvent {
  id: string;
  type: string;
  /** the customer to re-sync; null for the events we only record */
  customerId: string | null;
  /** for a completed Checkout, the restaurant it was started for */
  restaurantId?: string;
}

export type ParsedEvent = { ok: true; event: WebhookEvent } | { ok: false; issues: string[]; /** the event's id when it is a plain one */ eventId: string | null };

const idOf = (value: z.infer<typeof reference>): string | null => (value ? (typeof value === 'string' ? value : value.id) : null);

/** Where an event is wrong, as field paths and zod's codes: never the values it carried. */
const issuesOf = (error: z.ZodError): string[] => error.issues.slice(0, 10).map((issue) => `${issue.path.map(String).join('.') || '(event)'}: ${issue.code}`);

/** Reads what the webhook needs from a parsed payload, or says which fields are wrong. */
export function parseWebhookEvent(json: unknown): ParsedEvent {
  const parsed = envelope.safeParse(json);
  const eventId = stripeText.safeParse((json as { id?: unknown } | null)?.id).data ?? null;
  if (!parsed.success) return { ok: false, issues: issuesOf(parsed.error), eventId };
  const { id, type } = parsed.data;
  if (!HANDLED_EVENTS.has(type)) return { ok: true, event: { id, type, customerId: null } };
  const object = handledObject.safeParse(parsed.data.data.object);
  if (!object.success) return { ok: false, issues: issuesOf(object.error).map((issue) => `data.object.${issue}`), eventId };
  const restaurantId = type === 'checkout.session.completed' ? (object.data.client_reference_id ?? undefined) : undefined;
  return { ok: true, event: { id, type, customerId: idOf(object.data.customer), ...(restaurantId ? { restaurantId } : {}) } };
}
