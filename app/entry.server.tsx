import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { requestInfoContext } from './context.ts';
import { closeDatabase, getDb } from './db/db.server.ts';
import { logger } from './logger.server.ts';
import { getMenuCacheVersion } from './modules/menu/menu.service.server.ts';
import { NonceProvider } from './ui/nonce.tsx';

export { requestInfoContext } from './context.ts';

/** For the server's menu render cache: the menu version of a slug and whether it is published now (one indexed read). */
export function getMenuVersion(slug: string): Promise<number | undefined> {
  return getMenuCacheVersion(getDb(), slug);
}

/** Called by the HTTP server on SIGTERM/SIGINT after it stops accepting connections. */
export async function shutdown(): Promise<void> {
  await closeDatabase();
}

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestInfoContext);
  // Bots and our own menu page get the whole document at once; people get it streamed.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, 'render failed');
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
