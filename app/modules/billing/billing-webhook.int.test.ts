import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { receiveStripeWebhook } from './billing-webhook.server.ts';
import { createBilling, type Billing } from './stripe-client.server.ts';

const WEBHOOK_SECRET = 'whsec_test_shape';
const signer = new Stripe('sk_test_signer');

/**
 * Events that carry Stripe's valid signature but not the shape of an event: Stripe retries any
 * answer but 2xx/4xx for days, so each is refused with 400 and recorded, never a 500.
 */
describe(`Stripe webhook events signed but malformed, on ${testDialect}`, () => {
  let database: TestDatabase;
  let billing: Billing;

  test.beforeAll(({ database: fileDatabase }) => {
    database = fileDatabase;
    // malformed events are refused before any call to Stripe: no fake server is needed
    billing = createBilling({
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      prices: { monthly: 'price_m', yearly: 'price_y' },
      automaticTax: false,
      apiBase: { host: '127.0.0.1', port: 9, protocol: 'http' },
      publicUrl: 'http://localhost:3000',
    });
  });

  let counter = 0;
  const eventId = () => `evt_shape_${counter++}`;
  const deliver = (body: unknown, options: { timestamp?: number; now?: Date } = {}) => {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: options.timestamp });
    return receiveStripeWebhook(database.db, billing, Buffer.from(payload), header, options.now);
  };
  const counts = async () => ({
    events: (await database.db.selectFrom('billingEvent').select('id').execute()).length,
    jobs: (await database.db.selectFrom('job').select('id').execute()).length,
  });
  const refusals = () =>
    database.db.selectFrom('auditEvent').select(['action', 'actorType', 'actorId', 'restaurantId', 'summary']).where('action', '=', 'billing.webhook-refused').execute();
  const subscriptionObject = { id: 'sub_shape', object: 'subscription', customer: 'cus_shape' };

  it('accepts a well-formed event (the control) and queues its sync', async () => {
    const outcome = await deliver({ id: eventId(), object: 'event', type: 'customer.subscription.updated', data: { object: subscriptionObject } });
    expect(outcome).toEqual({ status: 200, duplicate: false, queued: true });
  });

  const malformed: [string, unknown][] = [
    ['no data', { id: 'evt_nodata', object: 'event', type: 'customer.subscription.updated' }],
    ['data.object null', { id: 'evt_nullobject', object: 'event', type: 'customer.subscription.updated', data: { object: null } }],
    ['data.object null on an event we do not act on', { id: 'evt_nullother', object: 'event', type: 'charge.refunded', data: { object: null } }],
    ['no id', { object: 'event', type: 'invoice.paid', data: { object: { id: 'in_1', object: 'invoice', customer: 'cus_shape' } } }],
    ['an id that is not a string', { id: 42, object: 'event', type: 'invoice.paid', data: { object: { id: 'in_1', object: 'invoice', customer: 'cus_shape' } } }],
    ['no type', { id: 'evt_notype', object: 'event', data: { object: subscriptionObject } }],
    ['a JSON array', [{ id: 'evt_array', type: 'invoice.paid' }]],
    ['a JSON string', 'null'],
    ['a customer that is a number', { id: 'evt_numbercustomer', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_2', object: 'invoice', customer: 7 } } }],
    ['a NUL character in the id', { id: 'evt_nul\u0000id', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_3', object: 'invoice', customer: 'cus_shape' } } }],
    ['a NUL character in the type', { id: 'evt_nultype', object: 'event', type: 'invoice.paid\u0000', data: { object: { id: 'in_4', object: 'invoice', customer: 'cus_shape' } } }],
    [
      'a NUL character in the customer',
      { id: 'evt_nulcustomer', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_5', object: 'invoice', customer: 'cus_\u0000x' } } },
    ],
    [
      'a NUL character in the restaurant of a completed checkout',
      {
        id: 'evt_nulref',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_1', object: 'checkout.session', customer: 'cus_shape', client_reference_id: 'r\u0000' } },
      },
    ],
  ];

  for (const [name, body] of malformed) {
    it(`refuses ${name} with 400, records the refusal and writes nothing else`, async () => {
      const before = await counts();
      const refusedBefore = (await refusals()).length;
      const outcome = await deliver(body);
      expect(outcome).toEqual({ status: 400, reason: 'malformed' });
      expect(await counts()).toEqual(before);
      const rows = await refusals();
      expect(rows).toHaveLength(refusedBefore + 1);
      const row = rows.at(-1)!;
      expect(row).toMatchObject({ actorType: 'system', actorId: 'stripe-webhook', restaurantId: null });
      // what was wrong (field paths), never the payload's values nor the signature
      expect(row.summary).toContain('malformed');
      expect(row.summary).not.toContain('\\u0000');
      expect(row.summary).not.toContain('whsec');
      expect(row.summary).not.toContain('v1=');
    });
  }

  it('refuses a signature dated far in the future, as it refuses one far in the past', async () => {
    const now = new Date();
    const seconds = Math.floor(now.getTime() / 1000);
    const event = () => ({ id: eventId(), object: 'event', type: 'customer.subscription.updated', data: { object: subscriptionObject } });
    const before = await counts();
    expect(await deliver(event(), { timestamp: seconds + 3600, now })).toEqual({ status: 400, reason: 'signature' });
    expect(await deliver(event(), { timestamp: seconds + 24 * 3600 * 365, now })).toEqual({ status: 400, reason: 'signature' });
    expect(await deliver(event(), { timestamp: seconds - 3600, now })).toEqual({ status: 400, reason: 'signature' });
    expect(await counts()).toEqual(before);
    // clocks drift a little: within Stripe's five minutes either way the event is taken
    expect(await deliver(event(), { timestamp: seconds + 120, now })).toMatchObject({ status: 200, queued: true });
    expect(await deliver(event(), { timestamp: seconds - 120, now })).toMatchObject({ status: 200, queued: true });
  });
});
