import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A fake Stripe API on 127.0.0.1 for the real SDK (`STRIPE_API_BASE`, or `apiBase` of BillingConfig):
 * the few endpoints the app uses, state in memory, objects typed with the SDK's own types (only the
 * fields the app reads are filled). `completeCheckout` plays the hosted page: it marks the session
 * paid, creates the customer and the subscription, and POSTs signed events to the app's webhook.
 * No stripe-mock exists for this machine (no internet), so this is what stands in for Stripe.
 */
export interface FakeStripe {
  /** `{ host, port, protocol }` for the SDK */
  apiBase: { host: string; port: number; protocol: 'http' };
  sessions: Map<string, Stripe.Checkout.Session>;
  /** the parameters each Checkout Session was created with, as the SDK sent them */
  sessionParams: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, Stripe.Subscription>;
  customers: Map<string, Stripe.Customer>;
  portalSessions: Stripe.BillingPortal.Session[];
  /** every event sent, by id, for re-delivery */
  events: Map<string, Stripe.Event>;
  /** marks the session paid, creates its customer and subscription, and delivers the events Stripe would */
  completeCheckout(sessionId: string): Promise<{ subscription: Stripe.Subscription; responses: number[] }>;
  /** a subscription made outside Checkout (no metadata): an unknown customer to the app */
  createSubscription(customerId: string, priceId: string, metadata?: Record<string, string>): Stripe.Subscription;
  /** changes a subscription in Stripe's state (no event sent) */
  updateSubscription(id: string, change: Partial<Pick<Stripe.Subscription, 'status' | 'cancel_at_period_end' | 'cancel_at' | 'ended_at' | 'canceled_at'>>): Stripe.Subscription;
  /** sends one event about an object, signed with `secret` (a wrong one to test refusals); returns the HTTP status */
  sendEvent(type: Stripe.Event.Type, object: { id: string; object: string }, options?: { secret?: string }): Promise<{ status: number; event: Stripe.Event }>;
  /** the invoices issued so far (one per completed checkout), newest last */
  invoices: Stripe.Invoice[];
  /** delivers a sent event again, as Stripe's retries do */
  redeliver(eventId: string): Promise<number>;
  close(): Promise<void>;
}

let counter = 0;
const fakeId = (prefix: string) => `${prefix}_fake${Date.now().toString(36)}${(counter++).toString(36)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=1` form bodies (the SDK's encoding) into nested objects and arrays. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = out;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[index + 1] ?? '') ? [] : {}) as Record<string, unknown>;
    });
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': fakeId('req') });
  res.end(JSON.stringify(body));
}

const notFound = (res: ServerResponse, what: string) => send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });

function list<T>(url: string, data: T[]): Stripe.ApiList<T> {
  return { object: 'list', url, has_more: false, data };
}

export async function startFakeStripe(options: {
  webhookUrl: () => string;
  webhookSecret: string;
  /** the hosted checkout page redirects first and delivers the events this much later (the browser test sees the waiting state) */
  hostedDeliveryDelayMs?: number;
}): Promise<FakeStripe> {
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const sessionParams = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const customers = new Map<string, Stripe.Customer>();
  const invoices: Stripe.Invoice[] = [];
  const portalSessions: Stripe.BillingPortal.Session[] = [];
  const events = new Map<string, Stripe.Event>();
  const signer = new Stripe('sk_test_signer');

  function createCustomer(email: string | null, metadata: Record<string, string> = {}): Stripe.Customer {
    const customer = { id: fakeId('cus'), object: 'customer', email, metadata, created: nowSeconds(), livemode: false } as Partial<Stripe.Customer> as Stripe.Customer;
    customers.set(customer.id, customer);
    return customer;
  }

  function createSubscription(customerId: string, priceId: string, metadata: Record<string, string> = {}): Stripe.Subscription {
    const start = nowSeconds();
    const periodEnd = start + 30 * 24 * 3600;
    const subscription = {
      id: fakeId('sub'),
      object: 'subscription',
      customer: customerId,
      status: 'active',
      metadata,
      start_date: start,
      created: start,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      livemode: false,
      items: list('/v1/subscription_items', [
        {
          id: fakeId('si'),
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: periodEnd,
          price: { id: priceId, object: 'price' } as Stripe.Price,
          quantity: 1,
        } as Partial<Stripe.SubscriptionItem> as Stripe.SubscriptionItem,
      ]),
    } as Partial<Stripe.Subscription> as Stripe.Subscription;
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = req.method === 'POST' ? parseForm(await readBody(req)) : {};
    const path = url.pathname;
    let match: RegExpMatchArray | null;
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = fakeId('cs_test');
      const customer = typeof body['customer'] === 'string' ? body['customer'] : null;
      const session = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer,
        customer_email: (body['customer_email'] as string | undefined) ?? null,
        client_reference_id: (body['client_reference_id'] as string | undefined) ?? null,
        metadata: (body['metadata'] as Record<string, string> | undefined) ?? {},
        subscription: null,
        success_url: body['success_url'] as string,
        cancel_url: body['cancel_url'] as string,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pay/${id}`,
        livemode: false,
        created: nowSeconds(),
      } as Partial<Stripe.Checkout.Session> as Stripe.Checkout.Session;
      sessions.set(id, session);
      sessionParams.set(id, body);
      return send(res, 200, session);
    }
    if (req.method === 'GET' && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = sessions.get(match[1]!);
      return session ? send(res, 200, session) : notFound(res, 'checkout.session');
    }
    if (req.method === 'GET' && (match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(match[1]!);
      return subscription ? send(res, 200, subscription) : notFound(res, 'subscription');
    }
    if (req.method === 'GET' && path === '/v1/subscriptions') {
      const customer = url.searchParams.get('customer');
      const status = url.searchParams.get('status');
      const found = [...subscriptions.values()].filter((s) => (!customer || s.customer === customer) && (status === 'all' || s.status !== 'canceled'));
      return send(res, 200, list('/v1/subscriptions', found.reverse()));
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      return send(res, 200, createCustomer((body['email'] as string | undefined) ?? null, (body['metadata'] as Record<string, string> | undefined) ?? {}));
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = body['customer'] as string;
      if (!customers.has(customer)) return notFound(res, 'customer');
      const portal = {
        id: fakeId('bps'),
        object: 'billing_portal.session',
        customer,
        return_url: body['return_url'] as string,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/portal/${customer}`,
        locale: (body['locale'] as Stripe.BillingPortal.Session['locale']) ?? null,
        livemode: false,
        created: nowSeconds(),
      } as Partial<Stripe.BillingPortal.Session> as Stripe.BillingPortal.Session;
      portalSessions.push(portal);
      return send(res, 200, portal);
    }
    if (req.method === 'GET' && path === '/v1/invoices') {
      const customer = url.searchParams.get('customer');
      const limit = Number(url.searchParams.get('limit') ?? 10);
      // Stripe lists newest first
      return send(
        res,
        200,
        list(
          '/v1/invoices',
          invoices
            .filter((invoice) => !customer || invoice.customer === customer)
            .reverse()
            .slice(0, limit),
        ),
      );
    }
    if (req.method === 'POST' && path === '/v1/invoices/create_preview') {
      const subscription = subscriptions.get(body['subscription'] as string);
      if (!subscription || subscription.customer !== body['customer']) return notFound(res, 'subscription');
      const item = subscription.items.data[0]!;
      const amount = item.price.id.includes('yearly') ? 49000 : 4900;
      const preview = {
        id: null,
        object: 'invoice',
        customer: subscription.customer,
        status: 'draft',
        currency: 'ron',
        amount_due: amount,
        amount_paid: 0,
        period_end: item.current_period_end,
        next_payment_attempt: item.current_period_end,
        created: nowSeconds(),
      } as unknown as Stripe.Invoice;
      return send(res, 200, preview);
    }
    // the hosted pages: a checkout page that pays and redirects to success_url, a portal page
    if ((match = path.match(/^\/pay\/([^/]+)$/))) {
      const session = sessions.get(match[1]!);
      if (!session) return send(res, 404, { error: 'no session' });
      if (req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><html lang="en"><head><title>Fake Stripe Checkout</title></head><body><main><h1>Fake Stripe Checkout</h1><p>Session ${session.id}</p><form method="post"><button type="submit">Pay</button></form><p><a href="${session.cancel_url}">Back</a></p></main></body></html>`,
        );
      }
      const target = (session.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', session.id);
      const delay = options.hostedDeliveryDelayMs ?? 0;
      // pay now (Stripe's state), tell the app later: the browser lands before the webhook
      const paid = pay(session.id);
      setTimeout(() => void paid.deliver().catch(() => undefined), delay);
      res.writeHead(303, { Location: target });
      return res.end();
    }
    if (req.method === 'GET' && (match = path.match(/^\/portal\/([^/]+)$/))) {
      const portal = portalSessions.filter((p) => p.customer === match![1]).pop();
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><html lang="en"><head><title>Fake Stripe Portal</title></head><body><main><h1>Fake Stripe Customer Portal</h1><p>Customer ${match[1]}</p><p><a href="${portal?.return_url ?? '/'}">Return</a></p></main></body></html>`,
      );
    }
    return send(res, 404, { error: { type: 'invalid_request_error', message: `fake Stripe has no ${req.method} ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  /** Stripe's side of a payment: the session paid, a customer, a subscription and an invoice; `deliver` sends the events */
  function pay(sessionId: string) {
    const session = sessions.get(sessionId);
    const params = sessionParams.get(sessionId);
    if (!session || !params) throw new Error(`fake Stripe: no session ${sessionId}`);
    const customerId = (session.customer as string | null) ?? createCustomer(session.customer_email).id;
    const lineItems = params['line_items'] as { price: string }[];
    const metadata = (params['subscription_data'] as { metadata?: Record<string, string> } | undefined)?.metadata ?? {};
    const subscription = createSubscription(customerId, lineItems[0]!.price, metadata);
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer: customerId, subscription: subscription.id });
    const amount = lineItems[0]!.price.includes('yearly') ? 49000 : 4900;
    const invoice = {
      id: fakeId('in'),
      object: 'invoice',
      customer: customerId,
      subscription: subscription.id,
      status: 'paid',
      currency: 'ron',
      amount_paid: amount,
      amount_due: amount,
      hosted_invoice_url: `http://127.0.0.1:${port}/invoice`,
      invoice_pdf: `http://127.0.0.1:${port}/invoice.pdf`,
      created: nowSeconds(),
    } as Partial<Stripe.Invoice> as Stripe.Invoice;
    invoices.push(invoice);
    return {
      subscription,
      // the order Stripe often uses, which it does not promise
      deliver: async () => [
        (await sendEvent('customer.subscription.created', subscription)).status,
        (await sendEvent('checkout.session.completed', session)).status,
        (await sendEvent('invoice.paid', invoice)).status,
      ],
    };
  }

  async function deliver(event: Stripe.Event, secret = options.webhookSecret): Promise<number> {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    const response = await fetch(options.webhookUrl(), { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: payload });
    await response.arrayBuffer();
    return response.status;
  }

  async function sendEvent(type: Stripe.Event.Type, object: { id: string; object: string }, eventOptions: { secret?: string } = {}) {
    const event = {
      id: fakeId('evt'),
      object: 'event',
      type,
      api_version: null,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: null,
      data: { object: structuredClone(object) },
    } as unknown as Stripe.Event;
    if (!eventOptions.secret) events.set(event.id, event);
    return { status: await deliver(event, eventOptions.secret), event };
  }

  return {
    apiBase: { host: '127.0.0.1', port, protocol: 'http' },
    sessions,
    sessionParams,
    subscriptions,
    customers,
    portalSessions,
    events,
    invoices,
    createSubscription,
    updateSubscription(id, change) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`fake Stripe: no subscription ${id}`);
      Object.assign(subscription, change);
      return subscription;
    },
    async completeCheckout(sessionId) {
      const paid = pay(sessionId);
      return { subscription: paid.subscription, responses: await paid.deliver() };
    },
    sendEvent,
    async redeliver(eventId) {
      const event = events.get(eventId);
      if (!event) throw new Error(`fake Stripe: no event ${eventId}`);
      return deliver(event);
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
