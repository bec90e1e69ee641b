import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { createRequestHandler as createReactRouterHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { CLIENT_IP_HEADER } from '#app/auth/auth.server.ts';
import { getEnv, getImageOrigin, isHttps } from '#app/env.server.ts';
import { logger } from '#app/logger.server.ts';
import { uploadsDir } from '#app/modules/image/storage.server.ts';
import { createMenuCache } from './menu-cache.ts';
import { cspDirectives, staticSecurityHeaders } from './security-headers.ts';

/**
 * The HTTP process: security headers, compression, static files, request logs, then React Router.
 * Stateless: any number of these can run behind a load balancer over one PostgreSQL.
 */
let env: ReturnType<typeof getEnv>;
try {
  env = getEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const https = isHttps(env);
const isDev = env.NODE_ENV === 'development' && process.argv.includes('--dev');

type EntryModule = {
  requestInfoContext: Parameters<RouterContextProvider['set']>[0];
  getMenuVersion(slug: string): Promise<number | undefined>;
  shutdown(): Promise<void>;
};

const vite = isDev
  ? await import('vite').then((v) => v.createServer({ server: { middlewareMode: true }, appType: 'custom' }))
  : undefined;

async function loadBuild(): Promise<ServerBuild> {
  if (vite) return (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  // @ts-ignore: the build exists after `npm run build`
  return (await import('../build/server/index.js')) as ServerBuild;
}

const app = express();
app.disable('x-powered-by');
if (env.TRUST_PROXY) app.set('trust proxy', true);

app.use((req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  // better-auth reads the client address from this header only; a client's own value is replaced.
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? '';
  next();
});

app.use(
  pinoHttp({
    logger,
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => req.url === '/healthz' || Boolean(req.url?.startsWith('/assets/')) },
  }),
);

app.use(
  helmet({
    contentSecurityPolicy: isDev
      ? false
      : {
          useDefaults: false,
          directives: {
            ...cspDirectives(null, https, getImageOrigin(env)),
            'script-src': ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          },
        },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }),
);

app.use(compression());

if (vite) {
  app.use(vite.middlewares);
} else {
  // Built assets have content hashes in their names: cache them for a year.
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', index: false }));
  app.use(express.static('build/client', { maxAge: '1h', index: false }));
}
// Uploaded images get a fresh random name on every upload, so they never change either.
app.use('/uploads', express.static(uploadsDir(env.DATA_DIR), { immutable: true, maxAge: '1y', index: false, dotfiles: 'deny' }));

const initialBuild = await loadBuild();
const entryOf = (build: ServerBuild) => build.entry.module as unknown as EntryModule;

function loadContext(build: ServerBuild, info: { nonce: string; clientIp: string }) {
  const context = new RouterContextProvider();
  context.set(entryOf(build).requestInfoContext, info);
  return context;
}

app.all(
  '/{*splat}',
  createRequestHandler({
    build: vite ? loadBuild : initialBuild,
    mode: env.NODE_ENV,
    getLoadContext: async (req, res) =>
      loadContext(vite ? await loadBuild() : initialBuild, {
        nonce: res.locals.cspNonce as string,
        clientIp: String(req.headers[CLIENT_IP_HEADER]),
      }),
  }),
);

// The guest menu's hot path bypasses Express (see server/menu-cache.ts); not in development,
// where every request should show the code as it is now.
const renderMenu = createReactRouterHandler(initialBuild, env.NODE_ENV);
const handleMenuRequest = vite
  ? undefined
  : createMenuCache({
      getVersion: (slug) => entryOf(initialBuild).getMenuVersion(slug),
      render: (request) => renderMenu(request, loadContext(initialBuild, { nonce: '', clientIp: '' })),
      securityHeaders: staticSecurityHeaders(https, getImageOrigin(env)),
      logger,
    });
const origin = `http://localhost:${env.PORT}`;

const server = createServer((req, res) => {
  if (!handleMenuRequest) return void app(req, res);
  handleMenuRequest(req, res, origin).then(
    (handled) => {
      if (!handled) app(req, res);
    },
    (error: unknown) => {
      logger.error({ err: error, url: req.url }, 'menu fast path failed');
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
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close();
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.on('close', () => resolve()));
  await vite?.close();
  await entryOf(initialBuild).shutdown();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
