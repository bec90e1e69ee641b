/**
 * A Star CloudPRNT printer, emulated as the printer's own client behaves (issue 36, decision 0036):
 * it POSTs its status JSON to its server address, and when the answer says `jobReady` it GETs the
 * job in the first media type it prints (with `type`, `mac` and the job's `token` in the query),
 * "prints" it, then DELETEs it with `code=200 OK` (or a failure code) and the token. Offline, it
 * neither polls nor confirms. The transport is given: `fetch` against a running server (the bench),
 * or the route module's own handlers (the integration tests).
 */
export type Send = (request: Request) => Promise<Response>;

export interface PrintedTicket {
  jobToken: string;
  mediaType: string;
  bytes: Buffer;
  /** performance.now() when it printed (after the confirmation was answered) */
  at: number;
}

export interface CloudPrntPrinterOptions {
  /** the printer's CloudPRNT server address, token included */
  url: string;
  send: Send;
  /** the media types it prints, best first (an mC-Print3 prints StarPRNT) */
  prints?: string[];
  mac?: string;
}

export class CloudPrntPrinter {
  readonly printed: PrintedTicket[] = [];
  /** statuses of the server's answers that were not 200 (401, 429, ...) */
  readonly refusals: number[] = [];
  offline = false;
  /** the next fetched job is not confirmed (the power cut between printing and confirming) */
  dropNextConfirmation = false;
  /** the code sent with the next confirmation instead of "200 OK" */
  nextCode: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly prints: string[];
  private readonly mac: string;
  private readonly options: CloudPrntPrinterOptions;

  constructor(options: CloudPrntPrinterOptions) {
    this.options = options;
    this.prints = options.prints ?? ['application/vnd.star.starprnt'];
    this.mac = options.mac ?? '00:11:62:00:00:01';
  }

  private address(query: Record<string, string>): string {
    const url = new URL(this.options.url);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  }

  /** One poll and, when a job is ready, its fetch and confirmation. Returns whether a job was printed. */
  async pollOnce(): Promise<boolean> {
    if (this.offline) return false;
    const poll = await this.options.send(
      new Request(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: '23 86 00 00 00 00 00 00 00 ', printerMAC: this.mac, statusCode: '200%20OK', printingInProgress: false, clientAction: null }),
      }),
    );
    if (poll.status !== 200) {
      this.refusals.push(poll.status);
      await poll.arrayBuffer();
      return false;
    }
    const answer = (await poll.json()) as { jobReady: boolean; mediaTypes?: string[]; jobToken?: string; deleteMethod?: string };
    if (!answer.jobReady) return false;
    const type = this.prints.find((one) => answer.mediaTypes?.includes(one));
    if (!type) throw new Error(`the server offers ${answer.mediaTypes?.join(', ')}, none this printer prints`);
    const jobToken = answer.jobToken ?? '';
    const job = await this.options.send(new Request(this.address({ uid: this.mac, type, mac: this.mac, token: jobToken }), { method: 'GET' }));
    if (job.status !== 200) {
      this.refusals.push(job.status);
      await job.arrayBuffer();
      return false;
    }
    const bytes = Buffer.from(await job.arrayBuffer());
    if (this.dropNextConfirmation) {
      this.dropNextConfirmation = false;
      return false;
    }
    const code = this.nextCode ?? '200 OK';
    this.nextCode = null;
    const confirmed = await this.options.send(new Request(this.address({ code, mac: this.mac, token: jobToken }), { method: 'DELETE' }));
    await confirmed.arrayBuffer();
    if (confirmed.status !== 200) {
      this.refusals.push(confirmed.status);
      return false;
    }
    if (!code.startsWith('2')) return false;
    this.printed.push({ jobToken, mediaType: type, bytes, at: performance.now() });
    return true;
  }

  /** Polls until nothing is ready (a printer prints its queue one job after another). */
  async drain(limit = 500): Promise<number> {
    let count = 0;
    while (count < limit && (await this.pollOnce())) count++;
    return count;
  }

  /** Polls every `intervalMs` (and straight on while jobs are ready), until `stop()`. */
  start(intervalMs: number): void {
    const tick = async () => {
      try {
        await this.drain();
      } catch {
        // a poll that failed (a server restarting) is tried again at the next interval, as a printer does
      }
      if (this.timer !== null) this.timer = setTimeout(() => (this.running = tick()), intervalMs);
    };
    this.timer = setTimeout(() => (this.running = tick()), 0);
  }

  async stop(): Promise<void> {
    const timer = this.timer;
    this.timer = null;
    if (timer) clearTimeout(timer);
    await this.running;
  }
}
