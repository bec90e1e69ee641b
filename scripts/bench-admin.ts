/**
 * `npm run bench:admin`: how long the owner's menu editor takes to load and to save with a
 * 500-product menu (issue "`npm run bench:admin`"). Builds if the build is missing or older than
 * the sources, seeds the demo restaurant into a throw-away SQLite file, scales it to 500 products,
 * starts the production server, signs the owner in over HTTP and prints, each request repeated
 * sequentially after a warm-up (p50 / p95 / max, and the response's size raw and compressed):
 *   - the editor's document (server-rendered HTML) and its client-navigation data request;
 *   - the editor in Chromium, cold cache: until it is interactive (the first click on a dish
 *     row's control works), the main-thread time until then, until its drag and drop is live
 *     (a handle touched as soon as the page is interactive: that starts React on an editor that
 *     starts it on demand, decision 0033), the JS + CSS it transfers (before interactive, and in
 *     all), and a one-click save until its toast, before React starts and once it runs; desktop,
 *     then a phone size with the CPU slowed 4× (loopback network);
 *   - the saves as the browser sends them (single-fetch `.data` requests), alone and followed by
 *     the loader requests the browser makes next;
 *   - the staff's orders board `/{slug}/admin/orders` (issue 26; issue 25 item 4) in Chromium,
 *     desktop and phone (CPU 4×), with a day of BOARD_DAY_ORDERS orders on it: until it is
 *     interactive (a click on its sound button works) and live (its stream is open), the JS it
 *     transfers, and from a guest's order (sent as a browser sends it: "Adaugă", the cart page,
 *     its send, each guest its own address and table) until the order's row is on the board;
 *   - the kitchen display `/{slug}/admin/kitchen?station=…` (issue 36) the same way, on the station the guests' dish
 *     is routed to: interactive, live, and a guest's order until its ticket is on the screen.
 * BENCH_OPTIONS=0 takes the demo's option groups away (issue 35's comparison on one host); BENCH_SCREENS=0 measures
 * the editor only, BENCH_EDITOR=0 the live screens only (the HTTP figures are always taken). BENCH_RUNS, BENCH_BROWSER_RUNS, BENCH_BOARD_RUNS and BENCH_CLICK_RUNS set the counts.
 * Every browser figure is also printed as a multiple of a reference measured in the same run, the same profile and
 * interleaved with it: the same restaurant's guest menu until interactive (scripts/bench-reference.ts, issue 37). The
 * milliseconds say how fast this host was; the multiples are what the budgets in docs/performance.md are written in.
 * Speed is never asserted; figures go to docs/performance.md by hand, with the date and machine.
 * BENCH_PROFILE=1 adds one profiled phone load: self time per script file and per function;
 * BENCH_PROFILE_FILE=<file> keeps that profile (Chromium's .cpuprofile format, for DevTools);
 * BENCH_PROFILE=saves profiles the phone's sold-out clicks with React running instead of the browser figures;
 * BENCH_SAVE_HTML=<file> keeps the editor's HTML for a look at what it carries.
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the app server (its whole run) into <dir>.
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { openDatabase } from '#app/db/connection.server.ts';
import { forRestaurant, systemScope } from '#app/modules/access/system-scope.server.ts';
import { getEditorMenu, getProductForEdit } from '#app/modules/editor/menu-editor.service.server.ts';
import { productFormValues } from '#app/modules/product/product-form.ts';
import { DESKTOP, launchBrowser, PHONE } from '#tests/e2e/browser.ts';
import { addPlan, buildProduct, newId } from '#tests/factories/builders.ts';
import { buildOrderingSettings, insertOrder } from '#tests/factories/orders.ts';
import {
  clicksAsLoads,
  cpuTimeMs,
  describeReference,
  interleaved,
  loadReferenceInBrowser,
  openReferenceClicks,
  quotientSpread,
  ratioToReference,
  referenceCpu,
  referenceInteractive,
  unthrottler,
  clickCpuTimes,
  clickMarks,
  type ClickSample,
  type ReferenceLoad,
  type ReferencePick,
} from './bench-reference.ts';
import { buildIfStale } from './build-if-stale.mjs';
import { runToEnd, sendGuestOrder, startAppServer, type AppServer } from './bench-servers.ts';

const SLUG = 'bistro-la-bunica';
const OWNER = { email: 'demo@bucate.localhost', password: 'demo-bucate-2026' };
const PRODUCTS = 500;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** BENCH_OPTIONS=0: the demo's option groups taken away (issue 35's before/after on one host). */
const WITH_OPTIONS = process.env.BENCH_OPTIONS !== '0';
/** BENCH_SCREENS=0: the editor only, without the board and the kitchen display (their loads are two thirds of a run). */
const WITH_SCREENS = process.env.BENCH_SCREENS !== '0';
/** BENCH_EDITOR=0: the live screens only, without the editor's browser figures (a change to the screens, measured alone). */
const WITH_EDITOR = process.env.BENCH_EDITOR !== '0';
const WARMUP = 5;
const BROWSER_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 12);
/**
 * The board's loads, paired with the reference's: twice the editor's by default (issue 37). A phone board load takes
 * 2.5 to 11 s, long enough for the neighbours' bursts to hit one half of a pair only; its quotients' middle half spans
 * about twice the editor's, and the middle mean of twice the pairs halves the variance that leaves.
 */
const BOARD_RUNS = Number(process.env.BENCH_BOARD_RUNS ?? 2 * BROWSER_RUNS);
/** The orders already on the board when it opens (a lunch service's worth, most of them closed). */
const BOARD_DAY_ORDERS = 40;
/**
 * The clicks (and guests' orders) per figure, each paired with a reference click: four times the loads by default. A
 * click is a server round trip of 20 to 700 ms; on a loaded host one caught by a burst of the neighbours' work moves
 * the quotients' middle mean of twelve by a fifth or more (session 19's runs), and clicks cost little to repeat.
 */
const CLICK_RUNS = Number(process.env.BENCH_CLICK_RUNS ?? 4 * BROWSER_RUNS);
/** Orders a guest sends while a board is open, per device: two warm-up, then CLICK_RUNS timed; twice on the phone (pairedClicks). */
const BOARD_ORDERS_PER_DEVICE = 2 * (CLICK_RUNS + 2);
/** The staff's live screens measured as the board is: the orders board, then the kitchen display (issue 36). */
const SCREENS = ['orders board', 'kitchen display'] as const;
type Screen = { name: (typeof SCREENS)[number]; path: string };

const dataDir = mkdtempSync(join(tmpdir(), 'bucate-bench-admin-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'true' };

// --- setup ----------------------------------------------------------------------------------

interface Fixture {
  restaurantId: string;
  /** the location the editor opens on, and how many of the 500 products it holds */
  locationId: string;
  productsShown: number;
  /** how many of the products offer option groups (0 with BENCH_OPTIONS=0) */
  productsWithOptions: number;
  /** a demo dish with every field filled, for the full edit */
  editedProductId: string;
  /** the category with the most products, in their current order */
  largestCategory: { id: string; productIds: string[] };
}

/**
 * Copies the first location's dishes (a number appended to the name) until the restaurant has
 * exactly PRODUCTS, all in that location: the editor lists one location at a time, so this is
 * the heaviest page a 500-product restaurant can have. PRO by hand, so the plan limit is out.
 */
async function scaleTo500(): Promise<Fixture> {
  const { db } = openDatabase({ sqlitePath: join(dataDir, 'bucate.sqlite') });
  const restaurant = await db.selectFrom('restaurant').select('id').where('slug', '=', SLUG).executeTakeFirstOrThrow();
  const location = await db.selectFrom('location').select('id').where('restaurantId', '=', restaurant.id).orderBy('sortOrder').orderBy('createdAt').executeTakeFirstOrThrow();
  const categoryIds = (await db.selectFrom('category').select('id').where('locationId', '=', location.id).execute()).map((c) => c.id);
  const originals = await db.selectFrom('product').selectAll().where('categoryId', 'in', categoryIds).orderBy('sortOrder').execute();
  const countAll = async () =>
    Number(
      (
        await db
          .selectFrom('product')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('restaurantId', '=', restaurant.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  // a copy offers its original's option groups (one "Lapte" group on every coffee), and every third copy whose
  // original has none offers the groups of one that has (a pizzeria's share, as bench:menu's): about a third of the 500
  // rows carry option groups; BENCH_OPTIONS=0 takes every group away instead, the same host's comparison for what
  // options cost the editor (issue 35)
  const attached = await db.selectFrom('productOptionGroup').selectAll().where('restaurantId', '=', restaurant.id).execute();
  const offering = [...new Set(attached.map((link) => link.productId))];
  let copies = 0;
  if (!WITH_OPTIONS) {
    await db.deleteFrom('productOptionGroup').where('restaurantId', '=', restaurant.id).execute();
    await db.deleteFrom('optionItem').where('restaurantId', '=', restaurant.id).execute();
    await db.deleteFrom('optionGroup').where('restaurantId', '=', restaurant.id).execute();
  }
  let count = await countAll();
  for (let round = 2; count < PRODUCTS; round++) {
    for (const product of originals) {
      if (count >= PRODUCTS) break;
      const { id: _id, ...rest } = product;
      const copy = buildProduct(restaurant.id, product.categoryId, {
        ...rest,
        nameRo: `${product.nameRo} ${round}`,
        nameEn: product.nameEn && `${product.nameEn} ${round}`,
        sortOrder: product.sortOrder + 1000 * round,
      });
      await db.insertInto('product').values(copy).execute();
      const own = attached.filter((link) => link.productId === product.id);
      const borrowed = copies++ % 3 === 0 && own.length === 0 && offering.length > 0 ? attached.filter((link) => link.productId === offering[copies % offering.length]) : [];
      const groups = WITH_OPTIONS ? [...own, ...borrowed] : [];
      if (groups.length > 0)
        await db
          .insertInto('productOptionGroup')
          .values(groups.map((link) => ({ ...link, productId: copy.id })))
          .execute();
      count++;
    }
  }
  count = await countAll();
  if (count !== PRODUCTS) throw new Error(`the demo has ${count} products, expected ${PRODUCTS}`);
  await db.updateTable('restaurant').set({ productsCount: count }).where('id', '=', restaurant.id).execute();
  await addPlan(db, restaurant.id, { trial: false, manualProUntil: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString() });

  const shown = await db
    .selectFrom('product')
    .select(['id', 'categoryId'])
    .where('categoryId', 'in', categoryIds)
    .orderBy('sortOrder')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const perCategory = new Map<string, string[]>();
  for (const p of shown) perCategory.set(p.categoryId, [...(perCategory.get(p.categoryId) ?? []), p.id]);
  const [largestId, largestIds] = [...perCategory].sort((a, b) => b[1].length - a[1].length)[0]!;
  const edited = originals.find((p) => p.descriptionRo && p.energyKcal !== null && p.imageId) ?? originals[0]!;
  const productsWithOptions = new Set((await db.selectFrom('productOptionGroup').select('productId').where('restaurantId', '=', restaurant.id).execute()).map((l) => l.productId))
    .size;
  await db.destroy();
  return {
    restaurantId: restaurant.id,
    locationId: location.id,
    productsShown: shown.length,
    productsWithOptions,
    editedProductId: edited.id,
    largestCategory: { id: largestId, productIds: largestIds },
  };
}

/** The production server; PUBLIC_URL is its own address, so sign-in's origin check passes. */
function startServer(): Promise<AppServer> {
  // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the app server, written when it stops (as bench:menu)
  const profiling = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // TRUST_PROXY: the board's guests each send from their own address (X-Forwarded-For), as in a restaurant, so the per-client order limit is theirs
  return startAppServer({ ...env, AUTH_SECRET: randomBytes(32).toString('hex'), TRUST_PROXY: '1' }, { execArgv: profiling });
}

// --- HTTP -----------------------------------------------------------------------------------

interface Sent {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the bytes on the wire, still compressed */
  body: Buffer;
  ms: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
let base = '';
let cookie = '';

/** One request as a browser would send it (session cookie, origin on writes), timed to the last byte. */
function send(method: 'GET' | 'POST', path: string, options: { form?: URLSearchParams; encoding?: string } = {}): Promise<Sent> {
  const body = options.form?.toString();
  const headers: Record<string, string> = { cookie, 'accept-encoding': options.encoding ?? 'br, gzip' };
  if (body !== undefined)
    Object.assign(headers, { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', 'content-length': String(Buffer.byteLength(body)), origin: base });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(`${base}${path}`, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const sent = { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), ms: performance.now() - started };
        const ok = (sent.status >= 200 && sent.status < 300) || sent.status === 302;
        if (ok) resolve(sent);
        else reject(new Error(`${method} ${path} answered ${sent.status}`));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function signIn(): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(OWNER),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

// --- figures --------------------------------------------------------------------------------

interface Figures {
  p50: number;
  p95: number;
  max: number;
}

/** Nearest-rank percentiles of sequential runs. */
function figuresOf(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
  return { p50: rank(0.5), p95: rank(0.95), max: sorted[sorted.length - 1]! };
}

/** Runs `step` WARMUP times, then RUNS times in a row; `step` returns its own duration in ms. */
async function timed(step: (run: number) => Promise<number>): Promise<Figures> {
  for (let run = 0; run < WARMUP; run++) await step(run);
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) samples.push(await step(WARMUP + run));
  return figuresOf(samples);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

const rows: string[][] = [];
function row(what: string, figures: Figures, size = '') {
  rows.push([what, ms(figures.p50), ms(figures.p95), ms(figures.max), size]);
}

/** Raw, brotli and gzip sizes of a GET, each asked for as a browser would. */
async function sizes(path: string): Promise<string> {
  const [raw, br, gzip] = await Promise.all(['identity', 'br', 'gzip'].map((encoding) => send('GET', path, { encoding })));
  return `${kb(raw!.body.byteLength)} raw, ${kb(br!.body.byteLength)} br, ${kb(gzip!.body.byteLength)} gzip`;
}

function printTable(title: string, header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const leftAligned = (i: number) => i === 0 || header[i] === 'response';
  const format = (cells: string[]) => `| ${cells.map((c, i) => (leftAligned(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(`\n${title}\n${format(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

// --- the browser ----------------------------------------------------------------------------

interface PageLoad {
  /** ms from navigation start: HTML received, DOMContentLoaded, load, drag and drop live */
  html: number;
  dcl: number;
  load: number;
  interactive: number;
  dragLive: number;
  /** main-thread time spent in tasks until then (Chromium's TaskDuration), ms */
  busy: number;
  /** the main thread's CPU time from navigation until then (Chromium's ThreadTime, cpuTimeMs), ms */
  cpu: number;
  /** of which: running JavaScript, layout, style recalculation (Chromium's ScriptDuration, LayoutDuration, RecalcStyleDuration), ms */
  script: number;
  layout: number;
  style: number;
  jsBytes: number;
  jsFiles: number;
  /** the JS requested until the page was interactive (compressed bodies, from resource timing) */
  jsBeforeInteractive: number;
  cssBytes: number;
  htmlBytes: number;
}

interface Device {
  label: string;
  viewport: { width: number; height: number };
  mobile: boolean;
  cpuSlowdown: number;
}

/** The dish whose availability the saves toggle. */
let toggledProductId = '';
/** The guest menu at a table's QR address, whose "Adaugă" is the reference of every click (set once the board's tables exist). */
let referenceClickPath = '';

/**
 * A run of clicks in a page already open: `click` makes one and gives its ms, and marks its start and its answer in
 * the page (clickMarks 'measured', whose trace gives its CPU time); `unthrottle` takes the page's CPU slowdown off. The caller decides how many and what goes between them (pairedClicks:
 * the reference's click).
 */
type ClickRun = (click: () => Promise<number>, unthrottle: () => Promise<void>) => Promise<void>;

/**
 * The measured page's clicks (or orders) each beside one of the reference's (the guest menu's "Adaugă", open in its
 * own page of the same profile): CLICK_RUNS of each, alternating ABBA after two warm-ups of each
 * (bench-reference.ts openReferenceClicks). `run` opens the measured page and hands its clicks to the ClickRun.
 */
async function pairedClicks(browser: Browser, device: Device, run: (clicks: ClickRun) => Promise<unknown>): Promise<{ reference: ReferenceLoad[]; measured: ClickSample[] }> {
  const reference = await openReferenceClicks((watch) => openOwnerPage(browser, device, watch), referenceClickPath, toggledProductId);
  try {
    let paired: { reference: ClickSample[]; measured: ClickSample[] } | undefined;
    await run(async (click, unthrottle) => {
      const timedPairs = () => interleaved(CLICK_RUNS, reference.click, click, 2);
      // a traced run of pairs; the warm-ups' clicks are in the trace too: the timed ones are each page's last CLICK_RUNS
      const traced = async () => {
        const { result, cpu } = await clickCpuTimes(browser, timedPairs);
        return { result, cpu: { reference: cpu.reference.slice(-CLICK_RUNS), measured: cpu.measured.slice(-CLICK_RUNS) } };
      };
      type Sides<T> = { reference: T[]; measured: T[] };
      const joined = (ms: Sides<number>, cpu: Sides<number>) => {
        const join = (times: number[], cpus: number[]) => times.map((time, i) => ({ ms: time, cpu: cpus[i] ?? Number.NaN }));
        return { reference: join(ms.reference, cpu.reference), measured: join(ms.measured, cpu.measured) };
      };
      if (device.cpuSlowdown === 1) {
        const { result, cpu } = await traced();
        paired = joined(result, cpu);
        return;
      }
      // the phone's CPU times from a second run of pairs, both pages' CPU no longer slowed: Chromium's throttling holds
      // the thread in a busy wait whose length grows with the host's load (session 20), and a multiple of CPU times
      // needs no slowdown (it would slow both sides alike); the ms stay the slowed run's
      const slowed = await timedPairs();
      await Promise.all([unthrottle(), reference.unthrottle()]);
      paired = joined(slowed, (await traced()).cpu);
    });
    // a page with no such clicks (an editor that hydrates at once has no "before React")
    if (!paired) return { reference: [], measured: [] };
    return { reference: clicksAsLoads(paired.reference), measured: paired.measured };
  } finally {
    await reference.close();
  }
}

/**
 * A page of the demo owner's, signed in, the cookie choice stored (no banner), `watch` run in it before the app's
 * scripts, Chromium's performance metrics on and the CPU slowed as the device says.
 */
async function openOwnerPage(
  browser: Browser,
  { viewport, mobile, cpuSlowdown }: Pick<Device, 'viewport' | 'mobile' | 'cpuSlowdown'>,
  watch: () => void,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport, baseURL: base, isMobile: mobile, hasTouch: mobile });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, value] = pair.split('=') as [string, string];
      return { name, value, url: base };
    }),
  );
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
  await context.addInitScript(watch);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return { context, page, cdp };
}

/** A Chromium performance metric (seconds) in milliseconds. */
const metricMs = (metrics: { name: string; value: number }[], name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;

/**
 * Opens the editor in a fresh context (cold cache) and times, checked once per animation frame:
 * - interactive: the first frame in which a click on a dish row's control works. Each frame
 *   clicks the first row's delete button (a plain button: before React has hydrated it does
 *   nothing) until its confirmation dialog opens, then closes the dialog. Session 6 changed the
 *   signal to this, from "drag and drop live" below, when drag and drop started being armed
 *   after the page is interactive (app/ui/editor/sortable-list.tsx); both commits of a
 *   comparison must be measured with the same script.
 * - drag and drop live: the first frame in which a drag of the last drag handle's row moves it.
 *   From the frame that finds the page interactive, as an owner who reached for drag and drop
 *   at the earliest moment would, the handle is pressed and moved 20 px (pointer events, as a
 *   finger's or a mouse's); the row is live when it follows (its <li> has a transform), and the
 *   drag is then put back and released where it began, changing nothing. An attempt that has not
 *   moved the row within 250 ms is released and made again. Whoever answers the drag counts:
 *   dnd-kit once React runs (a press on the handle before that starts React), or the page's own
 *   script before React (session 14). Until session 13 this was "the handle names dnd-kit's
 *   screen-reader instructions", which only dnd-kit can pass: compare two commits with one script.
 * Both follow the page script's path on every run (issue 37): the click waits for editor-enhance.js, the press for
 * editor-drag.js, and a drag React answered stops the bench (an on-demand editor's React never starts here).
 * Then, if asked, `clicks` one-click saves in the same page.
 */
async function loadInBrowser(
  browser: Browser,
  { viewport, mobile, cpuSlowdown }: Device,
  clicks?: ClickRun,
  profile: false | 'load' | 'saves' = false,
): Promise<PageLoad & { profile?: CpuProfile }> {
  const { context, page, cdp } = await openOwnerPage(browser, { viewport, mobile, cpuSlowdown }, () => {
    const bench = window as unknown as { benchInteractiveAt?: number; benchDragLiveAt?: number; benchReactRan?: boolean };
    const win = window as Window & { __reactRouterRouteModules?: unknown };
    const check = () => {
      // one path every run (issue 37): the page's own scripts, never React. A click or a press that comes before the
      // script answering it has run would start React (react-on-demand.js: nobody else claims it), and the figure
      // would time React's start instead, as it did under load; so each is made only once its script is in.
      if (bench.benchInteractiveAt === undefined && win.editorBeforeReact) {
        const open = document.querySelector<HTMLDialogElement>('dialog[open]');
        if (open) {
          bench.benchInteractiveAt = performance.now();
          open.close();
        } else {
          const row = document.querySelector('[id^="product-"]');
          const buttons = row?.querySelectorAll<HTMLButtonElement>('button[type="button"]');
          buttons?.[buttons.length - 1]?.click();
        }
      }
      if (bench.benchInteractiveAt !== undefined && bench.benchDragLiveAt === undefined && (win.reactOnDemandPointer?.length ?? 0) > 0) {
        const handles = document.querySelectorAll('[aria-roledescription="sortable"]');
        const handle = handles[handles.length - 1];
        const row = handle?.closest('li');
        if (handle && row) {
          const box = handle.getBoundingClientRect();
          const at = (dy: number) => ({
            bubbles: true,
            cancelable: true,
            isPrimary: true,
            pointerId: 7,
            pointerType: 'mouse',
            button: 0,
            buttons: 1,
            clientX: box.x + box.width / 2,
            clientY: box.y + box.height / 2 + dy,
          });
          const attempt = bench as { attemptAt?: number };
          if (attempt.attemptAt !== undefined && row.style.transform !== '' && row.style.transform !== 'none') {
            bench.benchDragLiveAt = performance.now();
            // React Router's route modules ran: React, not the page's script, answered (checked after the wait)
            bench.benchReactRan = win.__reactRouterRouteModules !== undefined;
            document.dispatchEvent(new PointerEvent('pointermove', at(0)));
            document.dispatchEvent(new PointerEvent('pointerup', { ...at(0), buttons: 0 }));
          } else if (attempt.attemptAt === undefined || performance.now() - attempt.attemptAt > 250) {
            if (attempt.attemptAt !== undefined) document.dispatchEvent(new PointerEvent('pointerup', { ...at(0), buttons: 0 }));
            attempt.attemptAt = performance.now();
            handle.dispatchEvent(new PointerEvent('pointerdown', at(0)));
            document.dispatchEvent(new PointerEvent('pointermove', at(10)));
            document.dispatchEvent(new PointerEvent('pointermove', at(20)));
          }
        }
      }
      if (bench.benchInteractiveAt === undefined || bench.benchDragLiveAt === undefined) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  try {
    const startProfile = async () => {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    };
    if (profile === 'load') await startProfile();
    const bytes = { js: 0, jsFiles: 0, css: 0, html: 0 };
    const counted: Promise<void>[] = [];
    // what the page downloaded by the time drag and drop is live; a file fetched later (the modules
    // the on-demand editor downloads, not runs, when idle) is not counted, nor awaited as the page closes
    let counting = true;
    page.on('response', (response) => {
      if (!counting) return;
      const url = response.url();
      counted.push(
        response
          .request()
          .sizes()
          .then((s) => {
            if (url.endsWith('.js')) {
              bytes.js += s.responseBodySize;
              bytes.jsFiles++;
            } else if (url.endsWith('.css')) bytes.css += s.responseBodySize;
            else if (url === `${base}/${SLUG}/admin`) bytes.html += s.responseBodySize;
          })
          .catch((error: unknown) => {
            // a late request (the lazy route manifest) may still be answering when the page closes;
            // it is neither the document, JS nor CSS, so nothing measured is lost
            if (url.endsWith('.js') || url.endsWith('.css') || url === `${base}/${SLUG}/admin`) throw error;
          }),
      );
    });
    const cpuBefore = await cpuTimeMs(cdp);
    await page.goto(`/${SLUG}/admin`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(
      () => {
        const bench = window as unknown as { benchInteractiveAt?: number; benchDragLiveAt?: number };
        return bench.benchInteractiveAt !== undefined && bench.benchDragLiveAt !== undefined;
      },
      undefined,
      { timeout: 120_000, polling: 100 },
    );
    counting = false;
    const { metrics } = await cdp.send('Performance.getMetrics');
    const cpu = metricMs(metrics, 'ThreadTime') - cpuBefore;
    let recorded = profile === 'load' ? ((await cdp.send('Profiler.stop')).profile as CpuProfile) : undefined;
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const interactive = (window as unknown as { benchInteractiveAt: number }).benchInteractiveAt;
      const jsBeforeInteractive = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.startTime <= interactive)
        .reduce((sum, entry) => sum + entry.encodedBodySize, 0);
      const bench = window as unknown as { benchDragLiveAt: number; benchReactRan: boolean };
      return {
        html: nav.responseEnd,
        dcl: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
        interactive,
        dragLive: bench.benchDragLiveAt,
        reactRan: bench.benchReactRan,
        jsBeforeInteractive,
      };
    });
    // an editor that hydrates at once (no on-demand start) has only React's path: the same every run
    if (timing.reactRan && (await page.evaluate(() => 'reactOnDemand' in window)))
      throw new Error("React answered the drag: the bench timed another path than the page script's (issue 37)");
    await Promise.all(counted);
    const [busy, script, layout, style] = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'].map((name) => metricMs(metrics, name)) as [
      number,
      number,
      number,
      number,
    ];
    // the saves with React running: started as the owner's first use of a field would (drag and drop no longer starts it)
    if (clicks) {
      await page.evaluate(() => (window as unknown as { reactOnDemand?: { start(): Promise<void> } }).reactOnDemand?.start());
      let made = 0;
      await clicks(async () => {
        await settled(page);
        if (profile === 'saves' && made++ === 2) await startProfile();
        return toggleAvailability(page);
      }, unthrottler(cdp));
    }
    if (profile === 'saves') recorded = (await cdp.send('Profiler.stop')).profile as CpuProfile;
    return {
      ...timing,
      busy,
      cpu,
      script,
      layout,
      style,
      jsBytes: bytes.js,
      jsFiles: bytes.jsFiles,
      cssBytes: bytes.css,
      htmlBytes: bytes.html,
      ...(recorded ? { profile: recorded } : {}),
    };
  } finally {
    await context.close();
  }
}

/**
 * Sold-out clicks in one page before React starts (decision 0033: the page's own script answers
 * them); false, and no clicks, for an editor that hydrates at once (no such moment).
 */
async function savesBeforeReact(browser: Browser, device: Device, clicks: ClickRun): Promise<boolean> {
  const { context, page, cdp } = await openOwnerPage(browser, device, () => {});
  try {
    await page.goto(`/${SLUG}/admin`, { waitUntil: 'load', timeout: 120_000 });
    if (!(await page.evaluate(() => 'reactOnDemand' in window))) return false;
    await clicks(async () => {
      await settled(page);
      return toggleAvailability(page);
    }, unthrottler(cdp));
    if (await page.evaluate(() => (window as unknown as { reactOnDemand: { running: boolean } }).reactOnDemand.running))
      throw new Error('React started during the saves before React');
    return true;
  } finally {
    await context.close();
  }
}

/**
 * Waits until the page has nothing of its own in flight (outside any timing): with React running, its router's
 * navigation, revalidation and fetchers idle; before React starts, nothing to wait for. A click made while the
 * previous one's revalidation still ran (the sold-out click's toast comes with the action's answer, the page's
 * data is read after it) waited behind that read: with the reference's click between every other pair (ABBA), the
 * editor's clicks alternated between a settled page and a busy one, and their quotients spread 3.9–7.9 on the phone.
 * A person's next click comes after the page has settled, and so does the bench's.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const router = (
        window as unknown as { __reactRouterDataRouter?: { state: { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> } } }
      ).__reactRouterDataRouter;
      return !router || (router.state.navigation.state === 'idle' && router.state.revalidation === 'idle' && [...router.state.fetchers.values()].every((f) => f.state === 'idle'));
    },
    undefined,
    { polling: 20, timeout: 60_000 },
  );
}

/**
 * One click on "available / sold out", timed in the page until its confirmation toast appears:
 * with React running, the toast comes with the action's answer (the row flipped at the click; the
 * page's data is read again after it, session 13; before, the toast waited for that read too);
 * before React starts, the page's script posts it and shows the answer (decision 0033).
 */
function toggleAvailability(page: Page): Promise<number> {
  return page.evaluate(
    ({ productId, marks }) => {
      const button = document.getElementById(`product-${productId}`)?.querySelector<HTMLButtonElement>('form button[type="submit"]');
      if (!button) throw new Error('no availability button');
      return new Promise<number>((resolve, reject) => {
        const observer = new MutationObserver((records) => {
          const toast = records.flatMap((r) => [...r.addedNodes]).find((n): n is HTMLElement => n instanceof HTMLElement && n.dataset.testid === 'toast');
          if (!toast) return;
          observer.disconnect();
          if (toast.dataset.type !== 'success') return reject(new Error(`the save failed: ${toast.textContent}`));
          performance.mark(marks.answer);
          resolve(performance.now() - started);
        });
        observer.observe(document.body, { childList: true, subtree: true });
        const started = performance.now();
        performance.mark(marks.start);
        button.click();
      });
    },
    { productId: toggledProductId, marks: clickMarks('measured') },
  );
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * `BENCH_PROFILE=1`: where one phone-size load spends its main thread until interactive, as self
 * time per function (sampled by Chromium's profiler), largest first, and per script file.
 */
function printProfile(profile: CpuProfile, what: string, top = 25): void {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  const perFile = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const file = frame?.url ? frame.url.replace(/^.*\//, '') : '(native)';
    const name = `${frame?.functionName || '(anonymous)'} ${file}:${(frame?.lineNumber ?? 0) + 1}`;
    self.set(name, (self.get(name) ?? 0) + ms);
    perFile.set(file, (perFile.get(file) ?? 0) + ms);
  });
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(`\nphone ${what}, self time by script file (ms):`);
  for (const [file, ms] of sorted(perFile)) console.log(`${ms.toFixed(0).padStart(7)}  ${file}`);
  console.log(`\nphone ${what}, self time by function (ms):`);
  for (const [name, ms] of sorted(self)) console.log(`${ms.toFixed(0).padStart(7)}  ${name}`);
}

/**
 * The reference (the guest menu) in the device's profile, in a fresh context as the measured pages are, rendered anew
 * by the server (its menu version moved first, as an owner's edit does; outside the timing): like the editor's and the
 * board's documents, rendered for each request. Served from the menu cache, it paid nothing of the server's share of a
 * loaded host, and the editor's ratio moved with the host (0.59× at load 32, 0.80× at load 40: the editor's HTML came
 * at 853 and 7,599 ms).
 */
async function loadReference(browser: Browser, device: Device): Promise<ReferenceLoad> {
  const { db } = openDatabase({ sqlitePath: join(dataDir, 'bucate.sqlite') });
  try {
    await db
      .updateTable('restaurant')
      .set((eb) => ({ menuVersion: eb('menuVersion', '+', 1) }))
      .where('slug', '=', SLUG)
      .execute();
  } finally {
    await db.destroy();
  }
  return loadReferenceInBrowser((watch) => openOwnerPage(browser, device, watch), `/${SLUG}`);
}

/**
 * A table line: the figure's p50, p95 and max in ms, then its multiple of the reference (ratioToReference: the middle
 * mean of the paired loads' quotients; three decimals below 0.1×, where two would hide a fifth) and the middle half of
 * those quotients.
 */
function lineOf(what: string, samples: number[], reference: ReferenceLoad[], by: ReferencePick = referenceInteractive): string[] {
  const figures = figuresOf(samples);
  const ratio = ratioToReference(samples, reference, by);
  return [what, ...Object.values(figures).map(ms), `${ratio.toFixed(ratio < 0.1 ? 3 : 2)}×`, quotientSpread(samples, reference, by)];
}

/**
 * The lines of clicks (or orders) taken in pairs with the reference's click (pairedClicks): the reference click's own
 * line, then the measured one's, its multiple being the middle mean of the pairs' quotients as a load's is; then the
 * same for the main thread's CPU time during each (clickCpuTimes: from its start to its answer, both marked in the
 * page). Until session 19 the clicks were divided by the reference's load, never side by side: their multiples moved 10 to 55 % between a quiet and a loaded run. Side by side
 * with a reference click their wall-clock multiples still moved up to 45 % on the phone (session 19): what a loaded
 * host adds to a click is waiting (for the server process, for a core between the browser's processes; session 20's
 * breakdown in docs/performance.md), about as much per round trip whatever the click's own work, so a short reference
 * click grows more than a long one. The CPU time leaves the waiting out: it is the budgeted multiple of a click.
 */
const clickLines = (label: string, what: string, { reference, measured }: { reference: ReferenceLoad[]; measured: ClickSample[] }) => [
  lineOf(`${label}:   reference click beside it (the guest menu's "Adaugă" → its cart bar)`, reference.map(referenceInteractive), reference),
  lineOf(
    `${label}: ${what} (÷ the reference click)`,
    measured.map((click) => click.ms),
    reference,
  ),
  lineOf(`${label}:   reference click: its main thread's CPU time${label.startsWith('phone') ? ', CPU not slowed' : ''}`, reference.map(referenceCpu), reference, referenceCpu),
  lineOf(
    `${label}:   the same click's main thread CPU time${label.startsWith('phone') ? ', CPU not slowed' : ''} (÷ the reference click's)`,
    measured.map((click) => click.cpu),
    reference,
    referenceCpu,
  ),
];

/** The reference's own lines: when its HTML arrived and when it was interactive. */
const referenceLines = (label: string, reference: ReferenceLoad[]) => [
  lineOf(
    `${label}: reference: the guest menu, HTML received`,
    reference.map((l) => l.html),
    reference,
  ),
  lineOf(
    `${label}: reference: the guest menu interactive (its search answers)`,
    reference.map((l) => l.interactive),
    reference,
  ),
  lineOf(`${label}: reference: its main thread's CPU time until then`, reference.map(referenceCpu), reference, referenceCpu),
];

/** The table's columns: the ms, then the multiple of the reference. */
const BROWSER_COLUMNS = ['figure', 'p50', 'p95', 'max', '÷ reference', 'quotients, middle half'];

async function browserFigures(browser: Browser, device: Device) {
  const { label } = device;
  // warm-up (the server's caches, Chromium's start), then the editor's loads alternating with the reference's
  const { reference, measured: loads } = await interleaved(
    BROWSER_RUNS,
    () => loadReference(browser, device),
    () => loadInBrowser(browser, device),
  );
  // the saves: in one page, each beside the reference's click; React running, then before it starts
  const saves = await pairedClicks(browser, device, (clicks) => loadInBrowser(browser, device, clicks));
  let hasEarly = false;
  const early = await pairedClicks(browser, device, async (clicks) => (hasEarly = await savesBeforeReact(browser, device, clicks)));
  const line = (what: string, pick: (l: PageLoad) => number, by?: ReferencePick) => lineOf(`${label}: ${what}`, loads.map(pick), reference, by);
  const first = loads[0]!;
  return {
    reference: describeReference(label, reference),
    lines: [
      ...referenceLines(label, reference),
      line('HTML received', (l) => l.html),
      line('DOMContentLoaded', (l) => l.dcl),
      line('load event', (l) => l.load),
      line('interactive (a click on a row control works)', (l) => l.interactive),
      line('  the same, after the HTML arrived', (l) => l.interactive - l.html),
      line('drag and drop live (a row dragged by its handle once interactive)', (l) => l.dragLive),
      line('main thread busy until both', (l) => l.busy),
      line("main thread CPU time until both (÷ the reference's CPU time)", (l) => l.cpu, referenceCpu),
      line('  of which JavaScript', (l) => l.script),
      line('  of which style and layout', (l) => l.style + l.layout),
      line('  the rest (parsing HTML and scripts, paint, GC, …)', (l) => l.busy - l.script - l.style - l.layout),
      ...clickLines(label, 'sold-out click → toast, React running', saves),
      ...(hasEarly
        ? clickLines(label, 'sold-out click → toast, before React starts', early)
        : [[`${label}: sold-out click → toast, before React starts`, '—', '—', '—', '—', '—']]),
    ],
    transfer: `${label}: HTML ${kb(first.htmlBytes)}, JS ${kb(first.jsBeforeInteractive)} until interactive and ${kb(first.jsBytes)} in ${first.jsFiles} files by drag and drop live, CSS ${kb(first.cssBytes)} (as transferred, compressed)`,
  };
}

// --- the orders board ------------------------------------------------------------------------

interface BoardFixture {
  /** one table per order the bench sends (the per-table limits stay out of the figures) */
  tableCodes: string[];
  /** the table whose QR address the reference clicks' menu opens on */
  referenceTableCode: string;
  locationId: string;
}

/**
 * Dine-in ordering on for the first location (the demo's settings row, updated; its order ceiling at the platform's
 * 500 in 10 minutes, where the default 60 would refuse the bench's own guests), a table per
 * order the bench will send, and a day already under way on the board: BOARD_DAY_ORDERS orders of
 * today at a table of their own, most closed, some open.
 */
async function prepareBoard(restaurantId: string): Promise<BoardFixture> {
  const { db } = openDatabase({ sqlitePath: join(dataDir, 'bucate.sqlite') });
  try {
    const location = await db.selectFrom('location').select('id').where('restaurantId', '=', restaurantId).orderBy('sortOrder').orderBy('createdAt').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto('orderingSettings')
      .values(buildOrderingSettings(restaurantId, location.id, { orderCeiling: 500, updatedAt: now }))
      .onConflict((oc) => oc.column('locationId').doUpdateSet({ ordersEnabled: 1, dineIn: 1, paused: 0, pausedAt: null, orderCeiling: 500, updatedAt: now }))
      .execute();
    const tables = Array.from({ length: 2 * SCREENS.length * BOARD_ORDERS_PER_DEVICE + 2 }, (_, i) => ({
      id: newId(),
      restaurantId,
      locationId: location.id,
      label: `Masa bench ${i}`,
      code: `benchadmin${i}`,
      sortOrder: 1000 + i,
      createdAt: now,
    }));
    await db.insertInto('diningTable').values(tables).execute();
    const statuses = ['served', 'served', 'served', 'declined', 'ready', 'accepted', 'served', 'received'] as const;
    for (let i = 0; i < BOARD_DAY_ORDERS; i++) {
      const createdAt = new Date(Date.now() - (BOARD_DAY_ORDERS - i) * 60_000).toISOString();
      await insertOrder(db, { restaurantId, locationId: location.id, table: tables[0]!, status: statuses[i % statuses.length]!, createdAt });
    }
    // the menu's pages are rendered afresh with ordering on
    await db
      .updateTable('restaurant')
      .set((eb) => ({ menuVersion: eb('menuVersion', '+', 1) }))
      .where('id', '=', restaurantId)
      .execute();
    // the first table holds the day's orders, the last is the reference clicks' (bench-reference.ts), no order of the bench's on it
    return { tableCodes: tables.slice(1, -1).map((table) => table.code), referenceTableCode: tables[tables.length - 1]!.code, locationId: location.id };
  } finally {
    await db.destroy();
  }
}

let guestNumber = 0;

/** A guest's headers: each guest its own address (the server trusts X-Forwarded-For here). */
function guestHeaders(): Record<string, string> {
  const n = guestNumber++;
  return { 'x-forwarded-for': `10.26.${Math.floor(n / 250)}.${(n % 250) + 1}`, origin: base };
}

/** The first dishes of the location a guest may order now (the demo has breakfast-only and evening-only dishes). */
async function orderableDish(locationId: string, tableCode: string): Promise<string> {
  const { db } = openDatabase({ sqlitePath: join(dataDir, 'bucate.sqlite') });
  try {
    const dishes = await db
      .selectFrom('product')
      .innerJoin('category', 'category.id', 'product.categoryId')
      .select('product.id')
      .where('category.locationId', '=', locationId)
      .where('product.available', '=', 1)
      .orderBy('product.sortOrder')
      .limit(60)
      .execute();
    for (const { id } of dishes) {
      const probe = await fetch(`${base}/${SLUG}/comanda/adauga`, {
        method: 'POST',
        headers: { ...guestHeaders(), accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        body: new URLSearchParams({ p: id, via: tableCode }),
      });
      await probe.arrayBuffer();
      if (probe.status === 200) return id;
    }
    throw new Error('no dish of the demo can be ordered now (out of hours?)');
  } finally {
    await db.destroy();
  }
}

/** One guest's order as a browser sends it, from an address of its own. When its answer arrived (epoch ms) and its token. */
async function sendBoardOrder(productId: string, tableCode: string): Promise<{ token: string; answeredAt: number }> {
  const { token, answeredAt } = await sendGuestOrder(base, SLUG, guestHeaders(), productId, tableCode);
  return { token, answeredAt: performance.timeOrigin + answeredAt };
}

interface BoardLoad {
  /** ms from navigation start: HTML received, interactive (a click on the sound button works), live (the stream open) */
  html: number;
  dcl: number;
  load: number;
  /** React's root effect ran (hydration committed) */
  hydrated: number;
  interactive: number;
  live: number;
  /** the AudioContext the sound button's click made, ms */
  audio: number;
  busy: number;
  /** the main thread's CPU time from navigation until interactive and live (ThreadTime), ms */
  cpu: number;
  jsBytes: number;
  jsFiles: number;
}

/**
 * Opens the board in a fresh context (cold cache) and times, checked once per animation frame,
 * when a click on its sound button works (a plain button: before React has hydrated it does
 * nothing) and when its live stream is open. Then, if asked, hands `orders` a ClickRun whose every
 * "click" is a guest's order, sent, and timed from its send's answer to the first frame after its row joined
 * the page (the row's `data-order-id`; the clocks of the bench and the page are the same host's).
 */
async function loadBoardInBrowser(
  browser: Browser,
  { viewport, mobile, cpuSlowdown }: Device,
  path: string,
  orders?: { run: ClickRun; productId: string; tableCodes: string[] },
): Promise<BoardLoad> {
  const { context, page, cdp } = await openOwnerPage(browser, { viewport, mobile, cpuSlowdown }, () => {
    const bench = window as unknown as {
      benchInteractiveAt?: number;
      benchLiveAt?: number;
      benchHydratedAt?: number;
      benchAudioMs?: number;
      benchRows: Record<string, number>;
      benchOnRow?: () => void;
    };
    bench.benchRows = {};
    // React's root effect ran (root.tsx announces it on every page): what the click below waits for
    addEventListener('react:hydrated', () => (bench.benchHydratedAt = performance.now()), { once: true });
    // the sound button's click makes the page's AudioContext: its cost, to tell it from React's
    const Audio = window.AudioContext;
    window.AudioContext = class extends Audio {
      constructor(options?: AudioContextOptions) {
        const started = performance.now();
        super(options);
        bench.benchAudioMs = performance.now() - started;
      }
    };
    new MutationObserver((records) => {
      for (const node of records.flatMap((r) => [...r.addedNodes])) {
        if (!(node instanceof HTMLElement)) continue;
        for (const row of [node, ...node.querySelectorAll<HTMLElement>('[data-order-id]')]) {
          const id = row.dataset.orderId;
          if (id && bench.benchRows[id] === undefined)
            requestAnimationFrame(() => {
              if (bench.benchRows[id] !== undefined) return;
              bench.benchRows[id] = performance.timeOrigin + performance.now();
              // the answer's mark of a guest's order (clickMarks('measured'), a name written out: this runs in the page)
              performance.mark('bench-measured-answer');
              bench.benchOnRow?.();
            });
        }
      }
    }).observe(document, { childList: true, subtree: true });
    const check = () => {
      const sound = document.querySelector<HTMLButtonElement>('[data-testid="live-state"] + button');
      if (bench.benchInteractiveAt === undefined && sound) {
        if (sound.getAttribute('aria-pressed') === 'true') bench.benchInteractiveAt = performance.now();
        else sound.click();
      }
      if (bench.benchLiveAt === undefined && document.querySelector('[data-testid="live-state"][data-connected="true"]')) bench.benchLiveAt = performance.now();
      if (bench.benchInteractiveAt === undefined || bench.benchLiveAt === undefined) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  const { db } = openDatabase({ sqlitePath: join(dataDir, 'bucate.sqlite') });
  try {
    const bytes = { js: 0, jsFiles: 0 };
    const counted: Promise<void>[] = [];
    // the JS until the board is interactive and live; a chunk loaded later is not counted (nor awaited when the page closes)
    let counting = true;
    page.on('response', (response) => {
      if (!counting || !response.url().endsWith('.js')) return;
      counted.push(
        response
          .request()
          .sizes()
          .then((s) => {
            bytes.js += s.responseBodySize;
            bytes.jsFiles++;
          }),
      );
    });
    const cpuBefore = await cpuTimeMs(cdp);
    await page.goto(path, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(
      () => {
        const bench = window as unknown as { benchInteractiveAt?: number; benchLiveAt?: number };
        return bench.benchInteractiveAt !== undefined && bench.benchLiveAt !== undefined;
      },
      undefined,
      { timeout: 120_000, polling: 100 },
    );
    const { metrics } = await cdp.send('Performance.getMetrics');
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const bench = window as unknown as { benchInteractiveAt: number; benchLiveAt: number; benchHydratedAt?: number; benchAudioMs?: number };
      return {
        html: nav.responseEnd,
        dcl: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
        hydrated: bench.benchHydratedAt ?? Number.NaN,
        interactive: bench.benchInteractiveAt,
        live: bench.benchLiveAt,
        audio: bench.benchAudioMs ?? Number.NaN,
      };
    });
    counting = false;
    await Promise.all(counted);
    const busy = metricMs(metrics, 'TaskDuration');
    const cpu = metricMs(metrics, 'ThreadTime') - cpuBefore;
    await orders?.run(async () => {
      // the previous order's reads of the page (a burst's last up to 150 ms after its event, pageReader) have run: the screen has settled
      await page.waitForTimeout(250);
      await settled(page);
      const table = orders.tableCodes.shift();
      if (!table) throw new Error('the board fixture has no table left for another order');
      // the order's start in the page's trace (its CPU time runs from here to the row's mark; the page is idle until the event)
      await page.evaluate((start) => void performance.mark(start), clickMarks('measured').start);
      const { token, answeredAt } = await sendBoardOrder(orders.productId, table);
      const { id } = await db.selectFrom('guestOrder').select('id').where('token', '=', token).executeTakeFirstOrThrow();
      // told by the page's own observer (no polling from here: a poll's work in the page would count in its CPU time)
      const shownAt = await page.evaluate(
        (orderId) =>
          new Promise<number>((resolve, reject) => {
            const bench = window as unknown as { benchRows: Record<string, number>; benchOnRow?: () => void };
            const shown = () => bench.benchRows[orderId] !== undefined && (resolve(bench.benchRows[orderId]), true);
            if (!shown()) bench.benchOnRow = shown;
            setTimeout(() => reject(new Error(`the order ${orderId} did not reach the screen within 60 s`)), 60_000);
          }),
        id,
      );
      return shownAt - answeredAt;
    }, unthrottler(cdp));
    return { ...timing, busy, cpu, jsBytes: bytes.js, jsFiles: bytes.jsFiles };
  } finally {
    await context.close();
    await db.destroy();
  }
}

/**
 * A live staff screen's figures on one device: the orders board, or the kitchen display (issue 36: the same signals,
 * its sound button and its live state are the one LiveControls component; its tickets carry `data-order-id` as the
 * board's rows do).
 */
async function boardFigures(browser: Browser, device: Device, board: BoardFixture, productId: string, { name, path }: Screen) {
  const { label } = device;
  // warm-up, then the screen's loads alternating with the reference's
  const { reference, measured: loads } = await interleaved(
    BOARD_RUNS,
    () => loadReference(browser, device),
    () => loadBoardInBrowser(browser, device, path),
  );
  // the orders: in one page, each beside the reference's click
  const onScreen = await pairedClicks(browser, device, (run) => loadBoardInBrowser(browser, device, path, { run, productId, tableCodes: board.tableCodes }));
  const line = (what: string, pick: (l: BoardLoad) => number, by?: ReferencePick) => lineOf(`${label}: ${what}`, loads.map(pick), reference, by);
  const first = loads[0]!;
  const shows = name === 'orders board' ? 'its row on the board' : 'its ticket on the kitchen display';
  return {
    reference: describeReference(label, reference),
    lines: [
      ...referenceLines(label, reference),
      line(`${name}, HTML received`, (l) => l.html),
      line(`${name} DOMContentLoaded (its modules ran)`, (l) => l.dcl),
      line(`${name} hydrated (React's root effect ran)`, (l) => l.hydrated),
      line(`${name} interactive (a click on its sound button works)`, (l) => l.interactive),
      line("  of which the click's AudioContext", (l) => l.audio),
      line(`${name} load event (its stream opens after it)`, (l) => l.load),
      line(`${name} live (its stream open)`, (l) => l.live),
      line('main thread busy until both', (l) => l.busy),
      line("main thread CPU time until both (÷ the reference's CPU time)", (l) => l.cpu, referenceCpu),
      ...clickLines(label, `a guest's order sent → ${shows}`, onScreen),
    ],
    transfer: `${label}: ${name}, JS ${kb(first.jsBytes)} in ${first.jsFiles} files (as transferred, compressed)`,
  };
}

/**
 * The orders the bench's guests sent since `since`, served (as a waiter would move them on): a kitchen display shows its
 * MAX_KITCHEN_ORDERS oldest open orders, so the board's 150 orders of a 48-pair run left the kitchen's own off its
 * screen. Each screen starts from the fixture's orders of the day alone.
 */
async function serveGuestsOrders(since: string): Promise<void> {
  const { db } = openDatabase({ sqlitePath: join(dataDir, 'bucate.sqlite') });
  try {
    await db.updateTable('guestOrder').set({ status: 'served' }).where('createdAt', '>=', since).where('status', 'in', ['received', 'accepted']).execute();
  } finally {
    await db.destroy();
  }
}

/**
 * The kitchen display's screen for the bench's dish: its category's station, else the location's first (the routing
 * rule, decision 0036), or the location's one screen when it has no stations.
 */
async function kitchenScreenPath(locationId: string, productId: string): Promise<string> {
  const { db } = openDatabase({ sqlitePath: join(dataDir, 'bucate.sqlite') });
  try {
    const { stationId } = await db
      .selectFrom('product')
      .innerJoin('category', 'category.id', 'product.categoryId')
      .select('category.stationId')
      .where('product.id', '=', productId)
      .executeTakeFirstOrThrow();
    const first = await db.selectFrom('station').select('id').where('locationId', '=', locationId).orderBy('sortOrder').executeTakeFirst();
    const station = stationId ?? first?.id;
    return `/${SLUG}/admin/kitchen?${station ? `station=${station}` : `location=${locationId}`}`;
  } finally {
    await db.destroy();
  }
}

// --- the run --------------------------------------------------------------------------------

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
let server: ChildProcess | undefined;
try {
  console.log(`${cpus().length} cores, Node ${process.versions.node}, load average before: ${load()}`);
  buildIfStale({ quiet: true });
  await runToEnd('scripts/prepare-data.ts', { ...env, NODE_ENV: 'development' });
  const fixture = await scaleTo500();
  const boardFixture = await prepareBoard(fixture.restaurantId);
  referenceClickPath = `/${SLUG}?via=${boardFixture.referenceTableCode}`;
  const running = await startServer();
  server = running.child;
  base = running.base;
  cookie = await signIn();
  const admin = `/${SLUG}/admin`;

  // the editor's queries alone, in this process on the same file: what is not rendering
  const { db } = openDatabase({ sqlitePath: join(dataDir, 'bucate.sqlite') });
  row(
    'editor queries alone (getEditorMenu, in-process)',
    await timed(async () => {
      const started = performance.now();
      await getEditorMenu(forRestaurant(systemScope(db, 'script:bench-admin'), fixture.restaurantId));
      return performance.now() - started;
    }),
  );
  // the edit form exactly as the browser submits it, from the same values the form is filled with
  const product = await getProductForEdit(forRestaurant(systemScope(db, 'script:bench-admin'), fixture.restaurantId), fixture.editedProductId);
  const values = { ...productFormValues(product, 'ro'), available: true, visible: true };
  // the version the edit page carries after the previous save (a save without one is refused, decision 0015); read outside the timing
  const versionNow = async () => (await db.selectFrom('product').select('updatedAt').where('id', '=', fixture.editedProductId).executeTakeFirstOrThrow()).updatedAt;
  const editForm = (run: number, version: string) => {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) {
      if (Array.isArray(value)) for (const item of value) form.append(key, item);
      else if (typeof value === 'boolean') {
        if (value) form.append(key, 'on');
      } else form.append(key, key === 'price' ? (run % 2 ? '42,50' : '42,00') : value);
    }
    form.append('imageId', product.image?.id ?? '');
    form.append('version', version);
    return form;
  };

  // loads
  const html = (await send('GET', admin, { encoding: 'identity' })).body.toString();
  const listed = (html.match(/id="product-/g) ?? []).length;
  if (process.env.BENCH_SAVE_HTML) writeFileSync(process.env.BENCH_SAVE_HTML, html);
  if (!/id="product-[^"]+"/.test(html)) throw new Error('the editor lists no dish row in its HTML: revise the interactive signal');
  row('editor document, GET /admin', await timed(async () => (await send('GET', admin)).ms), await sizes(admin));
  row('  the same, uncompressed', await timed(async () => (await send('GET', admin, { encoding: 'identity' })).ms));
  row('client navigation, GET /admin.data', await timed(async () => (await send('GET', `${admin}.data`)).ms), await sizes(`${admin}.data`));

  // one-click toggle, as a fetcher sends it, then the revalidation the browser does next
  // a dish the page lists (long menus start with most categories folded)
  const toggleId = /id="product-([0-9a-f-]{36})"/.exec(html)?.[1] ?? fixture.largestCategory.productIds[0]!;
  toggledProductId = toggleId;
  const toggle = (run: number) => new URLSearchParams({ intent: 'set-product-available', id: toggleId, value: String(run % 2 === 1) });
  row('toggle sold out, POST /admin.data?index', await timed(async (run) => (await send('POST', `${admin}.data?index`, { form: toggle(run) })).ms));
  row(
    '  + revalidate (GET /admin.data)',
    await timed(async (run) => {
      const started = performance.now();
      await send('POST', `${admin}.data?index`, { form: toggle(run) });
      await send('GET', `${admin}.data`);
      return performance.now() - started;
    }),
  );

  // drag and drop in the largest category: the whole order, reversed on every run
  const { id: categoryId, productIds } = fixture.largestCategory;
  const reorder = (run: number) => new URLSearchParams({ intent: 'reorder-products', parentId: categoryId, order: (run % 2 ? [...productIds].reverse() : productIds).join(',') });
  row(`reorder ${productIds.length} products, POST /admin.data?index`, await timed(async (run) => (await send('POST', `${admin}.data?index`, { form: reorder(run) })).ms));
  row(
    '  + revalidate (GET /admin.data)',
    await timed(async (run) => {
      const started = performance.now();
      await send('POST', `${admin}.data?index`, { form: reorder(run) });
      await send('GET', `${admin}.data`);
      return performance.now() - started;
    }),
  );

  // the full product form: saved, redirected (202 + redirect in the body), then the load the
  // browser makes: the editor with ?saved= (dropping the marker afterwards does not revalidate)
  const productPath = `${admin}/products/${fixture.editedProductId}`;
  row(
    'product save, POST /products/:id.data',
    await timed(async (run) => {
      const sent = await send('POST', `${productPath}.data`, { form: editForm(run, await versionNow()) });
      if (sent.status !== 202) throw new Error(`the product save answered ${sent.status}, not a redirect`);
      return sent.ms;
    }),
  );
  row(
    '  + the load that follows',
    await timed(async (run) => {
      const form = editForm(run, await versionNow());
      const started = performance.now();
      await send('POST', `${productPath}.data`, { form });
      await send('GET', `${admin}.data?saved=${fixture.editedProductId}`);
      return performance.now() - started;
    }),
  );
  row(
    'product save without JavaScript (302)',
    await timed(async (run) => {
      const sent = await send('POST', productPath, { form: editForm(run, await versionNow()) });
      if (sent.status !== 302) throw new Error(`the product save answered ${sent.status}, not 302`);
      return sent.ms;
    }),
  );
  await db.destroy();

  console.log(
    `\n${PRODUCTS} products in the restaurant; ${fixture.productsShown} in the location the editor opens on, ${listed} of them listed in its HTML; ${fixture.productsWithOptions} offer option groups${WITH_OPTIONS ? '' : ' (BENCH_OPTIONS=0)'}`,
  );
  printTable(`HTTP, sequential, ${RUNS} runs after ${WARMUP} warm-up (ms, to the last byte)`, ['request', 'p50', 'p95', 'max', 'response'], rows);

  const browser = await launchBrowser();
  try {
    if (!WITH_EDITOR) console.log('\n(BENCH_EDITOR=0: the editor not measured in Chromium)');
    if (process.env.BENCH_PROFILE !== 'saves') {
      const desktop = !WITH_EDITOR ? undefined : await browserFigures(browser, { label: 'desktop', viewport: DESKTOP, mobile: false, cpuSlowdown: 1 });
      const phone = !WITH_EDITOR ? undefined : await browserFigures(browser, { label: 'phone, CPU 4× slower', viewport: PHONE, mobile: true, cpuSlowdown: 4 });
      if (desktop && phone) {
        printTable(
          `Chromium, cold cache, ${BROWSER_RUNS} loads after 1 warm-up, each alternating with one of the reference (ms from navigation start); ${CLICK_RUNS} clicks after 2 in one page, each alternating with a reference click in another`,
          BROWSER_COLUMNS,
          [...desktop.lines, ...phone.lines],
        );
        console.log(`\n${desktop.reference}\n${phone.reference}\n${desktop.transfer}\n${phone.transfer}\nload average now: ${load()}`);
      }

      // the staff's orders board (issue 26), after the editor: its guests' orders are the run's last writes
      // then the kitchen display (issue 36) the same way, on the screen the bench's dish is routed to
      if (!WITH_SCREENS) console.log('\n(BENCH_SCREENS=0: the orders board and the kitchen display not measured)');
      const dish = await orderableDish(boardFixture.locationId, boardFixture.tableCodes[0]!);
      const screens: Screen[] = [
        { name: 'orders board', path: `/${SLUG}/admin/orders` },
        { name: 'kitchen display', path: await kitchenScreenPath(boardFixture.locationId, dish) },
      ];
      const guestsSince = new Date().toISOString();
      for (const screen of WITH_SCREENS ? screens : []) {
        await serveGuestsOrders(guestsSince);
        const onDesktop = await boardFigures(browser, { label: 'desktop', viewport: DESKTOP, mobile: false, cpuSlowdown: 1 }, boardFixture, dish, screen);
        const onPhone = await boardFigures(browser, { label: 'phone, CPU 4× slower', viewport: PHONE, mobile: true, cpuSlowdown: 4 }, boardFixture, dish, screen);
        printTable(
          `The ${screen.name} (${screen.path}) with ${BOARD_DAY_ORDERS} orders of the day, cold cache, ${BOARD_RUNS} loads after 1 warm-up, each alternating with one of the reference (ms from navigation start); ${CLICK_RUNS} guests' orders after 2 in one page (ms from the send's answer), each alternating with a reference click`,
          BROWSER_COLUMNS,
          [...onDesktop.lines, ...onPhone.lines],
        );
        console.log(`\n${onDesktop.reference}\n${onPhone.reference}\n${onDesktop.transfer}\n${onPhone.transfer}\nload average now: ${load()}`);
      }
    }
    if (process.env.BENCH_PROFILE === '1' || process.env.BENCH_PROFILE === 'saves') {
      const saves = process.env.BENCH_PROFILE === 'saves';
      const clicks: number[] = [];
      const profiled = await loadInBrowser(
        browser,
        { label: 'phone', viewport: PHONE, mobile: true, cpuSlowdown: 4 },
        saves
          ? async (click) => {
              for (let made = 0; made < BROWSER_RUNS + 2; made++) clicks.push(await click());
            }
          : undefined,
        saves ? 'saves' : 'load',
      );
      if (profiled.profile && process.env.BENCH_PROFILE_FILE) writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(profiled.profile));
      if (profiled.profile) printProfile(profiled.profile, saves ? `${BROWSER_RUNS} sold-out clicks with React running` : 'load');
      if (saves)
        console.log(
          `\nthe profiled clicks (ms, click → toast): ${clicks
            .slice(2)
            .map((save) => save.toFixed(0))
            .join(', ')}`,
        );
    }
    console.log(`\nload average after: ${load()}`);
  } finally {
    await browser.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  agent.destroy();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
