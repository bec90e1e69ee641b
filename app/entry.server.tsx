import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { requestInfoContext } from './context.ts';
import { isDatabaseUnavailable } from './db/database-errors.ts';
import { closeDatabase, getDatabase, getDb } from './db/db.server.ts';
import { pingDatabase } from './db/health.server.ts';
import { pendingMigrations } from './db/migrate.server.ts';
import { getEnv, getPublicUrl } from './env.server.ts';
import { logger } from './logger.server.ts';
import { getBilling } from './modules/billing/stripe-client.server.ts';
import { getStorage } from './modules/image/storage.server.ts';
import type { JobWorker } from './modules/jobs/job-worker.server.ts';
import { wireAuth } from './wiring/auth-services.server.ts';
import { wireLiveBus } from './wiring/live-bus.server.ts';
import { closeLiveBus } from './modules/live/live-bus.server.ts';
import { closeLiveStreams } from './modules/live/live-stream.server.ts';
import { createConfiguredWorker } from './wiring/job-handlers.server.ts';
import { getMailer } from './modules/mail/mailer.server.ts';
import { loadGuestMenuPage } from './modules/guest-menu/guest-menu-page.server.ts';
import { getMenuCacheVersion } from './modules/guest-menu/menu.service.server.ts';
import { MenuDocument } from './ui/menu/guest-menu.tsx';
import { NonceProvider } from './ui/nonce.tsx';
import { DEFAULT_LOCALE, getI18n, isLocale } from './i18n/i18n.ts';
import { pageCatalogueJson } from './i18n/catalogue-parts.server.ts';
import { PageCatalogueContext, setPageI18n } from './i18n/page-i18n.ts';
import { PrivacyPolicy } from './content/privacy-policy.tsx';
import { providePrivacyPolicy } from './ui/consent/privacy-modal.tsx';
import type { ViewRecord } from './modules/insights/insight-recorder.server.ts';
import { flushInsightsOnStop, insightRecorder } from './modules/insights/insights-runtime.server.ts';

export { requestInfoContext } from './context.ts';

// The composition root of the app process (decision 0027): better-auth's e-mails and password-check
// limit come from the modules, given before any request reaches getAuth(); the live boards' bus
// is chosen for the database (decision 0031).
wireAuth();
wireLiveBus();
// pages render with the full catalogues here; a hydrated page carries its own part for the browser
setPageI18n(getI18n);
providePrivacyPolicy(PrivacyPolicy);

export { closeLiveStreams };

/** For the server's menu render cache: the menu version of a slug and whether it is published now (one indexed read). */
export function getMenuVersion(slug: string): Promise<number | undefined> {
  return getMenuCacheVersion(getDb(), slug);
}

/**
 * For the server's menu render cache, on a miss: the guest menu page rendered straight from its data,
 * without React Router's request pipeline (decision 0025: a miss cost ~3× the render itself there,
 * most of it encoding the 200 dishes' loader data for a page that is never hydrated). Same data and
 * headers as the route's loader, same component as the route; 404 when no restaurant has the slug,
 * so the cache lets the app answer (a moved slug's redirect, the not-found page).
 */
export async function renderGuestMenu(request: Request): Promise<Response> {
  const slug = decodeURIComponent(new URL(request.url).pathname.slice(1));
  const page = await loadGuestMenuPage(getDb(), slug, request, getPublicUrl());
  if (!page) return new Response(null, { status: 404 });
  const html = `<!DOCTYPE html>${renderToString(<MenuDocument page={page.data} />)}`;
  // as bytes: a string body is checked character by character for lone surrogates (a USVString),
  // 3 ms of a 200-dish miss on this host; Buffer.from encodes natively (React's output is well-formed)
  return new Response(Buffer.from(html, 'utf8'), { headers: { ...page.headers, 'Content-Type': 'text/html; charset=utf-8' } });
}

/** For the server's menu render cache: a guest's view, counted in memory (owner insights, decision 0018). */
export function recordMenuView(view: ViewRecord): void {
  insightRecorder().recordView(view);
}

let worker: JobWorker | undefined;

/**
 * The job worker inside the app process (unless WORKER=off), started by the HTTP server after it
 * listens. It lives in this bundle so an enqueue in a request wakes it at once (decision 0010).
 */
export function startJobWorker(): void {
  const env = getEnv();
  worker ??= createConfiguredWorker(getDatabase(), env, { mailer: getMailer(env), storage: getStorage(), billing: getBilling() });
  worker.start();
}

/** Stops claiming jobs and waits for the running ones (shutdown calls it too). */
export async function stopJobWorker(): Promise<void> {
  await worker?.stop();
}

/** For /metrics: the PostgreSQL pool's connections (undefined on SQLite). */
export function getPoolStats(): { total: number; idle: number; waiting: number } | undefined {
  const pool = getDatabase().pool;
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : undefined;
}

/** For /readyz: whether this process can do its work: database answers, schema current, storage writable. */
export async function checkReadiness(): Promise<Record<'database' | 'migrations' | 'storage', 'ok' | string>> {
  const checks: Record<'database' | 'migrations' | 'storage', 'ok' | string> = { database: 'ok', migrations: 'ok', storage: 'ok' };
  try {
    await pingDatabase(getDb());
    const pending = await pendingMigrations(getDb());
    if (pending.length) checks.migrations = `pending: ${pending.join(', ')}`;
  } catch {
    checks.database = 'unreachable';
    checks.migrations = 'unknown';
  }
  try {
    const storage = getStorage();
    const key = `readiness/${process.pid}-${Date.now()}.txt`;
    await storage.put(key, Buffer.from('ok'), 'text/plain');
    await storage.delete(key);
  } catch {
    checks.storage = 'not writable';
  }
  return checks;
}

/** Called by the HTTP server on SIGTERM/SIGINT after it stops accepting connections. */
export async function shutdown(): Promise<void> {
  await stopJobWorker();
  await flushInsightsOnStop();
  closeLiveStreams();
  await closeLiveBus();
  await closeDatabase();
}

/**
 * Every error a loader or action throws passes here. A database that cannot be reached is marked
 * on the request, and the HTTP server turns the 500 into a translated 503 (server/index.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    context.get(requestInfoContext).failure = 'database-unavailable';
    logger.warn({ err: error }, 'database unavailable');
    return;
  }
  logger.error({ err: error }, 'request failed');
};

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  const { nonce } = loadContext.get(requestInfoContext);
  // the root layout writes the page's catalogue (its language, its area's namespaces) for hydration
  const rootLocale = (routerContext.staticHandlerContext.loaderData.root as { locale?: unknown } | undefined)?.locale;
  const catalogue = pageCatalogueJson(isLocale(rootLocale) ? rootLocale : DEFAULT_LOCALE, new URL(request.url).pathname);
  // Bots and our own menu page get the whole document at once; people get it streamed.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <PageCatalogueContext value={catalogue}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageCatalogueContext>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
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
