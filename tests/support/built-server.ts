import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BuiltServer {
  baseUrl: string;
  process: ChildProcess;
  /** everything the process wrote to stdout and stderr so far (its pino log lines) */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built server (`npm run build` first) as tests/e2e/global-setup.ts does, on a free
 * port, over the given database, for tests of what the HTTP process itself does.
 */
export async function startBuiltServer(options: { databaseUrl?: string; sqlitePath?: string; env?: Record<string, string> }): Promise<BuiltServer> {
  if (!existsSync('build/server/index.js')) throw new Error('these tests start the built server: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'bucate-server-'));
  let output = '';
  const child = fork('server/index.ts', [], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'server-test-secret-'.padEnd(40, 'x'),
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl ?? '',
      SQLITE_PATH: options.sqlitePath || join(dataDir, 'unused.sqlite'),
      SEED_DEMO: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type === 'listening' && message.port) resolve(message.port);
    });
    child.on('exit', (code) => reject(new Error(`server exited early with ${code}:\n${output}`)));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
