import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeTranslator, type FakeTranslator } from '#tests/support/fake-translation.ts';
import { createThrowawayPostgres } from '#tests/support/throwaway-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** the server's data folder (uploads, outbox; the SQLite file when no PostgreSQL is used) */
    dataDir: string;
    /** the server's PostgreSQL database, or '' when it runs on the SQLite file in dataDir */
    databaseUrl: string;
  }
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;
/** automatic translation goes to a fake LibreTranslate (tests/support/fake-translation.ts) */
let translator: FakeTranslator | undefined;

/**
 * With E2E_DATABASE_URL (a PostgreSQL server URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)
 * the server runs on a throw-away database made there and dropped at the end; without it, on SQLite.
 */
function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(script, { env, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/** Migrates and seeds a throw-away database (SQLite file, or PostgreSQL), then starts the built server on a free port. */
export default async function setup(project: TestProject) {
  dataDir = mkdtempSync(join(tmpdir(), 'bucate-e2e-'));
  const postgres = process.env.E2E_DATABASE_URL ? await createThrowawayPostgres(process.env.E2E_DATABASE_URL, 'bucate_e2e') : undefined;
  const teardown = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server?.once('exit', resolve));
    }
    await postgres?.drop();
    await translator?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  let port: number;
  try {
    translator = await startFakeTranslator('libretranslate');
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '', NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'true' };
    await runToEnd('scripts/prepare-data.ts', env);
    const freePort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    server = fork('server/index.ts', [], {
      env: {
        ...env,
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
    port = await new Promise<number>((resolve, reject) => {
      server!.on('message', (message: { type?: string; port?: number }) => {
        if (message.type === 'listening' && message.port) resolve(message.port);
      });
      server!.on('exit', (code) => reject(new Error(`server exited early with ${code}`)));
    });
  } catch (error) {
    await teardown(); // a failed start must not leave a database behind
    throw error;
  }
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('dataDir', dataDir);
  project.provide('databaseUrl', postgres?.url ?? '');
  return teardown;
}
