import { getDb } from '#app/db/db.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { confirmCloudPrntJob, fetchCloudPrntJob, pollCloudPrnt, type CloudPrntPoll, type PrinterRefusal } from '#app/modules/printing/cloudprnt.service.server.ts';
import type { Route } from './+types/api.print';

/**
 * A printer's polling address (Star CloudPRNT, decision 0036): POST polls, GET fetches the ticket,
 * DELETE confirms it. The token in the address is the printer's only credential: a wrong one gets
 * 401 and nothing else, a flood 429. Never cached.
 */
const NO_STORE = { 'Cache-Control': 'no-store' };

function refused(refusal: PrinterRefusal): Response {
  if (refusal.status === 429)
    return new Response('Too many requests', {
      status: 429,
      headers: { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(refusal.retryAfterSeconds) },
    });
  return new Response('Unauthorized', { status: 401, headers: { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' } });
}

async function readPoll(request: Request): Promise<CloudPrntPoll> {
  try {
    const body: unknown = JSON.parse(await request.text());
    return body && typeof body === 'object' ? (body as CloudPrntPoll) : {};
  } catch {
    return {};
  }
}

export const loader = publicRoute(async ({ request, params }: Route.LoaderArgs) => {
  const query = new URL(request.url).searchParams;
  const answer = await fetchCloudPrntJob(getDb(), params.token, { type: query.get('type'), jobToken: query.get('token') });
  if (!answer.ok) return answer.status === 401 || answer.status === 429 ? refused(answer) : new Response(null, { status: answer.status, headers: NO_STORE });
  return new Response(new Uint8Array(answer.body), { headers: { ...NO_STORE, 'Content-Type': answer.contentType } });
});

export const action = publicRoute(async ({ request, params }: Route.ActionArgs) => {
  if (request.method === 'POST') {
    const answer = await pollCloudPrnt(getDb(), params.token, await readPoll(request));
    return answer.ok ? Response.json(answer.body, { headers: NO_STORE }) : refused(answer);
  }
  if (request.method === 'DELETE') {
    const query = new URL(request.url).searchParams;
    const answer = await confirmCloudPrntJob(getDb(), params.token, { code: query.get('code'), jobToken: query.get('token') });
    return answer.ok ? new Response(null, { status: 200, headers: NO_STORE }) : refused(answer);
  }
  return new Response('Method not allowed', { status: 405, headers: { ...NO_STORE, Allow: 'GET, POST, DELETE' } });
});
