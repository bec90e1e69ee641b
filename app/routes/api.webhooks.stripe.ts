import { getDb } from '#app/db/db.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { receiveStripeWebhook } from '#app/modules/billing/billing-webhook.server.ts';
import { getBilling } from '#app/modules/billing/stripe-client.server.ts';
import type { Route } from './+types/api.webhooks.stripe';

const text = (body: string, status: number) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/**
 * Stripe's webhooks (docs/decisions/0014-billing.md). The only route exempt from the same-origin
 * rule: it proves its caller by Stripe's signature over the exact bytes sent, which the server
 * passes through unparsed (server/request-guard.ts, body kind `webhook`, capped).
 */
export const action = publicRoute(async ({ request }: Route.ActionArgs) => {
  if (request.method !== 'POST') return text('Method not allowed', 405);
  const signature = request.headers.get('stripe-signature');
  if (!signature) return text('Missing Stripe-Signature', 400);
  const billing = getBilling();
  if (!billing) return text('Card payments are not configured on this installation', 404);
  const payload = Buffer.from(await request.arrayBuffer());
  const outcome = await receiveStripeWebhook(getDb(), billing, payload, signature);
  // a 4xx tells Stripe not to retry: neither a bad signature nor a malformed event gets better
  if (outcome.status === 400) return text(outcome.reason === 'signature' ? 'Bad signature' : 'Malformed event', 400);
  return Response.json({ received: true, duplicate: outcome.duplicate }, { headers: { 'Cache-Control': 'no-store' } });
});
