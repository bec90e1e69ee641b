import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` (scripts/start.mjs) with every path setting absolute, then every one relative to the
 * checkout (issue 23 item 13: an absolute DATA_DIR was joined to the checkout to find auth-secret,
 * and the start crashed). Each way, the app must answer, keep its files where the settings say and
 * serve uploads from DATA_DIR/uploads.
 */
const root = resolve(import.meta.dirname, '..', '..');
const scratch: string[] = [];

afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

interface Started {
  baseUrl: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Runs `node scripts/start.mjs` as `npm start` does and waits for the server's "listening" log line. */
async function npmStart(env: Record<string, string>): Promise<Started> {
  let output = '';
  const inherited = { ...process.env };
  for (const name of ['AUTH_SECRET', 'NODE_ENV', 'DATABASE_URL', 'SQLITE_PATH', 'BACKUP_DIR', 'DATA_DIR']) delete inherited[name];
  // its own process group: start.mjs runs the server as a child, and both must stop
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, START_AS_BUILT: '1', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO: 'false', ...env },
  });
  const port = await new Promise<number>((done, fail) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.includes('"msg":"listening"'));
      if (line) done((JSON.parse(line) as { port: number }).port);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => fail(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

describe('npm start with absolute and relative path settings', () => {
  const cases = [
    ['absolute', (dir: string) => dir],
    ['relative to the checkout', (dir: string) => relative(root, dir)],
  ] as const;

  for (const [name, asSetting] of cases) {
    it(`starts with DATA_DIR, SQLITE_PATH and BACKUP_DIR ${name}`, async () => {
      // the relative case lives under the checkout's tmp/ (ignored by git), the absolute one anywhere
      mkdirSync(join(root, 'tmp'), { recursive: true });
      const base = mkdtempSync(name === 'absolute' ? join(tmpdir(), 'bucate-start-') : join(root, 'tmp', 'start-'));
      scratch.push(base);
      const dataDir = join(base, 'data');
      const sqlitePath = join(base, 'db', 'bucate.sqlite');
      mkdirSync(join(dataDir, 'uploads'), { recursive: true });
      mkdirSync(join(base, 'db'), { recursive: true });
      writeFileSync(join(dataDir, 'uploads', 'probe.txt'), 'served from DATA_DIR/uploads');

      const settings = { DATA_DIR: asSetting(dataDir), SQLITE_PATH: asSetting(sqlitePath), BACKUP_DIR: asSetting(join(base, 'backups')) };
      const app = await npmStart(settings);
      try {
        expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
        const upload = await fetch(`${app.baseUrl}/uploads/probe.txt`);
        expect(upload.status).toBe(200);
        expect(await upload.text()).toBe('served from DATA_DIR/uploads');
        // the signing secret and the database are where the settings say, nowhere else
        expect(existsSync(join(dataDir, 'auth-secret'))).toBe(true);
        expect(existsSync(sqlitePath)).toBe(true);
        expect(existsSync(join(dataDir, 'bucate.sqlite'))).toBe(false);
      } finally {
        await app.stop();
      }
      // `npm run db:backup` with the same settings writes into BACKUP_DIR (beside the worker's daily one, if it ran)
      const backups = () => (existsSync(join(base, 'backups')) ? readdirSync(join(base, 'backups')).filter((file) => file.endsWith('.sqlite')) : []);
      const before = backups().length;
      execFileSync(process.execPath, ['scripts/db-backup.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: '', ...settings }, stdio: 'pipe' });
      expect(backups()).toHaveLength(before + 1);
    }, 240_000);
  }
});
