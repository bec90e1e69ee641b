import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { receiveStripeWebhook } from '#app/modules/billing/billing-webhook.server.ts';
import type { Billing } from '#app/modules/billing/stripe-client.server.ts';

export interface WebhookApp {
  server: Server;
  /** where the fake Stripe posts its events */
  url: string;
  close(): Promise<void>;
}

/**
 * The app's Stripe webhook endpoint as its route hands it the raw bytes, over the given database
 * handle (one "app process"); read lazily, so the billing client may be made after the endpoint
 * whose URL it needs.
 */
export async function startWebhookApp(db: () => Kysely<Database>, billing: () => Billing): Promise<WebhookApp> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const outcome = await receiveStripeWebhook(db(), billing(), Buffer.concat(chunks), (req.headers['stripe-signature'] as string | undefined) ?? null);
    res.writeHead(outcome.status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
