/**
 * bench:admin's reference page (issue 37): the same restaurant's guest menu, measured in the same run, in the same
 * browser profile and interleaved with the page it is the reference for, so that every figure can also be read as a
 * multiple of the reference's own "interactive" time. Milliseconds depend on the host (two machines of one size gave
 * the phone editor 552 and 2,136 ms); a ratio to a page that suffers the same load in the same minutes does much less.
 *
 * Why the guest menu: it is the page held at Lighthouse 100 (no React, HTML and one small deferred script), it is the
 * same restaurant's data rendered by the same server (its 483 dishes make HTML of the editor's order of size, so the
 * parsing both pay moves together), and its interactive signal is of the same kind as the editor's: the first
 * animation frame in which the page's own script answers the guest (its search filters the dishes). bench:admin
 * has the server render it anew for each load (a cache miss), as it renders the editor for each request: a cached
 * menu left the server's share of a loaded host out of the reference only.
 * bench:lighthouse's reference is of another kind (plainTwinOf below): Lighthouse simulates the network and the
 * phone, so what the host adds shows in the same page stripped to plain HTML.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { CART_COOKIE } from '#app/modules/ordering/cart-cookie.ts';

/**
 * What a page opener gives back: a fresh context (cold cache) with the device's profile, and its page; with a CDP
 * session on it whose Performance domain is on, the reference's main-thread CPU time is read too.
 */
export type OpenPage = (watch: () => void) => Promise<{ context: BrowserContext; page: Page; cdp?: CDPSession }>;

export interface ReferenceLoad {
  /** ms from navigation start: HTML received, interactive (its search filters the dishes) */
  html: number;
  interactive: number;
  /** CPU time of the page's main thread until interactive, ms (cpuTimeMs); absent without a CDP session */
  cpu?: number;
}

/**
 * The CPU time the page's renderer main thread has used, ms: Chromium's `ThreadTime` (Performance.getMetrics, the
 * thread's own clock, CLOCK_THREAD_CPUTIME_ID), read before the navigation and once the page is interactive, the
 * difference being the page's. Unlike the wall clock it does not count the time the thread waited: for the network,
 * for the app server (a separate process sharing the host), or for a core while the host's other work ran, which is
 * what a loaded host adds (issue 37). It does count the phone profile's CPU throttling (the reference's CPU time on
 * the phone is 4.7 to 5.5× the desktop's: Chromium's throttler holds the thread busy between slices), so the phone's
 * CPU figures are of the phone.
 */
export async function cpuTimeMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const thread = metrics.find((m) => m.name === 'ThreadTime');
  if (!thread) throw new Error("Chromium's Performance.getMetrics has no ThreadTime");
  return thread.value * 1000;
}

/**
 * One click (or a guest's order reaching a staff screen) in an open page: its ms until the page answered, and the CPU
 * time the page's main thread used from the click until that answer (clickCpuTimes).
 */
export interface ClickSample {
  ms: number;
  cpu: number;
}

/**
 * The performance marks a click puts in its page (`performance.mark`), at its start and at the page's answer, named after
 * the page's part in a pair ('reference' or 'measured'): the window its CPU time is read in (clickCpuTimes).
 */
export const clickMarks = (role: 'reference' | 'measured') => ({ start: `bench-${role}-click`, answer: `bench-${role}-answer` });

/**
 * Runs `run` under a Chromium trace of the pages' performance marks and of their main threads' frames, and gives, for
 * each role of clickMarks, the main-thread CPU time of every click it made, in order (cpuBetweenMarks). Every event in
 * a trace carries its thread's CPU clock (`tts`, µs). The window ends with the answer itself. Read over CDP before and
 * after the click instead (Performance.getMetrics' ThreadTime, session 20), it ended when that read came back, so the
 * work a page does on its own after answering (the toast's entrance, the data read again) counted for as long as a
 * loaded host took to deliver the read: the phone's click before React moved +61 % between a quiet and a loaded run.
 * The trace is the whole browser's and one at a time: one run of pairs (about 0.5 MB a second).
 */
export async function clickCpuTimes<T>(browser: Browser, run: () => Promise<T>): Promise<{ result: T; cpu: Record<'reference' | 'measured', number[]> }> {
  // 'benchmark' holds the main thread's frames (ProxyMain::BeginMainFrame)
  await browser.startTracing(undefined, { categories: ['blink.user_timing', 'benchmark'] });
  let result: T;
  try {
    result = await run();
  } catch (error) {
    await browser.stopTracing();
    throw error;
  }
  const trace = await browser.stopTracing();
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  return { result, cpu: { reference: cpuBetweenMarks(events, 'reference'), measured: cpuBetweenMarks(events, 'measured') } };
}

/** The main thread's frame in a trace: style, layout, paint and the commit to the compositor, one per display frame it drew. */
const FRAME = 'ProxyMain::BeginMainFrame';

/**
 * The CPU time (ms) of each click of `role` in a trace's events, in order: from each start mark to the next mark of the
 * same thread, which must be its answer (a click that was never answered is an error, not a long click), less the
 * frames the thread drew meanwhile. How many frames fall into a click's window depends on how long it waited for the
 * server: the reference's button greys out as it posts, and a frame drawn before the answer took its CPU time from
 * 2.5 to 8 ms, in about half of a quiet run's clicks and in more of a loaded one's. What is left is the click's own
 * script and DOM work, whatever the wait.
 */
export function cpuBetweenMarks(events: TraceEvent[], role: 'reference' | 'measured'): number[] {
  const { start, answer } = clickMarks(role);
  const marks = events.filter((e) => e.name === start || e.name === answer).sort((a, b) => a.ts - b.ts);
  const frames = events.filter((e) => e.name === FRAME && e.ph === 'X' && e.tts !== undefined && e.tdur !== undefined);
  const cpu: number[] = [];
  marks.forEach((mark, i) => {
    if (mark.name !== start) return;
    const end = marks.slice(i + 1).find((e) => e.tid === mark.tid && e.pid === mark.pid);
    if (end?.name !== answer) throw new Error(`the trace has a ${start} with no ${answer} after it`);
    if (mark.tts === undefined || end.tts === undefined) throw new Error("the trace's marks carry no thread clock (tts)");
    const from = mark.tts;
    const to = end.tts;
    const drawing = frames
      .filter((frame) => frame.pid === mark.pid && frame.tid === mark.tid)
      .reduce((sum, frame) => sum + Math.max(0, Math.min(frame.tts! + frame.tdur!, to) - Math.max(frame.tts!, from)), 0);
    cpu.push((to - from - drawing) / 1000);
  });
  return cpu;
}

/** An event in a Chromium trace: its clock and its thread's CPU clock (µs); a complete event ('X') also its thread time. */
export interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  tts?: number;
  ph?: string;
  tdur?: number;
}

/** What takes a page's CPU slowdown off (Chromium's throttling back to 1): the phone's click CPU times (bench-admin.ts pairedClicks). */
export const unthrottler = (cdp: CDPSession | undefined) => async () => {
  await cdp?.send('Emulation.setCPUThrottlingRate', { rate: 1 });
};

/**
 * Loads the guest menu at `path` in a page `open` makes and times, once per animation frame, when typing into its
 * search works: each frame puts a word no dish has into the search and says so (an `input` event, as typing does);
 * the menu is interactive in the first frame in which its script answers by showing "no results" (before the
 * deferred script runs, nothing answers). The search is then emptied again, so the page's insights beacon has
 * nothing to send.
 */
export async function loadReferenceInBrowser(open: OpenPage, path: string): Promise<ReferenceLoad> {
  const { context, page, cdp } = await open(() => {
    const bench = window as unknown as { benchInteractiveAt?: number };
    const say = (search: HTMLInputElement, text: string) => {
      search.value = text;
      search.dispatchEvent(new Event('input', { bubbles: true }));
    };
    const check = () => {
      const search = document.getElementById('menu-search') as HTMLInputElement | null;
      const empty = document.getElementById('menu-empty');
      if (search && empty) {
        say(search, 'qqzx');
        if (!empty.hidden) {
          bench.benchInteractiveAt = performance.now();
          say(search, '');
          return;
        }
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  try {
    const cpuBefore = cdp ? await cpuTimeMs(cdp) : undefined;
    await page.goto(path, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => (window as unknown as { benchInteractiveAt?: number }).benchInteractiveAt !== undefined, undefined, { timeout: 120_000, polling: 100 });
    // read at once: after interactive the page is idle (its check stopped), so the wait's few ms add no CPU time
    const cpu = cdp && cpuBefore !== undefined ? (await cpuTimeMs(cdp)) - cpuBefore : undefined;
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { html: nav.responseEnd, interactive: (window as unknown as { benchInteractiveAt: number }).benchInteractiveAt };
    });
    return cpu === undefined ? timing : { ...timing, cpu };
  } finally {
    await context.close();
  }
}

/**
 * `runs` samples of the reference and of the measured page, interleaved (reference first, then measured first, and so
 * on: ABBA, so neither side is always the one that follows the other), after `warmups` of each (loads: one; clicks in
 * an open page: two, the first of which loads the scripts that answer it). A host whose load changes during the run
 * slows both sides in the same minutes.
 */
export async function interleaved<R, T>(runs: number, reference: () => Promise<R>, measured: () => Promise<T>, warmups = 1): Promise<{ reference: R[]; measured: T[] }> {
  for (let warmup = 0; warmup < warmups; warmup++) {
    await reference();
    await measured();
  }
  const out = { reference: [] as R[], measured: [] as T[] };
  for (let run = 0; run < runs; run++) {
    if (run % 2 === 0) {
      out.reference.push(await reference());
      out.measured.push(await measured());
    } else {
      out.measured.push(await measured());
      out.reference.push(await reference());
    }
  }
  return out;
}

/**
 * The reference for a click in an open page (issue 37): the same restaurant's guest menu, open at a table's QR address
 * (`path` with `?via=`), and its "Adaugă" on the first dish that has one but `notDish` (the dish the measured clicks
 * mark sold out and back: on some runs the menu's first, and the reference's click was refused): a tap, the cart
 * script's post to /comanda/adauga (asked for JSON), and the cart bar redrawn with the answer. Like the editor's
 * sold-out click (a tap, a post, a toast) and a guest's order reaching a staff screen (a post, the server's work, a row
 * drawn), it is one server round trip and a small change on screen, in the same profile as the measured page; a click
 * measured beside it (interleaved) meets the host in the same seconds. Divided by the menu's load instead, the clicks' multiples moved
 * 10 to 55 % between a quiet and a loaded run (session 18). The cart cookie is cleared before each click, so every one
 * adds the first of a dish to an empty cart: the same work each time.
 */
export async function openReferenceClicks(
  open: OpenPage,
  path: string,
  notDish = '',
): Promise<{ click: () => Promise<number>; unthrottle: () => Promise<void>; close: () => Promise<void> }> {
  const adds = `button[form][name="p"]${notDish ? `:not([value="${notDish}"])` : ''}`;
  const { context, page, cdp } = await open(() => {});
  try {
    await page.goto(path, { waitUntil: 'load', timeout: 120_000 });
    if (!(await page.evaluate((selector) => document.querySelector(selector) !== null, adds)))
      throw new Error(`the reference menu ${path} shows no "Adaugă" (ordering off for its location?)`);
  } catch (error) {
    await context.close();
    throw error;
  }
  const click = async () => {
    await context.clearCookies({ name: CART_COOKIE });
    return page.evaluate(
      ({ marks, selector }) =>
        new Promise<number>((resolve, reject) => {
          const button = document.querySelector<HTMLButtonElement>(selector)!;
          const bar = document.getElementById('cart-bar')!;
          // the answer sets the bar's count (menu-cart.js show()); the script's own start adds to the bar before it
          const observer = new MutationObserver((records) => {
            if (!records.some((r) => r.type === 'attributes' && r.attributeName === 'data-count')) return;
            observer.disconnect();
            if (bar.getAttribute('data-count') !== '1') return reject(new Error(`the reference's "Adaugă" was refused: ${bar.textContent}`));
            performance.mark(marks.answer);
            resolve(performance.now() - started);
          });
          observer.observe(bar, { attributes: true, childList: true, subtree: true });
          const started = performance.now();
          performance.mark(marks.start);
          button.click();
        }),
      { marks: clickMarks('reference'), selector: adds },
    );
  };
  return { click, unthrottle: unthrottler(cdp), close: () => context.close() };
}

/** Reference clicks as the loads' type, so that a click's figures go through the same lines (lineOf) as a load's. */
export const clicksAsLoads = (clicks: ClickSample[]): ReferenceLoad[] => clicks.map(({ ms, cpu }) => ({ html: Number.NaN, interactive: ms, cpu }));

/**
 * The reference's interactive time: its median (nearest rank, as bench:admin's p50), and how far its runs spread
 * (min, max, and the middle half's width as a share of the median).
 */
export function referenceOf(loads: ReferenceLoad[]): { median: number; min: number; max: number; iqrShare: number } {
  const values = loads.map((l) => l.interactive).sort((a, b) => a - b);
  const rank = (p: number) => values[Math.max(0, Math.ceil(p * values.length) - 1)]!;
  const median = rank(0.5);
  return { median, min: values[0]!, max: values[values.length - 1]!, iqrShare: (rank(0.75) - rank(0.25)) / median };
}

/** A figure as a multiple of the reference's interactive time, e.g. "1.42×". */
export const timesReference = (ms: number, referenceMs: number) => `${(ms / referenceMs).toFixed(2)}×`;

/**
 * The mean of the middle half of `values`: the lowest and the highest quarter left out (at least one of each from four
 * values on). A load caught alone by a burst of the host's other work falls out as the median would leave it; the
 * half that is kept all counts, where a median of ten rests on one or two values, so two runs of the same tree land
 * closer together (issue 37: the phone board's median of six pairs moved 31 % between two runs).
 */
export function middleMean(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const cut = Math.floor(sorted.length / 4);
  const kept = sorted.slice(cut, sorted.length - cut);
  return kept.reduce((sum, v) => sum + v, 0) / kept.length;
}

/** What of the reference a figure is divided by: its interactive time (the default), or its CPU time until then. */
export type ReferencePick = (load: ReferenceLoad) => number;
export const referenceInteractive: ReferencePick = (load) => load.interactive;
export const referenceCpu: ReferencePick = (load) => load.cpu ?? Number.NaN;

/**
 * Loads that `interleaved` made side by side (one measured, one reference, in the same minute), divided pair by pair;
 * undefined for samples not taken in pairs with the reference (a different count).
 */
export function pairedQuotients(samples: number[], reference: ReferenceLoad[], pick: ReferencePick = referenceInteractive): number[] | undefined {
  if (samples.length === 0 || samples.length !== reference.length) return undefined;
  return samples.map((ms, i) => ms / pick(reference[i]!));
}

/**
 * A figure's multiple of the reference: the middle mean of its paired quotients (a host whose load drifts during the
 * run moves both halves of a pair together, while a median over each side compares different minutes). Samples not
 * taken in pairs with the reference fall back to their median over the reference's median.
 */
export function ratioToReference(samples: number[], reference: ReferenceLoad[], pick: ReferencePick = referenceInteractive): number {
  if (samples.length === 0 || reference.length === 0) return Number.NaN;
  const quotients = pairedQuotients(samples, reference, pick);
  if (quotients) return middleMean(quotients);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.5 * values.length) - 1)]!;
  return median(samples) / median(reference.map(pick));
}

/** How far a figure's paired quotients spread: their lower and upper quartile (nearest rank), e.g. "0.41–0.52"; "—" unpaired. */
export function quotientSpread(samples: number[], reference: ReferenceLoad[], pick: ReferencePick = referenceInteractive): string {
  const quotients = pairedQuotients(samples, reference, pick)?.sort((a, b) => a - b);
  if (!quotients) return '—';
  const rank = (p: number) => quotients[Math.max(0, Math.ceil(p * quotients.length) - 1)]!;
  return `${rank(0.25).toFixed(2)}–${rank(0.75).toFixed(2)}`;
}

/** One line saying what the reference measured on a device, for under a table. */
export function describeReference(label: string, loads: ReferenceLoad[]): string {
  const r = referenceOf(loads);
  const cpus = loads.map(referenceCpu).filter((cpu) => !Number.isNaN(cpu));
  const cpu = cpus.length > 0 ? `; its main thread's CPU time until then median ${referenceOf(cpus.map((c) => ({ html: 0, interactive: c }))).median.toFixed(0)} ms` : '';
  return `${label}: reference (guest menu interactive) median ${r.median.toFixed(0)} ms of ${loads.length} loads, min–max ${r.min.toFixed(0)}–${r.max.toFixed(0)} ms, middle half ±${((r.iqrShare / 2) * 100).toFixed(0)} % of the median${cpu}`;
}

/**
 * The page's HTML as plain static HTML: its markup and text, without what makes it more than that (scripts, inline or
 * not, stylesheets and other links, images, inline SVG icons, frames). A stand-in of the page's size whose load is
 * the host's and the server's, nothing of ours.
 */
export function plainTwinOf(html: string): string {
  return html.replace(/<(script|style|svg|picture|iframe|noscript)\b[\s\S]*?<\/\1>/gi, '').replace(/<(link|img|source)\b[^>]*>/gi, '');
}
