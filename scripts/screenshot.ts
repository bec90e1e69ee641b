// `npm run screenshot`: look at pages as a person would. Builds if needed (run `npm run build` after
// changes), serves the production build on a throw-away demo database, signs in if asked, and writes
// one PNG per path × width × language to SHOT_DIR (default /tmp/shots).
//   SHOT_PATHS=/,/bistro-la-bunica/admin   paths to open (comma-separated)
//   SHOT_LOGIN=owner|admin|none             demo log-in to use (default none)
//   SHOT_LANGS=ro,en                        interface languages (the `lang` cookie)
//   SHOT_WIDTHS=390,1280                    viewport widths
//   SHOT_FULL=1                             whole page instead of the first screen
//   SHOT_ELEMENT='section[data-category]'  only the first element a CSS selector finds
//   SHOT_NOW=2026-12-24T11:00:00Z           the guest menu's clock (the X-Test-Now header; decision 0022)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer } from '#tests/support/built-server.ts';
import { launchBrowser } from '#tests/e2e/browser.ts';
import { DEMO_LOGINS } from '#app/modules/demo/demo-seed.server.ts';

const paths = (process.env.SHOT_PATHS ?? '/').split(',').filter(Boolean);
const langs = (process.env.SHOT_LANGS ?? 'ro,en').split(',').filter(Boolean);
const widths = (process.env.SHOT_WIDTHS ?? '390,1280').split(',').map(Number);
const login = process.env.SHOT_LOGIN ?? 'none';
const outDir = process.env.SHOT_DIR ?? '/tmp/shots';
mkdirSync(outDir, { recursive: true });

// the demo on a new database, as `npm start` prepares it, then the production build over it
const dataDir = mkdtempSync(join(tmpdir(), 'bucate-shot-'));
const sqlitePath = join(dataDir, 'bucate.sqlite');
execFileSync(process.execPath, ['scripts/prepare-data.ts'], {
  stdio: 'ignore',
  env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, SQLITE_PATH: sqlitePath, DATABASE_URL: '' },
});
// SHOT_NOW: a production server honours the test clock only on a loopback HOST with an explicit loopback PUBLIC_URL (env.server.ts)
const clock: Record<string, string> = process.env.SHOT_NOW ? { TEST_CLOCK_HEADER: 'true', PUBLIC_URL: 'http://127.0.0.1' } : {};
const server = await startBuiltServer({ sqlitePath, env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...clock } });
const browser = await launchBrowser();
try {
  for (const lang of langs) {
    for (const width of widths) {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width, height: width < 800 ? 844 : 900 },
        locale: lang === 'ro' ? 'ro-RO' : 'en-GB',
        ...(process.env.SHOT_NOW ? { extraHTTPHeaders: { 'X-Test-Now': process.env.SHOT_NOW } } : {}),
      });
      await context.addCookies([{ name: 'lang', value: lang, url: server.baseUrl }]);
      const page = await context.newPage();
      if (login === 'owner' || login === 'admin') {
        const who = DEMO_LOGINS[login];
        await page.goto('/login');
        await page.locator('input[type=email]').first().fill(who.email);
        await page.locator('input[type=password]').first().fill(who.password);
        await page.locator('input[type=password]').first().press('Enter');
        await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      }
      for (const path of paths) {
        await page.goto(path, { waitUntil: 'networkidle' });
        const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.${lang}.${width}.png`;
        if (process.env.SHOT_ELEMENT)
          await page
            .locator(process.env.SHOT_ELEMENT)
            .first()
            .screenshot({ path: join(outDir, name) });
        else await page.screenshot({ path: join(outDir, name), fullPage: process.env.SHOT_FULL === '1' });
        console.log(join(outDir, name));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
