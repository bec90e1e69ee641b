import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Debian's Chromium (`apt-get install -y chromium`), or CHROMIUM_PATH. */
const FULL = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS };

/**
 * The browser the tests share: Debian's headless shell of the same Chromium (`apt-get install -y chromium-headless-shell`,
 * the build Playwright itself runs headless), when it is there. It renders with the same Blink and V8 without the
 * full browser's user interface, and the whole browser leg took 30 % less time (825 s against 574 s on one 2-core
 * machine; docs/performance.md, session 19). It has no back/forward cache: the tests of a page coming back from it
 * launch the full Chromium (`backForwardCache`). Without the shell, everything runs on the full Chromium.
 */
const SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
// its compositor in the browser process (`--in-process-gpu`), not a GPU process of its own: nothing here draws with a GPU
// (`--disable-gpu`), and the leg's CPU time was 4-6 % less (the heaviest six files twice, 165 -> 159 s and 161 -> 151 s,
// session 22)
const SHARED = existsSync(SHELL_PATH) ? { executablePath: SHELL_PATH, args: [...ARGS, '--in-process-gpu'] } : FULL;

/**
 * Debian's Chromium, with the flags this network needs (stack-notes.md). Playwright turns the
 * back/forward cache off; `backForwardCache` keeps it, for the tests of a page coming back from it.
 * The benchmarks and screenshots use it too: what they measure and show is the browser a person runs.
 */
export function launchBrowser(options: { backForwardCache?: boolean } = {}): Promise<Browser> {
  return chromium.launch({ ...FULL, ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}) });
}

/** The tests' shared browser, served to other processes (global-setup.ts): one start for the whole run instead of one per file. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(SHARED);
}

/**
 * The Chromium for the test file: a connection to the run's shared one (global-setup.ts), or a
 * browser of its own when it needs other flags. Closing it after the file closes every context the
 * file opened.
 */
export function useBrowser(options: { backForwardCache?: boolean } = {}): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const endpoint = options.backForwardCache ? undefined : inject('chromiumEndpoint');
    browser = endpoint ? await chromium.connect(endpoint) : await launchBrowser(options);
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('the browser starts in beforeAll');
    return browser;
  };
}

let clientCounter = 0;
/** A distinct client address per simulated person (the server trusts X-Forwarded-For in tests). */
export function nextClientIp(): string {
  clientCounter++;
  return `10.${process.pid % 250}.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`;
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** A fresh browser context at the given size whose language cookie is set (or not). */
export async function openContext(
  browser: Browser,
  baseUrl: string,
  options: { viewport?: { width: number; height: number }; locale?: 'ro' | 'en'; javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport ?? PHONE,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    // a Romanian browser (Accept-Language: ro-RO): the guest menu negotiates from it on a first visit (issue 16)
    locale: 'ro-RO',
    baseURL: baseUrl,
    extraHTTPHeaders: { 'X-Forwarded-For': nextClientIp() },
  });
  if (options.locale) {
    await context.addCookies([{ name: 'lang', value: options.locale, url: baseUrl }]);
  }
  return context;
}

/**
 * Whether React has hydrated the element (a click before that is a full page load, not a client
 * navigation). On a page that starts React on demand (the menu editor, decision 0033) it asks the
 * page to start it, as the owner reaching for a rich control would: the tests that wait for React
 * drive React's page (editor-before-react.e2e.ts covers the page before it).
 */
export async function isHydrated(page: Page, selector: string): Promise<boolean> {
  await page.evaluate(() => {
    const onDemand = (window as { reactOnDemand?: { start(): Promise<void>; running: boolean } }).reactOnDemand;
    if (onDemand && !onDemand.running) void onDemand.start();
  });
  return page
    .locator(selector)
    .first()
    .evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps')));
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Rules reported whatever impact axe gives them (label in name: voice-control users say what they see). */
const ALWAYS_REPORTED = new Set(['label-content-name-mismatch']);

/**
 * axe-core's serious and critical findings on the current page (WCAG 2 A/AA rules), plus ALWAYS_REPORTED. `exclude`:
 * CSS selectors of parts not checked (only parts a caller has shown to be checked already, byte for byte the same).
 */
export async function seriousAxeViolations(page: Page, { exclude = [] }: { exclude?: string[] } = {}): Promise<string[]> {
  // evaluated through the DevTools protocol, so the page's CSP (rightly) does not apply; once per document
  // (about 650 KB of script to parse: seconds on a loaded machine, and a page is often checked in several states)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (excluded) => {
    // @ts-expect-error axe is evaluated above
    const result = await window.axe.run(excluded.length > 0 ? { include: [[':root']], exclude: excluded.map((selector) => [selector]) } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      // experimental in axe, so off unless named: a control's accessible name must contain its visible text (WCAG 2.5.3)
      rules: { 'label-content-name-mismatch': { enabled: true } },
      // only the violations are read: axe then builds no selector for every node that passed (its documented speed-up)
      resultTypes: ['violations'],
    });
    return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[]).map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  }, exclude);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALWAYS_REPORTED.has(v.id)).map((v) => `${v.impact} ${v.id}: ${v.targets.join(', ')}`);
}

/**
 * Call before `goto`: the page records when the first element matching `selector` becomes visible,
 * in milliseconds after its document became interactive (a delay's timer cannot start before that).
 * Read it with `shownAfterInteractive`. Timing a delay from `goto`'s return instead fails on a
 * busy machine, where the load event comes long after the page's scripts started their timers.
 */
export async function recordWhenShown(page: Page, selector: string): Promise<void> {
  await page.addInitScript((wanted: string) => {
    const record = window as unknown as { __shownAfterInteractive?: number };
    const observer = new MutationObserver(() => {
      const element = document.querySelector(wanted);
      if (record.__shownAfterInteractive !== undefined || !element?.checkVisibility()) return;
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      record.__shownAfterInteractive = performance.now() - navigation.domInteractive;
      observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  }, selector);
}

/** See recordWhenShown; undefined while the element has not been seen visible. */
export function shownAfterInteractive(page: Page): Promise<number | undefined> {
  return page.evaluate(() => (window as unknown as { __shownAfterInteractive?: number }).__shownAfterInteractive);
}

/**
 * A hydrated page's HTML without its catalogue for the browser's i18next (issue 26: a JSON script
 * holding the area's texts), so a check that a text is absent from the page does not match the catalogue.
 */
export function withoutCatalogue(html: string): string {
  return html.replace(/<script id="bucate-i18n"[^>]*>[\s\S]*?<\/script>/, '');
}
