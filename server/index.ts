import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import { CLIENT_IP_HEADER } from '#app/auth/auth.server.ts';
import { REQUEST_ID_HEADER } from '#app/modules/access/access.server.ts';
import { getBillingFormOrigins, getImageOrigin, isHttps, isTestClockEnabled } from '#app/env.server.ts';
import { TEST_CLOCK_HEADER, testClockInstant } from '#app/modules/guest-menu/menu-clock.server.ts';
import { logger } from '#app/logger.server.ts';
import { uploadsDir } from '#app/modules/image/storage.server.ts';
import { isDatabaseUnavailable } from '#app/db/database-errors.ts';
import type { RequestInfo } from '#app/context.ts';
import { compressedAssets } from './compressed-assets.ts';
import { compressUnlessEventStream } from './compression-filter.ts';
import { sendServerError } from './error-page.ts';
import { redactUrl } from './log-redaction.ts';
import type { ViewRecord } from '#app/modules/insights/insight-recorder.server.ts';
import { createMenuCache } from './menu-cache.ts';
import { createMenuViewCounter } from './menu-views.ts';
import { createMetrics, createRoutePatternOf, metricsHandler } from './metrics.ts';
import { createReactRouterHandler as createAppHandler } from './react-router-handler.ts';
import { exitOnCrash, loadEnvOrExit, stopGracefully } from './process-lifecycle.ts';
import { isAcceptableTarget } from './request-guard.ts';
import { cspDirectives, staticSecurityHeaders } from './security-headers.ts';

/**
 * The HTTP process: security headers, compression, static files, request logs, then React Router.
 * Stateless: any number of these can run behind a load balancer over one PostgreSQL.
 */
const env = loadEnvOrExit();
const https = isHttps(env);
const isDev = env.NODE_ENV === 'development' && process.argv.includes('--dev');

type EntryModule = {
  requestInfoContext: Parameters<RouterContextProvider['set']>[0];
  getPoolStats(): { total: number; idle: number; waiting: number } | undefined;
  checkReadiness(): Promise<Record<string, string>>;
  getMenuVersion(slug: string): Promise<number | undefined>;
  renderGuestMenu(request: Request): Promise<Response>;
  recordMenuView(view: ViewRecord): void;
  startJobWorker(): void;
  stopJobWorker(): Promise<void>;
  closeLiveStreams(): void;
  shutdown(): Promise<void>;
};

exitOnCrash();

const vite = isDev ? await import('vite').then((v) => v.createServer({ server: { middlewareMode: true }, appType: 'custom' })) : undefined;

async function loadBuild(): Promise<ServerBuild> {
  if (vite) return (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  // @ts-ignore: the build exists after `npm run build`
  return (await import('../build/server/index.js')) as ServerBuild;
}

const initialBuild = await loadBuild();
const entryOf = (build: ServerBuild) => build.entry.module as unknown as EntryModule;
const metrics = createMetrics({
  poolStats: () => entryOf(initialBuild).getPoolStats(),
  // read when /metrics is asked for, after the cache below exists
  menuCacheStats: () => handleMenuRequest?.stats(),
});
const routePatternOf = createRoutePatternOf(initialBuild);

const app = express();
app.disable('x-powered-by');
// a number of proxy hops or a list of proxy addresses, never `true` (see env.server.ts)
if (env.TRUST_PROXY !== undefined) app.set('trust proxy', env.TRUST_PROXY);

/** Answered by express itself, before React Router: labelled as themselves, not as the "/:slug" they would match. */
const OPERATOR_PATHS = new Set(['/metrics', '/readyz', '/healthz']);

app.use((req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  // better-auth reads the client address from this header only; a client's own value is replaced.
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? '';
  // one id per request, ours (a client's own value is replaced): in the log line and the audit log
  const requestId = randomUUID();
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader('X-Request-Id', requestId);
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const route = OPERATOR_PATHS.has(req.path) ? req.path : req.path.startsWith('/assets/') ? '/assets' : routePatternOf(req.path);
    metrics.duration.observe({ method: req.method, route, status: String(res.statusCode) }, Number(process.hrtime.bigint() - started) / 1e9);
  });
  next();
});

app.get('/metrics', metricsHandler(metrics.registry, env.METRICS_TOKEN));
// Readiness (the load balancer sends traffic here only when this answers 200); /healthz stays liveness.
app.get('/readyz', async (_req, res) => {
  const checks = await entryOf(initialBuild).checkReadiness();
  const ready = Object.values(checks).every((v) => v === 'ok');
  res
    .status(ready ? 200 : 503)
    .set('Cache-Control', 'no-store')
    .json({ status: ready ? 'ready' : 'unavailable', checks });
});

app.use(
  pinoHttp({
    logger,
    genReqId: (req) => String(req.headers[REQUEST_ID_HEADER]),
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' || Boolean(req.url?.startsWith('/assets/')) },
  }),
);

app.use(
  helmet({
    contentSecurityPolicy: isDev
      ? false
      : {
          useDefaults: false,
          directives: {
            ...cspDirectives(null, https, getImageOrigin(env), getBillingFormOrigins(env)),
            'script-src': ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          },
        },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }),
);

// the build's CSS and JavaScript at maximum compression, from memory (before the on-the-fly compression)
if (!vite) app.use('/assets', compressedAssets('build/client/assets'));
app.use(compression({ filter: compressUnlessEventStream }));

if (vite) {
  app.use(vite.middlewares);
} else {
  // Built assets have content hashes in their names: cache them for a year.
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', index: false }));
  app.use(express.static('build/client', { maxAge: '1h', index: false }));
}
// Uploaded images get a fresh random name on every upload, so they never change either.
app.use('/uploads', express.static(uploadsDir(env.DATA_DIR), { immutable: true, maxAge: '1y', index: false, dotfiles: 'deny' }));

function loadContext(build: ServerBuild, info: RequestInfo) {
  const context = new RouterContextProvider();
  context.set(entryOf(build).requestInfoContext, info);
  return context;
}

app.all(
  '/{*splat}',
  createAppHandler({
    build: vite ? loadBuild : initialBuild,
    mode: env.NODE_ENV,
    getLoadContext: async (req, res) => {
      const info: RequestInfo = { nonce: res.locals.cspNonce as string, clientIp: String(req.headers[CLIENT_IP_HEADER]) };
      return { context: loadContext(vite ? await loadBuild() : initialBuild, info), info };
    },
  }),
);

// Whatever escaped the handler: logged once, answered translated, the process keeps serving.
app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
  const unavailable = isDatabaseUnavailable(error);
  logger[unavailable ? 'warn' : 'error']({ err: error, url: redactUrl(req.originalUrl) }, 'request failed');
  if (res.headersSent) return void res.destroy();
  if (unavailable) return sendServerError(req, res, 503, { headers: { 'Retry-After': '5' } });
  res.status(500).type('text/plain').send('Internal Server Error');
});

// The guest menu's hot path bypasses Express (see server/menu-cache.ts); not in development,
// where every request should show the code as it is now. A miss renders the page directly, not
// through React Router (decision 0025).
const handleMenuRequest = vite
  ? undefined
  : createMenuCache({
      getVersion: (slug) => entryOf(initialBuild).getMenuVersion(slug),
      render: (request) => entryOf(initialBuild).renderGuestMenu(request),
      securityHeaders: staticSecurityHeaders(https, getImageOrigin(env)),
      logger,
      maxBytes: env.MENU_CACHE_MAX_MB * 1024 * 1024,
      sharedMaxAge: env.MENU_SHARED_MAX_AGE,
      onAnswer: (outcome) => metrics.menuCache.inc({ result: outcome }),
      // owner insights: a guest's view counted in memory, hits included (server/menu-views.ts)
      onServe: createMenuViewCounter((view) => entryOf(initialBuild).recordMenuView(view), clientAddressOf),
      // browser tests only (never on a public production server): the clock from X-Test-Now
      ...(isTestClockEnabled(env) ? testClockOptions() : {}),
    });
const origin = `http://localhost:${env.PORT}`;

/** The client address exactly as Express derives req.ip (TRUST_PROXY), for the menu path that runs before Express. */
function clientAddressOf(req: IncomingMessage): string {
  const asExpress = Object.assign(Object.create(app.request) as express.Request, { headers: req.headers, socket: req.socket });
  return asExpress.ip ?? req.socket.remoteAddress ?? '';
}

/** The menu cache on the test clock: "now" and the render's clock from the guest's X-Test-Now. */
function testClockOptions() {
  const header = (req: { headers: Record<string, string | string[] | undefined> }) => {
    const value = req.headers[TEST_CLOCK_HEADER];
    return typeof value === 'string' && testClockInstant(value) !== null ? value : undefined;
  };
  return {
    now: (req: Parameters<typeof header>[0]) => testClockInstant(header(req)) ?? Date.now(),
    renderHeaders: (req: Parameters<typeof header>[0]): Record<string, string> => {
      const value = header(req);
      return value ? { [TEST_CLOCK_HEADER]: value } : {};
    },
  };
}

const server = createServer((req, res) => {
  // A target with NUL, control characters or broken percent-encoding names no page of ours:
  // the not-found page, before anything (cache, database) looks at it.
  if (!isAcceptableTarget(req.url ?? '/')) {
    if (req.method === 'GET' || req.method === 'HEAD') {
      req.url = '/not-found';
      return void app(req, res);
    }
    return sendServerError(req, res, 404, { close: true });
  }
  if (!handleMenuRequest) return void app(req, res);
  handleMenuRequest(req, res, origin).then(
    (handled) => {
      if (!handled) app(req, res);
    },
    (error: unknown) => {
      logger.error({ err: error, url: redactUrl(req.url ?? '') }, 'menu fast path failed');
      if (!res.headersSent) app(req, res);
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  logger.info({ port, mode: env.NODE_ENV }, 'listening');
  if (process.send) process.send({ type: 'listening', port });
  // background jobs in this process too, unless they run in `npm run worker` processes (WORKER=off)
  if (env.WORKER === 'on') entryOf(initialBuild).startJobWorker();
});

stopGracefully('server', 10_000, async () => {
  server.close();
  // the live boards' streams never end on their own: ended here, each board reconnects to another process
  entryOf(initialBuild).closeLiveStreams();
  server.closeIdleConnections();
  // no new jobs claimed; the running ones finish while the last requests do
  const workerStopped = entryOf(initialBuild).stopJobWorker();
  await new Promise<void>((resolve) => server.on('close', () => resolve()));
  await workerStopped;
  await vite?.close();
  await entryOf(initialBuild).shutdown();
});
