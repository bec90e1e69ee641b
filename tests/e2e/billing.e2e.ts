import { createServer } from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts';
import { startFakeStripe, type FakeStripe } from '#tests/support/fake-stripe.ts';
import type { TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { browserCookies, registerOwner } from './accounts.ts';
import { DESKTOP, isHydrated, nextClientIp, openContext, PHONE, seriousAxeViolations, useBrowser, withoutCatalogue } from './browser.ts';
import { statusMessage as toast } from './owner-session.ts';

/**
 * The whole card-payment flow in Chromium, on a server of its own whose Stripe is the fake server
 * (the shared e2e server runs without Stripe, as a fresh clone does): a trial owner at 50 products
 * pays, lands on the payment-success state, sees it wait for the webhook and then PRO active, adds
 * product 51 and opens the Customer Portal.
 */
const WEBHOOK_SECRET = 'whsec_e2e_billing';
const browserOf = useBrowser();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('card payments, end to end (fake Stripe)', () => {
  let database: TestDatabase;
  let fake: FakeStripe;
  let server: BuiltServer;
  let baseUrl = '';

  test.beforeAll(async ({ database: fileDatabase }) => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // the hosted page redirects at once and the events follow 3 s later: the owner sees the waiting state
    fake = await startFakeStripe({ webhookUrl: () => `${baseUrl}/api/webhooks/stripe`, webhookSecret: WEBHOOK_SECRET, hostedDeliveryDelayMs: 3000 });
    database = fileDatabase;
    server = await startBuiltServer({
      ...database.location,
      env: {
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        JOB_POLL_INTERVAL_MS: '200',
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_MONTHLY: 'price_monthly_e2e',
        STRIPE_PRICE_YEARLY: 'price_yearly_e2e',
        STRIPE_API_BASE: `http://127.0.0.1:${fake.apiBase.port}`,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextClientIp() },
      body: new URLSearchParams(fields),
    });
  const html = async (path: string, cookie: string) => (await fetch(`${baseUrl}${path}`, { headers: { cookie } })).text();

  it('trial owner at 50 products: upgrade → checkout → waiting → PRO active → product 51 → portal', async () => {
    const owner = await registerOwner(baseUrl, 'plata-card');
    // 50 products, straight through the editor's own actions
    expect((await post(`/${owner.slug}/admin?index`, owner.cookie, { intent: 'create-location', nameRo: 'Salon' })).status).toBe(200);
    const locationId = /\?location=([0-9a-f-]{36})/.exec(await html(`/${owner.slug}/admin`, owner.cookie))![1]!;
    await post(`/${owner.slug}/admin?index`, owner.cookie, { intent: 'create-category', nameRo: 'Toate', visible: 'on', locationId });
    const categoryId = /<option value="([0-9a-f-]{36})"/.exec(await html(`/${owner.slug}/admin/products/new`, owner.cookie))![1]!;
    for (let i = 1; i <= 50; i++) {
      expect(
        (await post(`/${owner.slug}/admin/products/new`, owner.cookie, { categoryId, nameRo: `Produs ${i}`, price: '10', available: 'on', visible: 'on' })).status,
        `product ${i}`,
      ).toBe(302);
    }
    expect((await post(`/${owner.slug}/admin/products/new.data`, owner.cookie, { categoryId, nameRo: 'Prea devreme', price: '10' })).status).toBe(403);

    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE, locale: 'ro' });
    await context.addCookies(browserCookies(owner.cookie, baseUrl));
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'all'));
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(`/restaurant/${owner.slug}/settings/subscription`);
      await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
      expect(await page.getByText('Produse în meniu: 50 din 50.').isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByLabel(/^Anual:/).check();
      await page.getByLabel(/^Lunar:/).check();
      await page.getByRole('button', { name: 'Continuă la plata cu cardul' }).click();

      // Stripe's (fake) hosted page: no card data ever touches the app
      await page.waitForURL(/\/pay\/cs_/);
      const sessionId = page.url().split('/').pop()!;
      expect(fake.sessionParams.get(sessionId)).toMatchObject({
        success_url: `${baseUrl}/?success=true&session_id={CHECKOUT_SESSION_ID}`,
        locale: 'ro',
        line_items: [{ price: 'price_monthly_e2e' }],
      });
      await page.getByRole('button', { name: 'Pay' }).click();

      // back on the landing page: waiting for the webhook, then PRO active, by itself
      await page.waitForURL(`${baseUrl}/?success=true&session_id=${sessionId}`);
      const banner = page.getByTestId('payment-return');
      expect(await banner.getAttribute('data-state')).toBe('waiting');
      expect(await banner.textContent()).toContain('Pagina se actualizează singură');
      await expect.poll(() => banner.getAttribute('data-state'), { timeout: 20_000, interval: 250 }).toBe('active');
      expect(await banner.textContent()).toContain('Plata a fost primită: PRO este activ pentru plata-card');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // product 51 now goes in
      await page.getByRole('link', { name: 'Mergi la meniu' }).click();
      await page.getByRole('link', { name: 'Adaugă un produs: Toate' }).click();
      await page.getByRole('heading', { name: 'Produs nou' }).waitFor();
      await expect.poll(() => isHydrated(page, 'h1')).toBe(true);
      await page.getByLabel('Nume (română)', { exact: true }).fill('Produsul 51');
      await page.getByLabel('Preț (RON)', { exact: true }).fill('12');
      await page.getByRole('button', { name: 'Salvează' }).click();
      await toast(page, 'Produsul „Produsul 51” a fost salvat.');

      // the subscription page: active, renews, next charge, the invoice; then the portal
      await page.setViewportSize(DESKTOP);
      await page.goto(`/restaurant/${owner.slug}/settings/subscription`);
      expect(await page.getByTestId('card-status').textContent()).toContain('Abonament cu cardul activ; se reînnoiește pe');
      expect(await page.getByTestId('next-charge').textContent()).toMatch(/Următoarea plată: 49,00\s+RON pe/);
      expect(await page.getByTestId('invoices').getByRole('link').count()).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Gestionează plata' }).click();
      await page.waitForURL(/\/portal\/cus_/);
      expect(await page.getByRole('heading', { name: 'Fake Stripe Customer Portal' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a stranger opening the success address is told honestly and nothing is granted', async () => {
    const owner = await registerOwner(baseUrl, 'alt-restaurant');
    const other = await registerOwner(baseUrl, 'strain');
    // the owner started a checkout and did not pay
    const started = await post(`/restaurant/${owner.slug}/settings/subscription`, owner.cookie, { intent: 'checkout', interval: 'yearly' });
    expect(started.status).toBe(302);
    const sessionId = started.headers.get('location')!.split('/').pop()!;
    expect(await html(`/?success=true&session_id=${sessionId}`, owner.cookie)).toContain('Plata nu a fost finalizată');
    expect(await html(`/?success=true&session_id=${sessionId}`, other.cookie)).toContain('Această plată aparține altui cont');
    expect(await html(`/?success=true&session_id=cs_test_nu_exista`, owner.cookie)).toContain('Nu găsim această plată');
    expect(await html(`/?success=true&session_id=${sessionId}`, '')).toContain('Intră în cont ca să vezi starea plății tale.');
    expect(await html('/', owner.cookie)).not.toContain('payment-return');
  });

  it('the pricing FAQ and the subscription page say what each installation can do', async () => {
    // the page's own text: the privacy modal's copy of the policy (in every static page, decision 0026) names Stripe too
    const mainOf = (page: string) => page.slice(page.indexOf('<main'), page.indexOf('</main>'));
    // this server has card payments
    const withCard = mainOf(await html('/pricing', ''));
    expect(withCard).toContain('Cu cardul, prin procesatorul de plăți Stripe');
    expect(withCard).not.toContain('plata cu cardul nu este configurată');
    // the shared e2e server runs as a fresh clone does: no Stripe
    const fresh = inject('baseUrl');
    const without = mainOf(await (await fetch(`${fresh}/pricing`)).text());
    expect(without).toContain('Pe această instalare plata cu cardul nu este configurată');
    expect(without).not.toContain('procesatorul de plăți Stripe');
    const owner = await registerOwner(fresh, 'fara-card');
    // the page's own text, not its catalogue for the browser's i18next (which names every button of the area)
    const page = withoutCatalogue(await (await fetch(`${fresh}/restaurant/${owner.slug}/settings/subscription`, { headers: { cookie: owner.cookie } })).text());
    expect(page).toContain('Plata cu cardul nu este configurată pe această instalare.');
    expect(page).toContain('href="/contact"');
    expect(page).not.toContain('Continuă la plata cu cardul');
    expect(page).not.toContain('Gestionează plata');
  });
});
