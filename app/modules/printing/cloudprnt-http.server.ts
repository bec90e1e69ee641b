import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { confirmCloudPrntJob, fetchCloudPrntJob, pollCloudPrnt, type CloudPrntPoll, type PrinterRefusal } from './cloudprnt.service.server.ts';

/**
 * A printer's polling address as HTTP (Star CloudPRNT, decision 0036): POST polls, GET fetches the
 * ticket, DELETE confirms it. The token in the address is the printer's only credential: a wrong
 * one gets 401 and nothing else, a flood 429. Never cached. The route hands its request here; the
 * tests' emulated printer does the same.
 */
const NO_STORE = { 'Cache-Control': 'no-store' };

function refused(refusal: PrinterRefusal): Response {
  const text = { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' };
  if (refusal.status === 429) return new Response('Too many requests', { status: 429, headers: { ...text, 'Retry-After': String(refusal.retryAfterSeconds) } });
  return new Response('Unauthorized', { status: 401, headers: text });
}

async function readPoll(request: Request): Promise<CloudPrntPoll> {
  try {
    const body: unknown = JSON.parse(await request.text());
    return body && typeof body === 'object' ? (body as CloudPrntPoll) : {};
  } catch {
    return {};
  }
}

export async function answerCloudPrnt(db: Kysely<Database>, request: Request, token: string): Promise<Response> {
  const query = new URL(request.url).searchParams;
  if (request.method === 'GET') {
    const answer = await fetchCloudPrntJob(db, token, { type: query.get('type'), jobToken: query.get('token') });
    if (!answer.ok) return answer.status === 401 || answer.status === 429 ? refused(answer) : new Response(null, { status: answer.status, headers: NO_STORE });
    return new Response(new Uint8Array(answer.body), { headers: { ...NO_STORE, 'Content-Type': answer.contentType } });
  }
  if (request.method === 'POST') {
    const answer = await pollCloudPrnt(db, token, await readPoll(request));
    return answer.ok ? Response.json(answer.body, { headers: NO_STORE }) : refused(answer);
  }
  if (request.method === 'DELETE') {
    const answer = await confirmCloudPrntJob(db, token, { code: query.get('code'), jobToken: query.get('token') });
    return answer.ok ? new Response(null, { status: 200, headers: NO_STORE }) : refused(answer);
  }
  return new Response('Method not allowed', { status: 405, headers: { ...NO_STORE, Allow: 'GET, POST, DELETE' } });
}
