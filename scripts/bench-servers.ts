/**
 * How the benchmarks that run several production app processes (bench:scale, bench:orders) start
 * and reach them: the built server forked on a free port with its public URL, the demo seeded by
 * scripts/prepare-data.ts first, the demo owner's session. Not a test helper: the servers here are
 * the production build with the caller's environment (tests/support/built-server.ts is the tests').
 */
import { fork, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { createServer } from 'node:net';

/** The demo seed's owner (app/modules/demo/demo-seed.server.ts, DEMO_LOGINS.owner; not imported: it would load the app's configuration). */
export const DEMO_OWNER = { email: 'demo@bucate.localhost', password: 'demo-bucate-2026' };

export interface AppServer {
  /** e.g. http://127.0.0.1:41234, also the process's PUBLIC_URL */
  base: string;
  child: ChildProcess;
}

/** A port of 127.0.0.1 free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs a script (e.g. scripts/prepare-data.ts: migrations and the demo seed) and waits for it to exit 0. */
export function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    fork(script, { env, stdio: 'ignore' }).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/**
 * Forks server/index.ts in production mode on a free port of 127.0.0.1 with `env`, and resolves once
 * it says it listens. Its output is dropped, or appended to `log` (a file the bench can name when
 * something failed); `execArgv` adds Node flags (a CPU profile).
 */
export async function startAppServer(env: NodeJS.ProcessEnv, options: { log?: string; execArgv?: string[] } = {}): Promise<AppServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const output = options.log ? openSync(options.log, 'a') : 'ignore';
  const child = fork('server/index.ts', [], {
    execArgv: [...process.execArgv, ...(options.execArgv ?? [])],
    env: { ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base },
    stdio: ['ignore', output, output, 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: { type?: string }) => m.type === 'listening' && resolve());
    child.on('exit', (code) => reject(new Error(`a server exited early with ${code}`)));
  });
  return { base, child };
}

/** The `cookie` header that carries a response's cookies on. */
export const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Signs the demo owner in on one process; the session cookie to send there. */
export async function signInDemoOwner(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(DEMO_OWNER),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return cookiesOf(response);
}

/** Stops the servers (SIGTERM, then half a second for their graceful shutdown). */
export async function stopAppServers(servers: readonly AppServer[]): Promise<void> {
  for (const server of servers) server.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/**
 * One guest's order as a browser sends it (bench:orders, bench:admin's board): "Adaugă" (the cart script's post),
 * the cart page for its total, the send. `client`: the guest's headers (its own X-Forwarded-For behind
 * TRUST_PROXY=1, so the per-client limit is the guest's, and the origin). When the send left and when its
 * answer arrived (performance.now()), and the order's token.
 */
export async function sendGuestOrder(
  base: string,
  slug: string,
  client: Record<string, string>,
  productId: string,
  tableCode: string,
): Promise<{ token: string; sentAt: number; answeredAt: number }> {
  const add = await fetch(`${base}/${slug}/comanda/adauga`, {
    method: 'POST',
    headers: { ...client, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', referer: `${base}/${slug}?via=${tableCode}` },
    body: new URLSearchParams({ p: productId, via: tableCode }),
  });
  const added = await add.text();
  if (add.status !== 200) throw new Error(`"Adaugă" answered ${add.status}: ${added.slice(0, 160)}`);
  const cookie = cookiesOf(add);
  const cart = await fetch(`${base}/${slug}/comanda`, { headers: { ...client, cookie } });
  const total = /name="total" value="(\d+)"/.exec(await cart.text())?.[1];
  if (!total) throw new Error(`the cart page (${cart.status}) has no total`);
  const sentAt = performance.now();
  const send = await fetch(`${base}/${slug}/comanda`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...client, cookie, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', referer: `${base}/${slug}/comanda` },
    body: new URLSearchParams({ intent: 'send', kind: 'dineIn', total, 'note-0': '', table: '' }),
  });
  const answeredAt = performance.now();
  const location = send.headers.get('location') ?? '';
  await send.arrayBuffer();
  const token = new RegExp(`/${slug}/comanda/([A-Za-z0-9_-]{32})`).exec(location)?.[1];
  if (send.status !== 303 || !token) throw new Error(`the order's send answered ${send.status} ${location}`);
  return { token, sentAt, answeredAt };
}
