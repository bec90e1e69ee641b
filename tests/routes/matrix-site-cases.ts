/**
 * The authorization matrix's calls outside a restaurant's admin: the platform back office, the pages
 * of any signed-in user, the guest-only sign-in and the public site. As in matrix-cases.ts, who gets
 * in comes from each route's guard (tests/routes/matrix-expect.ts); a case says what they get.
 */
import { ok, contains, redirectTo, status, type Case, type Expect } from './matrix-expect.ts';
import { ACTORS, MEMBERS_OF_A, call, loadRoute, type ActorName, type World } from './matrix-world.ts';

const notFoundPage: Expect = (o) => (o.location?.startsWith('/not-found?message=') ? null : 'expected not found');

/** Where a signed-in actor belongs: the back office for the admin, their restaurant for a member. */
// where sign-in lands: staff on the orders board (issue 33 item 16)
const homeOf = (w: World, actor: ActorName) =>
  actor === 'admin' ? '/admin' : actor === 'ownerB' ? `/${w.B.slug}/admin` : actor === 'staffA' ? `/${w.A.slug}/admin/orders` : `/${w.A.slug}/admin`;
const signedIn: ActorName[] = ACTORS.filter((actor) => actor !== 'guest' && actor !== 'disabled' && actor !== 'disabledAdmin');
const perActor = (expect: (actor: ActorName) => Expect) => Object.fromEntries(signedIn.map((actor) => [actor, expect(actor)]));

export function backOfficeCases(w: World): Case[] {
  const { A, B } = w;
  const one = (file: string, kind: Case['kind'], path: string, params: Record<string, string>, allowed: Expect, form?: Case['form']): Case => ({
    file,
    kind,
    path,
    params,
    allowed,
    form,
  });
  const platformSettingsVersion = async () => {
    const page = await loadRoute('routes/admin.settings.tsx');
    return ((await call(page, 'loader', '/admin/settings', {}, w.admin.cookie)).data as { settings: { version: string } }).settings.version;
  };
  return [
    one('routes/admin.tsx', 'loader', '/admin', {}, ok(contains('"unread"'))),
    one('routes/admin.overview.tsx', 'loader', '/admin?range=90', {}, ok(contains('"range":90'))),
    // (B's ids in the paths: a guest's sign-in redirect repeats the path, and A's ids are the leak check's secrets)
    one(
      'routes/admin.restaurants.tsx',
      'loader',
      `/admin/restaurants?q=${encodeURIComponent(B.owner.email)}`,
      {},
      ok((o) => (o.body.includes(B.restaurantName) && !o.body.includes(A.restaurantName) ? null : 'expected B found by its owner’s e-mail, and only B')),
    ),
    one('routes/admin.restaurant.tsx', 'loader', `/admin/restaurants/${B.restaurantId}`, { restaurantId: B.restaurantId }, ok(contains(B.owner.email))),
    ...([{ intent: 'grant-pro', months: '6' }, { intent: 'revoke-pro' }, { intent: 'extend-trial', days: '7' }, { intent: 'deactivate' }, { intent: 'reactivate' }] as const).map(
      (form) =>
        one('routes/admin.restaurant.tsx', 'action', `/admin/restaurants/${B.restaurantId}`, { restaurantId: B.restaurantId }, ok(contains('"notice"')), {
          ...form,
          restaurantId: B.restaurantId,
        }),
    ),
    one('routes/admin.users.tsx', 'loader', '/admin/users?q=alfa', {}, ok(contains(A.owner.email))),
    one(
      'routes/admin.users.tsx',
      'action',
      '/admin/users',
      {},
      (o) => (o.status === 400 && o.body.includes('"error"') ? null : 'expected the admin refused disabling themselves'),
      { intent: 'disable', userId: w.admin.userId },
    ),
    one('routes/admin.users.tsx', 'action', '/admin/users', {}, ok(contains('"notice"')), { intent: 'send-link', userId: A.owner.userId }),
    // an unknown user (or another kind of id): refused as not found, never a 500
    one('routes/admin.users.tsx', 'action', '/admin/users', {}, status(404), { intent: 'send-link', userId: B.restaurantId }),
    one('routes/admin.messages.tsx', 'loader', '/admin/messages?show=all', {}, ok(contains('"list"'))),
    one('routes/admin.messages.tsx', 'action', '/admin/messages', {}, status(404), { intent: 'handle', messageId: 'no-such-message' }),
    one('routes/admin.messages.tsx', 'action', '/admin/messages', {}, status(404), { intent: 'delete', messageId: 'no-such-message' }),
    one('routes/admin.settings.tsx', 'loader', '/admin/settings', {}, ok(contains('"availableLocales"'))),
    one('routes/admin.settings.tsx', 'action', '/admin/settings', {}, ok(contains('"notice"')), async () => ({
      defaultLocale: 'ro',
      availableLocales: ['ro', 'en'],
      version: await platformSettingsVersion(),
    })),
    one('routes/admin.settings.tsx', 'action', '/admin/settings', {}, status(400), { defaultLocale: 'en', availableLocales: ['ro'] }),
    one('routes/admin.audit.tsx', 'loader', `/admin/audit?restaurant=${B.restaurantId}`, {}, ok(contains('subscription.grant-manual-pro'))),
    one(
      'routes/admin.audit-export.ts',
      'loader',
      '/admin/audit.csv?action=restaurant.deactivate',
      {},
      ok((o) => (o.body.includes('restaurant.deactivate') && !o.body.includes('restaurant.reactivate') ? null : 'expected the filtered CSV')),
    ),
    one('routes/admin.jobs.tsx', 'loader', '/admin/jobs', {}, ok(contains('"counts"'))),
    one('routes/admin.jobs.tsx', 'action', '/admin/jobs', {}, (o) => (o.status === 404 ? null : `expected 404 for an unknown job, got ${o.status}`), { jobId: 'no-such-job' }),
  ];
}

export function siteCases(w: World): Case[] {
  const { A, B } = w;
  const everyone = (file: string, kind: Case['kind'], path: string, params: Record<string, string>, allowed: Expect, form?: Case['form']): Case => ({
    file,
    kind,
    path,
    params,
    allowed,
    form,
  });
  const inA = (actor: ActorName) => actor in MEMBERS_OF_A;
  return [
    // a signed-in user's own account: their data, and no one else's (A's secrets are checked not to reach B's owner)
    {
      file: 'routes/account-export.ts',
      kind: 'loader',
      path: '/account/export',
      params: {},
      allowed: perActor((actor) => (actor === 'admin' ? ok() : ok(contains(inA(actor) ? A.restaurantName : B.owner.email)))),
    },
    ...(['loader', 'action'] as const).map((kind): Case => ({
      file: 'routes/login-complete.tsx',
      kind,
      path: '/login/complete',
      params: {},
      form: kind === 'action' ? { restaurantName: 'Alt nume' } : undefined,
      allowed: perActor((actor) => redirectTo(homeOf(w, actor))),
    })),
    // after Google, where the user was going (an invitation's page) wins over the restaurant-name step
    {
      file: 'routes/login-complete.tsx',
      kind: 'loader',
      path: '/login/complete?redirect=%2Finvitatie%2Fsome-token',
      params: {},
      allowed: perActor(() => redirectTo('/invitatie/some-token')),
    },
    // a user's restaurants (decision 0029): any signed-in user of role restaurant sees their own, never a platform admin
    {
      file: 'routes/restaurants.tsx',
      kind: 'loader',
      path: '/restaurants',
      params: {},
      allowed: perActor((actor) =>
        ok((o) => (o.body.includes(inA(actor) ? A.slug : B.slug) && !o.body.includes(inA(actor) ? B.slug : A.slug) ? null : 'expected only their own restaurants')),
      ),
    },
    // "Adaugă un restaurant": the form; an empty name is refused and nothing is created
    ...(['loader', 'action'] as const).map((kind): Case => ({
      file: 'routes/restaurants.new.tsx',
      kind,
      path: '/restaurants/new',
      params: {},
      form: kind === 'action' ? { restaurantName: '' } : undefined,
      allowed: perActor(() => (kind === 'loader' ? ok() : status(400))),
    })),
    // an invitation's link: anyone may open it, the token is the key; an unknown one is not found
    everyone('routes/invitation.tsx', 'loader', '/invitatie/no-such-token', { token: 'no-such-token' }, status(404)),
    {
      // accepting needs an account (a guest is sent to sign in: tests/routes/team-routes.int.test.ts) and never an admin's
      file: 'routes/invitation.tsx',
      kind: 'action',
      path: '/invitatie/no-such-token',
      params: { token: 'no-such-token' },
      form: { intent: 'accept' },
      actors: signedIn,
      allowed: perActor((actor) => (actor === 'admin' ? status(403) : status(404))),
    },
    // guest-only: a signed-in actor is sent where they belong (the guard's outcome)
    everyone('routes/login.tsx', 'loader', '/login', {}, ok()),
    everyone('routes/login.tsx', 'action', '/login', {}, status(400), { intent: 'sign-in', email: 'nobody@example.com', password: 'wrong-password-1' }),

    // public routes: everyone gets the same answer
    everyone('routes/home.tsx', 'loader', '/', {}, ok()),
    everyone('routes/menu.tsx', 'loader', '/nu-exista-restaurant', { slug: 'nu-exista-restaurant' }, (o) =>
      o.location?.startsWith('/not-found?message=') || o.status === 404 ? null : 'expected not found',
    ),
    everyone('routes/short-link.ts', 'loader', '/m/zzzzzz', { code: 'zzzzzz' }, notFoundPage),
    // a guest's order (decision 0032; B's menu: A's ids are the leak check's secrets): ordering is off there, so
    // "Adaugă" is refused to the cart page, which says why; an empty cart sends nothing; an unknown order is a 404
    everyone('routes/menu-cart-add.ts', 'action', `/${B.slug}/comanda/adauga`, { slug: B.slug }, redirectTo(`/${B.slug}/comanda?error=ordering-off`), { p: B.productId }),
    everyone('routes/menu-cart-add.ts', 'loader', `/${B.slug}/comanda/adauga`, { slug: B.slug }, ok(contains('"count":0'))),
    everyone('routes/menu-cart.tsx', 'loader', `/${B.slug}/comanda`, { slug: B.slug }, ok(contains('"lines":[]'))),
    // a dish's choices (issue 35): shown to anyone, not orderable while ordering is off
    everyone('routes/menu-dish.tsx', 'loader', `/${B.slug}/comanda/fel/${B.productId}`, { slug: B.slug, productId: B.productId }, ok(contains('"orderable":false'))),
    everyone('routes/menu-cart.tsx', 'action', `/${B.slug}/comanda`, { slug: B.slug }, status(400), { intent: 'send', total: '0' }),
    // a call from the table (issue 36): without a table's code there is no one to call, and a post is refused
    everyone('routes/menu-table-call.tsx', 'loader', `/${B.slug}/comanda/masa`, { slug: B.slug }, ok(contains('"tableLabel":null'))),
    everyone('routes/menu-table-call.tsx', 'action', `/${B.slug}/comanda/masa`, { slug: B.slug }, status(400), { kind: 'waiter', via: 'zzzzzzzz' }),
    everyone('routes/menu-order.tsx', 'loader', `/${B.slug}/comanda/${'x'.repeat(32)}`, { slug: B.slug, token: 'x'.repeat(32) }, status(404)),
    everyone('routes/menu-order-live.ts', 'loader', `/${B.slug}/comanda/${'x'.repeat(32)}/live`, { slug: B.slug, token: 'x'.repeat(32) }, status(404)),
    // a guest's reservation (issue 25): public, the slug and the token are the keys; an empty form changes nothing
    everyone('routes/reservation.tsx', 'loader', '/nu-exista-restaurant/rezervare', { slug: 'nu-exista-restaurant' }, notFoundPage),
    everyone('routes/reservation.tsx', 'action', '/nu-exista-restaurant/rezervare', { slug: 'nu-exista-restaurant' }, status(400), {}),
    everyone('routes/reservation-status.tsx', 'loader', '/nu-exista-restaurant/rezervare/no-such-token', { slug: 'nu-exista-restaurant', token: 'no-such-token' }, status(404)),
    everyone('routes/reservation-status.tsx', 'action', '/nu-exista-restaurant/rezervare/no-such-token', { slug: 'nu-exista-restaurant', token: 'no-such-token' }, status(404), {
      intent: 'cancel',
    }),
    everyone('routes/reservation-live.ts', 'loader', `/${B.slug}/rezervare/${'x'.repeat(32)}/live`, { slug: B.slug, token: 'x'.repeat(32) }, status(404)),
    everyone('routes/healthz.ts', 'loader', '/healthz', {}, ok()),
    // counts only: no session is read, junk is refused whole
    everyone('routes/api.beacon.ts', 'loader', '/api/beacon', {}, status(405)),
    everyone('routes/api.beacon.ts', 'action', '/api/beacon', {}, status(400), { x: '1' }),
    everyone('routes/robots.ts', 'loader', '/robots.txt', {}, ok()),
    everyone('routes/sitemap.ts', 'loader', '/sitemap.xml', {}, ok()),
    everyone('routes/set-locale.ts', 'loader', '/set-locale', {}, redirectTo('/')),
    everyone('routes/set-locale.ts', 'action', '/set-locale', {}, redirectTo('/contact'), { locale: 'ro', redirectTo: '/contact' }),
    everyone('routes/logout.ts', 'loader', '/logout', {}, redirectTo('/')),
    // signing out for real would end the actors' sessions: the guest's sign-out is the public part
    { file: 'routes/logout.ts', kind: 'action', path: '/logout', params: {}, allowed: redirectTo('/'), actors: ['guest'] },
    everyone('routes/api.auth.ts', 'loader', '/api/auth/ok', {}, ok()),
    everyone('routes/api.auth.ts', 'action', '/api/auth/nothing-here', {}, status(404), {}),
    // Stripe's webhook: the one route exempt from the same-origin rule; without a signature it is 400 for anyone
    everyone('routes/api.webhooks.stripe.ts', 'action', '/api/webhooks/stripe', {}, status(400), {}),
    // a receipt printer's polling address (issue 36): the token in it is the only credential, a session is no help
    everyone('routes/api.print.ts', 'loader', `/api/print/${'x'.repeat(43)}`, { token: 'x'.repeat(43) }, status(401)),
    everyone('routes/api.print.ts', 'action', `/api/print/${'x'.repeat(43)}`, { token: 'x'.repeat(43) }, status(401), {}),
    everyone('routes/catch-all.ts', 'loader', '/nimic/aici', { '*': 'nimic/aici' }, notFoundPage),
    everyone('routes/catch-all.ts', 'action', '/nimic/aici', { '*': 'nimic/aici' }, notFoundPage, {}),
    everyone('routes/contact.tsx', 'action', '/contact', {}, status(400), { name: '', email: 'not-an-email', message: '' }),
    everyone('routes/reset-password.tsx', 'loader', '/reset-password', {}, (o) => (o.status < 500 ? null : 'expected the page')),
    everyone('routes/reset-password.tsx', 'action', '/reset-password', {}, (o) => (o.status >= 400 && o.status < 500 ? null : 'expected a refusal without a token'), {
      password: 'x',
    }),
    everyone('routes/pricing.tsx', 'loader', '/pricing', {}, ok()),
    everyone('routes/privacy-policy.tsx', 'loader', '/privacy-policy', {}, ok()),
    everyone('routes/terms-of-service.tsx', 'loader', '/terms-of-service', {}, ok()),
    everyone('routes/translation-debug.tsx', 'loader', '/translation-debug', {}, ok()),
    everyone('routes/not-found.tsx', 'loader', '/not-found', {}, status(404)),
    everyone('routes/unauthorized.tsx', 'loader', '/unauthorized', {}, status(403)),
  ];
}
