/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance score (its default: a mid-range phone,
 * slow 4G and a 4× slower CPU, simulated) for the guest menu, the home page and the pricing page,
 * with LCP, total blocking time and bytes. Seeds the demo into a throw-away SQLite file, starts the
 * production server and drives Debian's Chromium (CHROMIUM_PATH). `BENCH_LIGHTHOUSE_RUNS` (default 3)
 * runs per page; the median score is printed. `BENCH_LIGHTHOUSE_PAGES=/,/pricing` picks the pages. Figures go
 * to docs/performance.md by hand. `BENCH_LIGHTHOUSE_DETAILS=1` prints, for each page's last run, where its LCP
 * went (Lighthouse's LCP breakdown and element) and what blocked rendering. `BENCH_LIGHTHOUSE_RETURNING=1` adds
 * each page for a returning visitor (cookie choice stored, files cached: an owner signing in every day).
 * Beside each page, its plain twin (issue 37): the page's own HTML with its scripts, stylesheets, images and icons taken
 * out, written as a static file into build/client and served by the same server, its Lighthouse runs alternating with
 * the page's. A host that is slow everywhere shows in the twin's figures too (a plain page's total blocking time is
 * the host's alone). No ratio of the two is printed: without its stylesheet the twin's largest paint is another element.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium as chromiumDriver } from 'playwright-core';
import { plainTwinOf } from './bench-reference.ts';
import { freePort, runToEnd, startAppServer } from './bench-servers.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const DETAILS = process.env.BENCH_LIGHTHOUSE_DETAILS === '1';
const RETURNING = process.env.BENCH_LIGHTHOUSE_RETURNING === '1';
const PAGES = (process.env.BENCH_LIGHTHOUSE_PAGES ?? '/bistro-la-bunica,/,/pricing').split(',').filter(Boolean);
const dataDir = mkdtempSync(join(tmpdir(), 'bucate-bench-lighthouse-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'true', AUTH_SECRET: randomBytes(32).toString('hex') };

async function startChromium(): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${join(dataDir, 'chromium')}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, child };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('Chromium did not open its debugging port');
}

/** What Lighthouse says of one run's LCP and render-blocking requests, trimmed to what a reader acts on. */
function printDetails(path: string, audits: Record<string, { details?: unknown; displayValue?: string; numericValue?: number }>): void {
  const pick = (id: string) => JSON.stringify(audits[id]?.details ?? null, (key, value: unknown) => (['type', 'debugData', 'headings'].includes(key) ? undefined : value));
  console.log(`details of ${path} (last run):`);
  for (const id of ['lcp-breakdown-insight', 'render-blocking-insight', 'network-dependency-tree-insight', 'font-display-insight']) {
    const text = pick(id);
    console.log(`  ${id}: ${text.length > 2000 ? `${text.slice(0, 2000)}…` : text}`);
  }
}

/**
 * A visitor who has been here before (BENCH_LIGHTHOUSE_RETURNING=1): the cookie choice stored (so no banner) and
 * the page's files in the browser's cache, as for an owner who signs in every day. The runs that follow keep
 * the browser's storage and cache (Lighthouse's disableStorageReset).
 */
async function visitAsReturning(port: number, url: string): Promise<void> {
  const browser = await chromiumDriver.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(() => localStorage.setItem('cookie-consent', 'all'));
    await page.reload({ waitUntil: 'load' });
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Writes `path`'s plain twin (as the server answers it now) into build/client; the address it is served at. */
async function writeTwin(base: string, path: string, index: number): Promise<{ address: string; file: string }> {
  const response = await fetch(`${base}${path}`);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const name = `bench-plain-twin-${process.pid}-${index}.html`;
  const file = join('build', 'client', name);
  writeFileSync(file, plainTwinOf(await response.text()));
  return { address: `/${name}`, file };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Run {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

/** One Lighthouse run of `url`; undefined (and said) when Lighthouse could not finish it (NO_FCP and the like on an overloaded host, which scores 0). */
async function runLighthouse(port: number, url: string, returning: boolean, label: string, details: boolean): Promise<Run | undefined> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: returning });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) {
    console.log(`(${label}: ${runtimeError.code}, not counted)`);
    return undefined;
  }
  if (details) printDetails(label, audits);
  return {
    score: Math.round((categories['performance']?.score ?? 0) * 100),
    lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
    tbt: audits['total-blocking-time']?.numericValue ?? 0,
    cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    bytes: audits['total-byte-weight']?.numericValue ?? 0,
  };
}

const twins: string[] = [];
let server: ChildProcess | undefined;
let chromium: ChildProcess | undefined;
try {
  console.log(
    `${cpus().length} cores, Node ${process.versions.node}, load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  await runToEnd('scripts/prepare-data.ts', { ...env, NODE_ENV: 'development' });
  const app = await startAppServer(env);
  server = app.child;
  const browser = await startChromium();
  chromium = browser.child;
  console.log(
    `Lighthouse mobile (simulated), median of ${RUNS} runs per page; each page's plain twin (its HTML without scripts, styles, images; a static file of the same server) in runs alternating with the page's`,
  );
  console.log('| page | performance | LCP | TBT | CLS | bytes | plain twin: performance, LCP, TBT, bytes |\n|---|---|---|---|---|---|---|');
  const visits = PAGES.flatMap((path) => [{ path, returning: false }, ...(RETURNING ? [{ path, returning: true }] : [])]);
  for (const [index, { path, returning }] of visits.entries()) {
    const label = returning ? `${path} (returning)` : path;
    const twin = await writeTwin(app.base, path, index);
    twins.push(twin.file);
    if (returning) {
      await visitAsReturning(browser.port, `${app.base}${path}`);
      await visitAsReturning(browser.port, `${app.base}${twin.address}`);
    }
    const runs: Run[] = [];
    const twinRuns: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      // alternating: the page first, then its twin first, so neither always follows the other
      const order =
        run % 2 === 0
          ? ([
              [path, runs],
              [twin.address, twinRuns],
            ] as const)
          : ([
              [twin.address, twinRuns],
              [path, runs],
            ] as const);
      for (const [address, into] of order) {
        const measured = await runLighthouse(
          browser.port,
          `${app.base}${address}`,
          returning,
          `${address === path ? label : `${label}'s twin`}, run ${run + 1}`,
          DETAILS && run === RUNS - 1 && address === path,
        );
        if (measured) into.push(measured);
      }
    }
    if (runs.length === 0 || twinRuns.length === 0) throw new Error(`no Lighthouse run of ${label} or of its twin finished`);
    const pick = (of: Run[], key: keyof Run) => median(of.map((r) => r[key]));
    const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
    const twinCell = `${pick(twinRuns, 'score')}, ${seconds(pick(twinRuns, 'lcp'))}, ${pick(twinRuns, 'tbt').toFixed(0)} ms, ${(pick(twinRuns, 'bytes') / 1024).toFixed(0)} KB`;
    console.log(
      `| ${label} | ${pick(runs, 'score')} (${runs.map((r) => r.score).join(', ')}) | ${seconds(pick(runs, 'lcp'))} | ${pick(runs, 'tbt').toFixed(0)} ms | ${pick(runs, 'cls').toFixed(3)} | ${(pick(runs, 'bytes') / 1024).toFixed(0)} KB | ${twinCell} |`,
    );
  }
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
} finally {
  chromium?.kill('SIGTERM');
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const file of twins) rmSync(file, { force: true });
  // Chromium may still be writing its profile there as it exits (a loaded host): retried, not left behind
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}
