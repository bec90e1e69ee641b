import type { BrowserContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_LOGINS } from '#app/modules/demo/demo-seed.server.ts';
import { browserCookies, registerOwner as registerOverHttp, sessionCookie as signInOverHttp } from './accounts.ts';
import { DESKTOP, isHydrated, nextClientIp, openContext, PHONE, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { latestLinkTo } from './outbox.ts';
import { statusMessage, toast } from './owner-session.ts';

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

async function signIn(context: BrowserContext, email: string, password: string, path = '/login') {
  const page = await context.newPage();
  await page.goto(path);
  await page.getByLabel('Adresa de e-mail').first().fill(email);
  await page.getByLabel('Parola').fill(password);
  await page.getByRole('button', { name: 'Intră în cont' }).last().click();
  return page;
}

describe('identity in the browser', () => {
  it('registers a new owner who lands in their own admin, then signs out', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: PHONE });
    const page = await registerInBrowser(context, 'Bistro Țărănesc', `owner-${Date.now()}@example.com`);
    expect(new URL(page.url()).pathname).toMatch(/^\/bistro-taranesc-\d+\/admin$/);
    await page.getByTestId('mobile-menu').locator('summary').click();
    await page.getByRole('button', { name: 'Ieși din cont' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.goto('/admin');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('says in the guest’s language that the e-mail or password is wrong, keeping the e-mail typed', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const page = await signIn(context, DEMO_LOGINS.owner.email, 'not-the-password');
    // Google is not configured on this server, so its button is not offered
    expect(await page.getByRole('button', { name: 'Continuă cu Google' }).count()).toBe(0);
    await expect.poll(() => page.locator('[role="alert"]:not(:empty)').textContent()).toBe('E-mailul sau parola nu sunt corecte.');
    expect(await page.getByLabel('Adresa de e-mail').first().inputValue()).toBe(DEMO_LOGINS.owner.email);
    await context.close();
  });

  it('sends a signed-in owner away from /login, and refuses another restaurant’s admin with the exact message', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const page = await signIn(context, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/bistro-la-bunica/admin');
    await page.goto('/login');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/bistro-la-bunica/admin');
    // a real second restaurant (a slug that does not exist would be refused even with the owner check gone)
    const other = await registerOverHttp(baseUrl, 'vecinul');
    const ownView = await fetch(`${baseUrl}/${other.slug}/admin`, { headers: { cookie: other.cookie }, redirect: 'manual' });
    expect(ownView.status).toBe(200);
    await page.goto(`/${other.slug}/admin`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/unauthorized');
    expect(await page.getByTestId('page-message').textContent()).toBe('Nu aveți permisiunea de a accesa acest restaurant.');
    expect(await page.content()).not.toContain('vecinul');
    await context.close();
  });

  it('returns to the page that asked for sign-in, and never to another site', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto('/bistro-la-bunica/admin');
    await expect.poll(() => page.url()).toBe(`${baseUrl}/login?redirect=%2Fbistro-la-bunica%2Fadmin`);
    await page.getByLabel('Adresa de e-mail').first().fill(DEMO_LOGINS.owner.email);
    await page.getByLabel('Parola').fill(DEMO_LOGINS.owner.password);
    await page.getByRole('button', { name: 'Intră în cont' }).last().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/bistro-la-bunica/admin');
    await context.close();

    const other = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const evil = await signIn(other, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password, '/login?redirect=https://evil.example');
    await expect.poll(() => new URL(evil.url()).origin).toBe(baseUrl);
    await other.close();
  });
});

/** Registers a new owner through the form; the page ends in their restaurant admin. */
async function registerInBrowser(context: BrowserContext, restaurantName: string, email: string) {
  const page = await context.newPage();
  await page.goto('/login?register=true');
  await page.getByLabel('Numele restaurantului').fill(restaurantName);
  await page.getByLabel('Adresa de e-mail').fill(email);
  await page.getByLabel('Parola').fill('parola-buna-1');
  await page.getByRole('button', { name: 'Creează meniul' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/admin$/);
  return page;
}

/** Signs in through better-auth's endpoint and returns the session cookie header. */
const sessionCookie = (email: string, password: string) => signInOverHttp(baseUrl, email, password);
const registerOwner = (name: string) => registerOverHttp(baseUrl, name);

describe('permission matrix of docs/product-spec.md section 6 (every guarded page)', () => {
  it('sends each kind of user where docs/product-spec.md section 6 says', async () => {
    const a = await registerOwner('matrix-a');
    const b = await registerOwner('matrix-b');
    const admin = await sessionCookie(DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password);
    const forbidden = `/unauthorized?message=${encodeURIComponent('Nu aveți permisiunea de a accesa această pagină.')}`;
    const otherRestaurant = `/unauthorized?message=${encodeURIComponent('Nu aveți permisiunea de a accesa acest restaurant.')}`;
    const pages = {
      admin: '/admin',
      aAdmin: `/${a.slug}/admin`,
      aAccount: `/${a.slug}/admin/account`,
      aSubscription: `/restaurant/${a.slug}/settings/subscription`,
    };
    const expectations: [string, string, string | null][] = [
      ['guest', pages.admin, `/login?redirect=${encodeURIComponent(pages.admin)}`],
      ['guest', pages.aAdmin, `/login?redirect=${encodeURIComponent(pages.aAdmin)}`],
      ['guest', pages.aSubscription, `/login?redirect=${encodeURIComponent(pages.aSubscription)}`],
      ['ownerA', pages.admin, forbidden],
      ['ownerA', pages.aAdmin, null],
      ['ownerA', pages.aSubscription, null],
      ['ownerB', pages.admin, forbidden],
      ['ownerB', pages.aAdmin, otherRestaurant],
      ['ownerB', pages.aSubscription, otherRestaurant],
      ['admin', pages.admin, null],
      ['admin', pages.aAdmin, forbidden],
      ['admin', pages.aSubscription, forbidden],
      ['ownerA', '/login', `/${a.slug}/admin`],
      ['admin', '/login', '/admin'],
    ];
    const cookies: Record<string, string> = { guest: '', ownerA: a.cookie, ownerB: b.cookie, admin };
    for (const [who, path, expected] of expectations) {
      const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: { cookie: cookies[who]! } });
      if (expected === null) expect(response.status, `${who} ${path}`).toBe(200);
      else expect(response.headers.get('location'), `${who} ${path}`).toBe(expected);
    }

    // actions check access themselves, whatever page was shown
    const post = (who: string, path: string, fields: Record<string, string>) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookies[who]!, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
    const actions: [string, string, Record<string, string>, string][] = [
      ['guest', pages.aAccount, { intent: 'delete-account', password: 'x' }, `/login?redirect=${encodeURIComponent(pages.aAccount)}`],
      ['ownerB', pages.aAccount, { intent: 'delete-account', password: 'parola-buna-1' }, otherRestaurant],
      ['ownerB', pages.aAccount, { intent: 'sign-out-everywhere' }, otherRestaurant],
      ['admin', pages.aAccount, { intent: 'sign-out-everywhere' }, forbidden],
      ['guest', '/admin/users', { intent: 'disable', userId: 'x' }, `/login?redirect=${encodeURIComponent('/admin/users')}`],
      ['ownerA', '/admin/users', { intent: 'disable', userId: 'x' }, forbidden],
      ['guest', '/admin/restaurants/x', { intent: 'grant-pro', months: '12' }, `/login?redirect=${encodeURIComponent('/admin/restaurants/x')}`],
      ['ownerA', '/admin/restaurants/x', { intent: 'grant-pro', months: '12' }, forbidden],
      ['guest', '/login/complete', { restaurantName: 'X' }, `/login?redirect=${encodeURIComponent('/login/complete')}`],
    ];
    for (const [who, path, fields, expected] of actions) {
      expect((await post(who, path, fields)).headers.get('location'), `${who} POST ${path} ${fields.intent ?? ''}`).toBe(expected);
    }
    expect((await fetch(`${baseUrl}/account/export`, { redirect: 'manual' })).headers.get('location')).toBe('/login?redirect=%2Faccount%2Fexport');
    // A's restaurant is intact after B's attempts
    expect((await fetch(`${baseUrl}${pages.aAdmin}`, { redirect: 'manual', headers: { cookie: a.cookie } })).status).toBe(200);

    // a disabled user: every guarded page sends them to sign-in with the reason, once
    const banned = await registerOwner('matrix-banned');
    const usersPage = await fetch(`${baseUrl}/admin/users?q=matrix-banned`, { headers: { cookie: admin } });
    expect(await usersPage.text()).toContain('matrix-banned');
    const db = openServerDatabase();
    const bannedUser = await db.selectFrom('user').select(['id', 'email']).where('email', 'like', 'matrix-banned%').executeTakeFirst();
    await db.destroy();
    const bannedId = bannedUser?.id;
    expect(bannedId).toBeTruthy();
    // three more devices signed in: each is told why, once (the editor's page runs three loaders that each ask)
    const devices = [banned.cookie];
    for (let device = 0; device < 3; device++) devices.push(await signInOverHttp(baseUrl, bannedUser!.email, 'parola-buna-1'));
    const disable = await fetch(`${baseUrl}/admin/users`, {
      method: 'POST',
      headers: { cookie: admin, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'disable', userId: bannedId! }),
    });
    expect(disable.status).toBe(200);
    for (const cookie of devices) {
      const first = await fetch(`${baseUrl}/${banned.slug}/admin`, { redirect: 'manual', headers: { cookie } });
      expect(first.headers.get('location')).toBe('/login?error=USER_DISABLED');
    }
    const later = await fetch(`${baseUrl}/admin`, { redirect: 'manual', headers: { cookie: banned.cookie } });
    expect(later.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent('/admin')}`);
  });
});

describe('e-mail links (outbox, no SMTP)', () => {
  const dataDir = inject('dataDir');

  async function registeredAndSignedOut(context: BrowserContext, email: string) {
    const page = await registerInBrowser(context, 'Link Bistro', email);
    await context.clearCookies({ name: 'better-auth.session_token' });
    return page;
  }

  it('shows the confirm-your-address banner to a new owner until they follow the link from the outbox', async () => {
    const email = `verify-${Date.now()}@example.com`;
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const page = await registerInBrowser(context, 'Verify Bistro', email);
    const banner = page.getByTestId('verify-email-banner');
    await expect.poll(() => banner.textContent()).toContain(`Confirmă adresa de e-mail ${email}`);
    let link: string | undefined;
    await expect.poll(() => (link = latestLinkTo(dataDir, email))).toMatch(/\/api\/auth\/verify-email\?token=/);
    await page.goto(link!);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/verify-bistro-\d+\/admin$/);
    await expect.poll(() => page.getByTestId('email-verified').textContent()).toBe('Mulțumim! Adresa de e-mail este confirmată.');
    expect(await banner.count()).toBe(0);
    await page.reload();
    expect(await page.getByTestId('verify-email-banner').count()).toBe(0);
    await context.close();
  });

  it('signs in with the link from the outbox, once; a used link says so', async () => {
    const email = `link-${Date.now()}@example.com`;
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const page = await registeredAndSignedOut(context, email);
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Adresa de e-mail' }).last().fill(email);
    await page.getByRole('button', { name: 'Trimite-mi linkul' }).click();
    await statusMessage(page, 'ți-am trimis un link');
    let link: string | undefined;
    await expect.poll(() => (link = latestLinkTo(dataDir, email))).toMatch(/\/api\/auth\/magic-link\/verify\?token=/);
    await page.goto(link!);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/link-bistro-\d+\/admin$/);
    await context.clearCookies({ name: 'better-auth.session_token' });
    await page.goto(link!);
    await expect.poll(() => page.locator('[role="alert"]:not(:empty)').textContent()).toBe('Linkul nu este valid sau a fost deja folosit. Cere unul nou.');
    await context.close();
  });

  it('resets the password with the link from the outbox', async () => {
    const email = `reset-${Date.now()}@example.com`;
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const page = await registeredAndSignedOut(context, email);
    await page.goto('/login?reset=true');
    await page.getByLabel('Adresa de e-mail').fill(email);
    await page.getByRole('button', { name: 'Trimite linkul de resetare' }).click();
    await statusMessage(page, 'link de resetare');
    let link: string | undefined;
    await expect.poll(() => (link = latestLinkTo(dataDir, email))).toMatch(/\/api\/auth\/reset-password\//);
    await page.goto(link!);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/reset-password');
    await page.getByLabel('Parola nouă').fill('parola-noua-2');
    await page.getByRole('button', { name: 'Salvează parola' }).click();
    await statusMessage(page, 'Parola a fost schimbată. Intră în cont cu parola nouă.');
    await page.getByLabel('Adresa de e-mail').first().fill(email);
    await page.getByLabel('Parola').fill('parola-noua-2');
    await page.getByRole('button', { name: 'Intră în cont' }).last().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/admin$/);
    await context.close();
  });

  it('says an expired link has expired', async () => {
    const context = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto('/login?error=EXPIRED_TOKEN');
    expect(await page.locator('[role="alert"]:not(:empty)').textContent()).toBe('Linkul a expirat. Cere unul nou.');
    await context.close();
  });
});

describe('rate limits', () => {
  it('answers too-many-requests, translated, after repeated sign-in attempts from one client', async () => {
    const ip = nextClientIp();
    const attempt = async () => {
      const response = await fetch(`${baseUrl}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl, 'x-forwarded-for': ip, cookie: 'lang=en' },
        body: new URLSearchParams({ intent: 'sign-in', email: DEMO_LOGINS.owner.email, password: 'wrong-password' }),
      });
      return response.text();
    };
    const pages = [];
    for (let i = 0; i < 4; i++) pages.push(await attempt());
    expect(pages[0]).toContain('The e-mail or password is not correct.');
    expect(pages.at(-1)).toContain('Too many attempts. Wait a moment and try again.');
  });
});

describe('disabling a user', () => {
  it('ends the owner’s sessions at once and tells them why; only an admin may do it', async () => {
    const owner = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const email = `banned-${Date.now()}@example.com`;
    const ownerPage = await registerInBrowser(owner, 'Banned Bistro', email);

    // an owner cannot disable anyone: the action checks the role itself
    const cookie = (await owner.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const attempt = await fetch(`${baseUrl}/admin/users`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
      body: new URLSearchParams({ intent: 'disable', userId: 'anyone' }),
    });
    expect(attempt.headers.get('location')).toMatch(/^\/unauthorized\?message=/);

    const admin = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const adminPage = await signIn(admin, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password);
    await expect.poll(() => new URL(adminPage.url()).pathname).toBe('/admin');
    await adminPage.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await expect.poll(() => isHydrated(adminPage, 'tbody button')).toBe(true);
    // a destructive action asks first, in a dialog
    await adminPage.getByRole('button', { name: 'Dezactivează', exact: true }).click();
    await adminPage.getByRole('dialog', { name: 'Dezactivează' }).getByRole('button', { name: 'Confirmă' }).click();
    // the change is confirmed by a success toast (check mark), which hides itself after its 3 s
    await expect.poll(() => adminPage.getByRole('status').textContent()).toBe('✓Utilizatorul a fost dezactivat și deconectat de pe toate dispozitivele.');
    expect(await adminPage.getByTestId('toast').getAttribute('data-type')).toBe('success');
    await expect.poll(() => adminPage.getByTestId('toast').count(), { timeout: 6000 }).toBe(0);

    await ownerPage.reload();
    await expect.poll(() => new URL(ownerPage.url()).pathname).toBe('/login');
    expect(await ownerPage.locator('[role="alert"]:not(:empty)').textContent()).toBe('Contul tău a fost dezactivat. Scrie-ne dacă crezi că este o greșeală.');
    const again = await signIn(owner, email, 'parola-buna-1');
    await expect.poll(() => again.locator('[role="alert"]:not(:empty)').textContent()).toBe('Contul tău a fost dezactivat. Scrie-ne dacă crezi că este o greșeală.');
    await owner.close();
    await admin.close();
  });
});

describe('PRO without a card', () => {
  it('a platform admin grants PRO for a year and takes it back; the owner sees it on the subscription page', async () => {
    const owner = await registerOwner('pro-by-admin');
    const subscription = async () => (await fetch(`${baseUrl}/restaurant/${owner.slug}/settings/subscription`, { headers: { cookie: owner.cookie } })).text();
    expect(await subscription()).toContain('Perioadă de probă');

    const admin = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const adminPage = await signIn(admin, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password);
    await expect.poll(() => new URL(adminPage.url()).pathname).toBe('/admin');
    const name = /<h1[^>]*>([^<]+)<\/h1>/.exec(await subscription())![1]!;
    // a year from the click, as the restaurant's clock (Bucharest) writes it; taken on both sides of the click for midnight
    const inAYear = () => {
      const date = new Date();
      date.setUTCFullYear(date.getUTCFullYear() + 1);
      return `PRO acordat de echipa Bucate, activ până pe ${new Intl.DateTimeFormat('ro-RO', { dateStyle: 'long', timeZone: 'Europe/Bucharest' }).format(date)}.`;
    };
    const before = inAYear();
    await adminPage.goto(`/admin/restaurants?q=${owner.slug}`);
    await adminPage.getByRole('link', { name }).click();
    await expect.poll(() => isHydrated(adminPage, 'main button, button')).toBe(true);
    // one year is the default period of a manual grant (docs/product-spec.md section 9); the dialog asks first
    await adminPage.getByRole('button', { name: 'Acordă PRO manual', exact: true }).click();
    await adminPage.getByRole('dialog', { name: 'Acordă PRO manual' }).getByRole('button', { name: 'Confirmă' }).click();
    // any toast, error ones too, so a refusal says what it was; an action plus its revalidation took over 5 s in a loaded CI run
    await toast(adminPage, `${name} are PRO până pe`, 15_000);
    const page = await subscription();
    expect(page.includes(before) || page.includes(inAYear()), 'PRO for a year').toBe(true);

    await adminPage.getByRole('button', { name: 'Retrage PRO manual', exact: true }).click();
    await adminPage.getByRole('dialog', { name: 'Retrage PRO manual' }).getByRole('button', { name: 'Confirmă' }).click();
    await toast(adminPage, `${name} nu mai are PRO manual.`, 15_000);
    expect(await subscription()).toContain('Perioadă de probă');
    await admin.close();
  });
});

describe('account self-service', () => {
  it('downloads the owner’s data and signs out on every device', async () => {
    const { cookie, slug } = await registerOwner('selfservice');
    const download = await fetch(`${baseUrl}/account/export`, { headers: { cookie } });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="bucate-/);
    const exported = (await download.json()) as { restaurants: { restaurant: { slug: string } }[]; memberships: { slug: string; role: string }[] };
    expect(exported.restaurants.map((owned) => owned.restaurant.slug)).toEqual([slug]);
    expect(exported.memberships).toMatchObject([{ slug, role: 'owner' }]);
    expect((await fetch(`${baseUrl}/account/export`, { redirect: 'manual' })).headers.get('location')).toBe('/login?redirect=%2Faccount%2Fexport');

    // a second device of the same owner
    const other = await openContext(browserOf(), baseUrl, { viewport: DESKTOP });
    const page = await other.newPage();
    await other.addCookies(browserCookies(cookie, baseUrl));
    await page.goto(`/${slug}/admin/account`);
    await page.getByRole('button', { name: 'Ieși de pe toate dispozitivele' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    const firstDevice = await fetch(`${baseUrl}/${slug}/admin`, { redirect: 'manual', headers: { cookie } });
    expect(firstDevice.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(`/${slug}/admin`)}`);
    await other.close();
  });
});

describe('password policy', () => {
  it('names the rule a new password breaks, in the guest’s language, and creates nothing', async () => {
    const email = `weak-${Date.now()}@example.com`;
    const response = await fetch(`${baseUrl}/login?register=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl, 'x-forwarded-for': nextClientIp(), cookie: 'lang=en' },
      body: new URLSearchParams({ intent: 'register', restaurantName: 'Weak Bistro', email, password: '12345' }),
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('The password does not meet the requirements: at least 6 characters.');
    expect(page).toContain(`value="${email}"`);
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': nextClientIp() },
      body: JSON.stringify({ email, password: '12345' }),
    });
    expect(signIn.status).toBe(401);
  });
});
