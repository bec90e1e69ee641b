import type { Kysely } from 'kysely';
import type { Printer } from '#app/db/schema-kitchen.ts';
import type { Database } from '#app/db/schema.ts';
import { consumeRateLimit, type RateRule } from '#app/modules/rate-limit/rate-limit.server.ts';
import { findJob, findLastSentJob, findNextJob, markJobPrinted, markJobSent, requeueJob } from './print-queue.repo.server.ts';
import { materialiseQueue } from './print-queue.server.ts';
import { findPrinterByTokenHash, markPrinterPolled } from './printer.repo.server.ts';
import { hashPrinterToken } from './printer-token.server.ts';
import type { TicketPayload } from './printing.types.ts';
import { CLOUDPRNT_MEDIA_TYPES, isCloudPrntMediaType, renderTicket } from './ticket-render.server.ts';

/**
 * Star CloudPRNT, the server's side (issue 36 item 3, decision 0036). The printer POSTs its status
 * JSON every few seconds; the answer says whether a job is ready, in which media types, and the
 * job's token. It then GETs the job in the type it prints (the job becomes 'sent') and, once
 * printed, DELETEs it with a status code: a 2xx code marks it 'printed', any other puts it back in
 * the queue. A job fetched and never confirmed is offered again on the next poll. The printer is
 * known by the token in its address alone (no session, no cookie): a wrong, unknown or revoked
 * token gets the same 401 after the same work (hash, count, look up), and every token's requests
 * are counted against a limit before anything else is read.
 */

/** A printer polls every 2 to 10 s and fetches and confirms each ticket (three requests): 900 a minute lets one catch up on a busy service's queue after an outage at its printing speed, and stops a flood. */
export const PRINTER_RATE_RULE: RateRule = { max: 900, windowSeconds: 60 };

export type PrinterRefusal = { ok: false; status: 401 } | { ok: false; status: 429; retryAfterSeconds: number };

async function admit(db: Kysely<Database>, token: string, now: Date): Promise<{ ok: true; printer: Printer } | PrinterRefusal> {
  const tokenHash = hashPrinterToken(token);
  const verdict = await consumeRateLimit(db, `printer:${tokenHash}`, PRINTER_RATE_RULE, now);
  if (!verdict.ok) return { ok: false, status: 429, retryAfterSeconds: verdict.retryAfterSeconds };
  const printer = await findPrinterByTokenHash(db, tokenHash);
  return printer ? { ok: true, printer } : { ok: false, status: 401 };
}

/** What the printer says when it polls (the fields this server reads; the rest is ignored). */
export interface CloudPrntPoll {
  printingInProgress?: unknown;
  jobToken?: unknown;
  statusCode?: unknown;
}

export type PollAnswer = { ok: true; body: { jobReady: false } | { jobReady: true; mediaTypes: string[]; jobToken: string; deleteMethod: 'DELETE' } } | PrinterRefusal;

/** A CloudPRNT status code such as "200 OK" ("200%20OK" in a poll's JSON): 2xx is printed. */
const succeeded = (code: unknown) => typeof code === 'string' && /^2\d\d(?:\D|$)/.test(code.trim());

/** A poll: the printer is seen, its queue made from the orders' state, and the oldest unconfirmed ticket offered. */
export async function pollCloudPrnt(db: Kysely<Database>, token: string, poll: CloudPrntPoll, now = new Date()): Promise<PollAnswer> {
  const admitted = await admit(db, token, now);
  if (!admitted.ok) return admitted;
  const { printer } = admitted;
  await markPrinterPolled(db, printer.restaurantId, printer.id, now.toISOString());
  // a printer that reports the job it printed in its next poll confirms it there
  if (typeof poll.jobToken === 'string' && poll.jobToken && succeeded(poll.statusCode))
    await markJobPrinted(db, printer.restaurantId, printer.id, poll.jobToken, now.toISOString());
  if (poll.printingInProgress === true) return { ok: true, body: { jobReady: false } };
  await materialiseQueue(db, printer, now);
  const next = await findNextJob(db, printer.restaurantId, printer.id);
  if (!next) return { ok: true, body: { jobReady: false } };
  return { ok: true, body: { jobReady: true, mediaTypes: [...CLOUDPRNT_MEDIA_TYPES], jobToken: next.id, deleteMethod: 'DELETE' } };
}

export type FetchAnswer = { ok: true; contentType: string; body: Buffer } | { ok: false; status: 404 | 415 } | PrinterRefusal;

/** The printer fetches the job it was offered (or, without a job token, the oldest unconfirmed): rendered in the type it asked for. */
export async function fetchCloudPrntJob(db: Kysely<Database>, token: string, request: { type: string | null; jobToken: string | null }, now = new Date()): Promise<FetchAnswer> {
  const admitted = await admit(db, token, now);
  if (!admitted.ok) return admitted;
  const { printer } = admitted;
  const type = request.type ?? CLOUDPRNT_MEDIA_TYPES[0];
  if (!isCloudPrntMediaType(type)) return { ok: false, status: 415 };
  const job = request.jobToken ? await findJob(db, printer.restaurantId, printer.id, request.jobToken) : await findNextJob(db, printer.restaurantId, printer.id);
  if (!job || job.status === 'printed') return { ok: false, status: 404 };
  const body = renderTicket(JSON.parse(job.payload) as TicketPayload, type, printer.paperWidth);
  await markJobSent(db, printer.restaurantId, printer.id, job.id, now.toISOString());
  return { ok: true, contentType: type, body };
}

export type ConfirmAnswer = { ok: true; printed: boolean } | PrinterRefusal;

/** The printer's word on a job it fetched: 2xx printed (once: a second confirmation changes nothing), else back in the queue. */
export async function confirmCloudPrntJob(
  db: Kysely<Database>,
  token: string,
  request: { code: string | null; jobToken: string | null },
  now = new Date(),
): Promise<ConfirmAnswer> {
  const admitted = await admit(db, token, now);
  if (!admitted.ok) return admitted;
  const { printer } = admitted;
  const jobToken = request.jobToken ?? (await findLastSentJob(db, printer.restaurantId, printer.id))?.jobToken ?? null;
  if (!jobToken) return { ok: true, printed: false };
  if (succeeded(request.code)) return { ok: true, printed: await markJobPrinted(db, printer.restaurantId, printer.id, jobToken, now.toISOString()) };
  await requeueJob(db, printer.restaurantId, printer.id, jobToken);
  return { ok: true, printed: false };
}
