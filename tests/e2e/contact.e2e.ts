import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONTACT_LIMIT_PER_HOUR } from '#app/modules/contact/contact.service.server.ts';
import { DESKTOP, nextClientIp, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browserOf = useBrowser();

describe('contact form', () => {
  it('rejects bad input with translated messages, keeping the text', async () => {
    for (const [locale, nameError, messageError] of [
      ['ro', 'Scrie numele tău (între 2 și 100 de caractere).', 'Mesajul trebuie să aibă cel puțin 10 caractere.'],
      ['en', 'Tell us your name (2–100 characters).', 'The message needs at least 10 characters.'],
    ] as const) {
      const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale });
      const page = await context.newPage();
      await page.goto('/contact');
      await page.locator('#contact-name').fill('A');
      await page.locator('#contact-email').fill('not-an-address');
      await page.locator('#contact-message').fill('scurt');
      await page.locator('form:has(#contact-name) button[type=submit]').click();
      await expect.poll(() => page.locator('#contact-name-error').textContent()).toBe(nameError);
      expect(await page.locator('#contact-message-error').textContent()).toBe(messageError);
      expect(await page.locator('#contact-email').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#contact-message').inputValue()).toBe('scurt');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it('accepts good input: a toast, the message in the database and in the outbox', async () => {
    const email = `guest-${Date.now()}@example.com`;
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto('/contact');
    await page.getByLabel('Numele tău').fill('Maria Ionescu');
    await page.getByLabel('Adresa de e-mail').fill(email);
    await page.getByLabel('Restaurantul (opțional)').fill('Casa Maria');
    await page.getByLabel('Mesajul').fill('Bună ziua, aș dori detalii despre planul PRO pentru două locații.');
    await page.getByRole('button', { name: 'Trimite mesajul' }).click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Mulțumim! Am primit mesajul');
    expect(await page.getByLabel('Mesajul').inputValue()).toBe('');
    const db = openServerDatabase();
    const stored = () => db.selectFrom('contactMessage').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(await stored()).toMatchObject({ name: 'Maria Ionescu', restaurantName: 'Casa Maria', locale: 'ro' });
    // the e-mail leaves through the job queue once the message is stored: wait for the worker
    await expect.poll(async () => (await stored()).emailedAt).not.toBeNull();
    await db.destroy();
    // the team's copy is in the outbox, addressed to CONTACT_EMAIL
    const teamCopies = () =>
      existsSync(join(dataDir, 'outbox'))
        ? readdirSync(join(dataDir, 'outbox')).filter(
            (f) => f.includes('contact@bucate.localhost') && readFileSync(join(dataDir, 'outbox', f), 'utf8').includes(`Reply-To: ${email}`),
          )
        : [];
    await expect.poll(() => teamCopies().length).toBe(1);
    await context.close();
  });

  it('keeps the typed text without JavaScript too when a field is refused', async () => {
    const context = await browserOf().newContext({ viewport: PHONE, baseURL: baseUrl, javaScriptEnabled: false, extraHTTPHeaders: { 'X-Forwarded-For': nextClientIp() } });
    const page = await context.newPage();
    await page.goto('/contact');
    await page.locator('#contact-name').fill('Ion Popa');
    await page.locator('#contact-email').fill('ion@');
    await page.locator('#contact-restaurantName').fill('Hanul lui Ion');
    await page.locator('#contact-message').fill('Vreau meniul pentru terasă.');
    await page.locator('form:has(#contact-name) button[type=submit]').click();
    await page.locator('#contact-email-error').waitFor();
    expect(await page.locator('#contact-email-error').textContent()).toBe('Adresa de e-mail nu este validă.');
    expect(await page.locator('#contact-name').inputValue()).toBe('Ion Popa');
    expect(await page.locator('#contact-email').inputValue()).toBe('ion@');
    expect(await page.locator('#contact-restaurantName').inputValue()).toBe('Hanul lui Ion');
    expect(await page.locator('#contact-message').inputValue()).toBe('Vreau meniul pentru terasă.');
    await context.close();
  });
});

/** The toast inside the polite (status) or the assertive (alert) live region. */
const toastIn = (page: Page, region: 'status' | 'alert') => page.locator(`[data-testid="toast-${region}"] [data-testid="toast"]`);

describe('contact form toasts', () => {
  it('confirms politely for 3 seconds; a refused send interrupts and the text stays', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto('/contact');
    // both live regions are in the page before any toast, so screen readers are already watching them
    expect(await page.locator('[data-testid="toast-status"][role="status"][aria-live="polite"]').count()).toBe(1);
    expect(await page.locator('[data-testid="toast-alert"][role="alert"][aria-live="assertive"]').count()).toBe(1);
    const send = async (message: string) => {
      await page.getByLabel('Numele tău').fill('Radu Stan');
      await page.getByLabel('Adresa de e-mail').fill('radu@example.com');
      await page.getByLabel('Restaurantul (opțional)').fill('Bistro Radu');
      await page.getByLabel('Mesajul').fill(message);
      await page.getByRole('button', { name: 'Trimite mesajul' }).click();
    };

    await send('Primul mesaj: aș vrea o ofertă.');
    await toastIn(page, 'status').waitFor();
    const shown = Date.now();
    expect(await toastIn(page, 'status').textContent()).toContain('Mulțumim! Am primit mesajul');
    expect(await toastIn(page, 'alert').count()).toBe(0);
    await toastIn(page, 'status').waitFor({ state: 'detached', timeout: 6000 });
    // it stayed for its duration (3 s) rather than vanishing at once; generous, as the machine may be busy
    expect(Date.now() - shown).toBeGreaterThanOrEqual(1500);
    expect(await page.locator('[data-testid="toast-status"]').textContent()).toBe('');

    // up to the hourly limit for this sender (contact.service), then one more is refused
    for (let i = 2; i <= CONTACT_LIMIT_PER_HOUR; i++) {
      await send(`Mesajul numărul ${i}: încă o întrebare.`);
      await expect.poll(() => page.getByLabel('Mesajul').inputValue()).toBe(''); // sent: the form starts again
    }
    const refused = 'Al șaselea mesaj, pe care nu vreau să-l pierd.';
    await send(refused);
    await toastIn(page, 'alert').waitFor();
    expect(await toastIn(page, 'alert').textContent()).toContain('Prea multe încercări. Așteaptă puțin și încearcă din nou.');
    expect(await toastIn(page, 'alert').getAttribute('data-type')).toBe('error');
    expect(await toastIn(page, 'status').count()).toBe(0);
    expect(await page.getByLabel('Numele tău').inputValue()).toBe('Radu Stan');
    expect(await page.getByLabel('Adresa de e-mail').inputValue()).toBe('radu@example.com');
    expect(await page.getByLabel('Restaurantul (opțional)').inputValue()).toBe('Bistro Radu');
    expect(await page.getByLabel('Mesajul').inputValue()).toBe(refused);
    await toastIn(page, 'alert').waitFor({ state: 'detached', timeout: 6000 });
    await context.close();
  });
});
