import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { browserCookies, registerOwner } from './accounts.ts';
import { DESKTOP, isHydrated, openContext } from './browser.ts';

export interface OwnerSession {
  context: BrowserContext;
  page: Page;
  slug: string;
  cookie: string;
}

/**
 * A Romanian browser signed in with an owner's session cookie (consent given, so the banner covers
 * nothing), at `path` (the editor by default), hydrated: one-click buttons work only then. `url` is
 * the origin the browser uses when it differs from the one the cookie was made at.
 */
export async function openOwnerPage(browser: Browser, url: string, cookie: string, path: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, url, { viewport, locale: 'ro' });
  await context.addCookies(browserCookies(cookie, url));
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(path);
  await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
  return { context, page };
}

/**
 * Opens signed-in browsers for freshly registered owners: `const ownerContext =
 * ownerSessionOpener(browserOf, baseUrl)`, then `await ownerContext('bistro-x', PHONE)` registers
 * the owner and opens its editor (openOwnerPage).
 */
export function ownerSessionOpener(browserOf: () => Browser, baseUrl: string) {
  return async (name: string, viewport = DESKTOP, url = baseUrl): Promise<OwnerSession> => {
    const { cookie, slug } = await registerOwner(baseUrl, name);
    const { context, page } = await openOwnerPage(browserOf(), url, cookie, `/${slug}/admin`, viewport);
    return { context, page, slug, cookie };
  };
}

/**
 * A failed wait says where the page was: its address, heading and any alert (an error page or a
 * refusal), so a failure in a loaded CI run can be read without running it again.
 */
async function withPageContext(page: Page, wait: PromiseLike<void>): Promise<void> {
  try {
    await wait;
  } catch (error) {
    const visible = async (selector: string) =>
      (
        await page
          .locator(selector)
          .allInnerTexts()
          .catch(() => [])
      )
        .map((text) => text.trim())
        .filter(Boolean);
    const seen = `page ${page.url()}; h1 ${JSON.stringify(await visible('h1'))}; alerts ${JSON.stringify(await visible('[role="alert"]'))}`;
    throw new Error(`${(error as Error).message}\n${seen}`, { cause: error });
  }
}

/**
 * Focuses a drag handle and waits until its keyboard drag is armed: dnd-kit (loaded when React has
 * started and the page is idle, or when a handle is reached for) names its screen-reader
 * instructions on the handle. A Space pressed before that does nothing, for a person too.
 */
export async function focusArmedHandle(handle: Locator): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  await handle.focus();
  await expect
    .poll(
      () =>
        handle.evaluate((node) => {
          const instructions = node.getAttribute('aria-describedby');
          return instructions !== null && document.getElementById(instructions) !== null;
        }),
      { timeout: 10_000 },
    )
    .toBe(true);
}

/**
 * Picks a row up from the keyboard (Space on its handle, armed first) and waits until the drag listens to the arrows.
 * dnd-kit's keyboard sensor adds its keydown listener in a timer set as the drag starts (so that the Space which started
 * the drag does not also end it), and that timer can run after the pick-up is announced: an arrow pressed at once then
 * only scrolls the page by 40 px (stop 44's CI, and one run in three here). A timer set now runs after it (timers of
 * the same delay run in the order they were set), so waiting for one is enough.
 */
export async function pickUpWithKeyboard(handle: Locator, announced: string): Promise<void> {
  const page = handle.page();
  await focusArmedHandle(handle);
  await page.keyboard.press('Space');
  await statusMessage(page, announced);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

/** Waits until a toast (success or error) holding `text` shows. */
export const toast = (page: Page, text: string, timeout = 5000) =>
  withPageContext(page, expect.poll(() => page.locator('[data-testid="toast"]').allTextContents(), { timeout }).toContainEqual(expect.stringContaining(text)));

/**
 * Waits until a polite live region holding `text` shows: a success toast, or any other status the
 * page announces (the editor's "1 produs găsit", a drag's "… pe poziția 2 din 2"). What the regions
 * said since the wait began counts too (the page records it): a toast lives 3 s, and on a loaded
 * machine one can come and go between two looks.
 */
export function statusMessage(page: Page, text: string, timeout = 5000): Promise<void> {
  let first = true;
  const said = async () => {
    const restart = first;
    first = false;
    return page.evaluate((fresh) => {
      const record = window as unknown as { statusSaid?: string[]; statusWatch?: MutationObserver };
      const now = () => [...document.querySelectorAll('[role="status"]')].map((region) => region.textContent ?? '').filter(Boolean);
      if (fresh || !record.statusWatch) {
        record.statusWatch?.disconnect();
        record.statusSaid = [];
        record.statusWatch = new MutationObserver(() => record.statusSaid!.push(...now()));
        record.statusWatch.observe(document.body, { subtree: true, childList: true, characterData: true });
      }
      return [...record.statusSaid!, ...now()];
    }, restart);
  };
  return withPageContext(page, expect.poll(said, { timeout }).toContainEqual(expect.stringContaining(text)));
}

/**
 * Opens an admin section by its tab, as a person would at any width: on a phone all but the first three tabs are under
 * "Mai mult" ("More"), which is opened first when the tab is not in sight (issue 33 item 16).
 */
export async function openAdminTab(page: Page, name: string, more: 'Mai mult' | 'More' = 'Mai mult'): Promise<void> {
  const tab = page.getByRole('link', { name, exact: true });
  if (!(await tab.isVisible())) await page.getByText(more, { exact: true }).click();
  await tab.click();
}
