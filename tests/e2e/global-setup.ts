import { fork, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startFakeTranslator, type FakeTranslator } from '#tests/support/fake-translation.ts';
import { createThrowawayPostgres } from '#tests/support/throwaway-postgres.ts';
import { launchBrowserServer } from './browser.ts';

/** One built server on its own seeded data: what a test file of one worker talks to. */
export interface E2eServer {
  baseUrl: string;
  /** the server's data folder (uploads, outbox; the SQLite file when no PostgreSQL is used) */
  dataDir: string;
  /** the server's PostgreSQL database, or '' when it runs on the SQLite file in dataDir */
  databaseUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext extends E2eServer {
    /** one server per worker (index VITEST_POOL_ID - 1): files running side by side never share a database */
    e2eServers: E2eServer[];
    /** the Chromium every file connects to (tests/e2e/browser.ts useBrowser), instead of launching its own */
    chromiumEndpoint: string;
  }
}

/**
 * With E2E_DATABASE_URL (a PostgreSQL server URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)
 * each server runs on a throw-away database made there and dropped at the end; without it, on SQLite.
 */
function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(script, { env, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Running extends E2eServer {
  process: ChildProcess;
}

function startServer(env: NodeJS.ProcessEnv, dataDir: string, databaseUrl: string, translator: FakeTranslator): Promise<Running> {
  return freePort().then((freePort) => {
    const child = fork('server/index.ts', [], {
      env: {
        ...env,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        NODE_ENV: 'production',
        AUTH_SECRET: 'e2e-secret-'.padEnd(40, 'x'),
        PORT: String(freePort),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${freePort}`,
        // as behind one load balancer (one trusted hop): tests give each simulated person their own X-Forwarded-For,
        // so the sign-in rate limits apply per person, as in production
        TRUST_PROXY: '1',
        SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/bucate-test',
        // distinctive PRO prices, so the pricing page is seen to show the configuration, not a default
        PRO_PRICE_MONTHLY: '57.30',
        PRO_PRICE_YEARLY: '573',
        TRANSLATION_PROVIDER: 'libretranslate',
        TRANSLATION_API_URL: translator.baseUrl,
        TRANSLATION_API_KEY: translator.apiKey,
        // the guest menu's clock from X-Test-Now (tests/e2e/schedule.e2e.ts); honoured only on this loopback server
        TEST_CLOCK_HEADER: 'true',
      },
      stdio: 'inherit',
    });
    return new Promise<Running>((resolve, reject) => {
      child.on('message', (message: { type?: string; port?: number }) => {
        if (message.type === 'listening' && message.port) resolve({ process: child, baseUrl: `http://127.0.0.1:${message.port}`, dataDir, databaseUrl });
      });
      child.on('exit', (code) => reject(new Error(`server exited early with ${code}`)));
    });
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Migrates and seeds one throw-away database (SQLite file, or PostgreSQL), copies it for every
 * further worker (the data folder with it; a PostgreSQL database is copied as a template), starts one
 * built server per worker on a free port, and one Chromium for all of them.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  const dataDirs: string[] = [];
  const postgres: { url: string; drop(): Promise<void> }[] = [];
  const servers: Running[] = [];
  let translator: FakeTranslator | undefined;
  let chromium: Promise<BrowserServer> | undefined;
  const teardown = async () => {
    await Promise.all(servers.map((server) => stopServer(server.process)));
    await chromium?.then(
      (browser) => browser.close(),
      () => undefined,
    );
    await Promise.all(postgres.map((database) => database.drop()));
    await translator?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  let endpoint = '';
  try {
    chromium = launchBrowserServer();
    chromium.catch(() => undefined); // awaited below; a failure there is the one reported
    translator = await startFakeTranslator('libretranslate');
    const env = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'true' };
    for (let i = 0; i < workers; i++) dataDirs.push(mkdtempSync(join(tmpdir(), 'bucate-e2e-')));
    const adminUrl = process.env.E2E_DATABASE_URL;
    if (adminUrl) postgres.push(await createThrowawayPostgres(adminUrl, 'bucate_e2e'));
    await runToEnd('scripts/prepare-data.ts', { ...env, DATA_DIR: dataDirs[0], DATABASE_URL: postgres[0]?.url ?? '' });
    // the same seeded database and uploads for the others: a copy (the SQLite file, or CREATE DATABASE … TEMPLATE the
    // first, no one connected to it once the seed ended) costs milliseconds, a migration and seed seconds of CPU each
    for (const dir of dataDirs.slice(1)) {
      cpSync(dataDirs[0]!, dir, { recursive: true });
      if (adminUrl) postgres.push(await createThrowawayPostgres(adminUrl, 'bucate_e2e', new URL(postgres[0]!.url).pathname.slice(1)));
    }
    const started = await Promise.allSettled(dataDirs.map((dir, i) => startServer(env, dir, postgres[i]?.url ?? '', translator!)));
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    endpoint = (await chromium).wsEndpoint();
  } catch (error) {
    await teardown(); // a failed start must not leave a database behind
    throw error;
  }
  const list: E2eServer[] = servers.map(({ baseUrl, dataDir, databaseUrl }) => ({ baseUrl, dataDir, databaseUrl }));
  project.provide('e2eServers', list);
  // the first worker's, for code that runs outside a worker; tests/e2e/worker-server.ts gives each worker its own
  project.provide('baseUrl', list[0]!.baseUrl);
  project.provide('dataDir', list[0]!.dataDir);
  project.provide('databaseUrl', list[0]!.databaseUrl);
  project.provide('chromiumEndpoint', endpoint);
  return teardown;
}
