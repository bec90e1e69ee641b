import compression from 'compression';
import type { Request, Response } from 'express';

/**
 * What the on-the-fly compression leaves alone, beyond its own rule (types it cannot shrink): a
 * live stream (`text/event-stream`, app/modules/live, decision 0031). Compressed, each stream would
 * hold a zlib state for hours (hundreds of streams per process), and an event would wait in it
 * unless every write were flushed; its events are a few hundred bytes, so nothing is lost.
 */
export function compressUnlessEventStream(req: Request, res: Response): boolean {
  const type = res.getHeader('Content-Type');
  if (typeof type === 'string' && /^\s*text\/event-stream\b/i.test(type)) return false;
  return compression.filter(req, res);
}
