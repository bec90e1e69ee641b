/** One message of a Server-Sent Events stream as a browser would parse it (a comment has only `comment`). */
export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

function parseBlock(block: string): SseMessage {
  const message: SseMessage = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      message.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') message.data = message.data === undefined ? value : `${message.data}\n${value}`;
    else if (field === 'id' || field === 'event' || field === 'retry') message[field] = value;
  }
  return message;
}

/**
 * Reads a live stream's response in the background, as a test's board: `messages` grows as they
 * arrive, `until` waits (generously: it never measures) for what a test expects.
 */
export function readSse(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const messages: SseMessage[] = [];
  let buffer = '';
  let ended = false;
  let notify = () => {};
  const pumped = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          messages.push(parseBlock(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        notify();
      }
    } catch {
      // cancelled by the test
    } finally {
      ended = true;
      notify();
    }
  })();

  /** events only (no comments, no `retry:`) */
  const events = () => messages.filter((m) => m.data !== undefined);

  return {
    messages,
    events,
    get ended() {
      return ended;
    },
    /** resolves when `check` holds for what arrived; fails after `timeoutMs` with what did arrive */
    async until(check: (all: SseMessage[]) => boolean, timeoutMs = 10_000): Promise<SseMessage[]> {
      const deadline = Date.now() + timeoutMs;
      while (!check(messages)) {
        if (ended) throw new Error(`stream ended; received ${JSON.stringify(messages)}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`timed out; received ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          notify = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      return messages;
    },
    /** resolves once the server ended the stream */
    async end(timeoutMs = 10_000): Promise<void> {
      await Promise.race([pumped, new Promise((_, reject) => setTimeout(() => reject(new Error('stream did not end')), timeoutMs).unref())]);
    },
    async cancel(): Promise<void> {
      await reader.cancel().catch(() => {});
      await pumped;
    },
  };
}
