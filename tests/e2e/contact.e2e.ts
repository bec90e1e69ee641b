import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '#app/db/connection.server.ts';
import { DESKTOP, openContext, PHONE, seriousAxeViolations, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const browserOf = useBrowser();

describe('contact form', () => {
  it('rejects bad input with translated messages, keeping the text', async () => {
    for (const [locale, nameError, messageError] of [
      ['ro', 'Scrie-ne numele tău (2–100 de caractere).', 'Mesajul trebuie să aibă cel puțin 10 caractere.'],
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
    const { db } = openDatabase({ sqlitePath: join(dataDir, 'bucate.sqlite') });
    const row = await db.selectFrom('contactMessage').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    await db.destroy();
    expect(row).toMatchObject({ name: 'Maria Ionescu', restaurantName: 'Casa Maria', locale: 'ro' });
    expect(row.emailedAt).not.toBeNull();
    // the team's copy is in the outbox, addressed to CONTACT_EMAIL
    const copies = readdirSync(join(dataDir, 'outbox')).filter((f) => f.includes('contact@bucate.localhost'));
    expect(copies.some((f) => readFileSync(join(dataDir, 'outbox', f), 'utf8').includes(`Reply-To: ${email}`))).toBe(true);
    await context.close();
  });
});
