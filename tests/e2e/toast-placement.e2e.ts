import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, useBrowser } from './browser.ts';
import { ownerSessionOpener, toast } from './owner-session.ts';

/** Issue 23: a toast appears where its position says (top-right by default), on a phone too, below the header. */
const baseUrl = inject('baseUrl');
const browserOf = useBrowser();
const ownerContext = ownerSessionOpener(browserOf, baseUrl);

describe('toast placement', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('on a %s the default toast is at the top right, below the header', async (_size, viewport) => {
    const { context, page } = await ownerContext(`toast-${viewport.width}`, viewport);
    await page.getByLabel('Numele noii locații', { exact: true }).fill('Terasă');
    await page.getByRole('button', { name: 'Adaugă o locație' }).click();
    await toast(page, 'Locația a fost salvată.');
    const card = (await page.locator('[data-testid="toast"]').boundingBox())!;
    const header = (await page.locator('header').first().boundingBox())!;
    expect(card.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(card.y + card.height).toBeLessThan(viewport.height / 2);
    // its right edge 16 px from the screen's
    expect(Math.round(viewport.width - (card.x + card.width))).toBe(16);
    await context.close();
  });
});
