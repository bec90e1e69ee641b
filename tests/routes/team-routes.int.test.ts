import { afterAll, describe, expect, it } from 'vitest';
import { RouterContextProvider } from 'react-router';
import type { TeamPage } from '#app/modules/team/team.types.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { RESTAURANT_FORBIDDEN } from './matrix-expect.ts';
import { call, createWorld, loadRoute, ORIGIN, type World } from './matrix-world.ts';

/**
 * The team through its route modules (decision 0029, issue 24 item 3): owner A invites an editor,
 * the editor registers from the link and edits a dish, is refused the team's management, is
 * removed, and their open tab's next edit is refused with the restaurant's message, nothing saved.
 * A link opened while signed in as another address is refused with its own message.
 */
let world: World;

test.beforeAll(async ({ database }) => {
  world = await createWorld(database);
}, 60_000);
afterAll(() => world?.cleanup());

const db = () => world.db.db;
const A = () => ({ ...world.A, ...world.A.owner });
const teamPath = () => `/${A().slug}/admin/team`;
const team = async (cookie: string, form?: Record<string, string>) =>
  call(await loadRoute('routes/restaurant-admin.team.tsx'), form ? 'action' : 'loader', teamPath(), { restaurantSlug: A().slug }, cookie, form);

/** The link's token from the invitation e-mail waiting in the queue for `email`. */
async function tokenSentTo(email: string): Promise<string> {
  const jobs = await db().selectFrom('job').select('payload').where('type', '=', 'mail.send').execute();
  const mail = jobs.map((job) => JSON.parse(job.payload) as { mail: { to: string; text: string } }).findLast((payload) => payload.mail.to === email);
  const token = mail && /\/invitatie\/([A-Za-z0-9_-]+)/.exec(mail.mail.text)?.[1];
  if (!token) throw new Error(`no invitation e-mail to ${email}`);
  return token;
}

/** Posts the invitation page's form as a browser would and keeps the Set-Cookie of its answer. */
async function postInvitation(token: string, form: Record<string, string>, cookie?: string) {
  const headers = new Headers({ origin: ORIGIN, 'x-bucate-client-ip': '127.0.0.9' });
  if (cookie) headers.set('cookie', cookie);
  const request = new Request(`${ORIGIN}/invitatie/${token}`, { method: 'POST', headers, body: new URLSearchParams(form) });
  const route = await loadRoute('routes/invitation.tsx');
  let result: unknown;
  try {
    result = await route.action!({ request, params: { token }, context: new RouterContextProvider(), unstable_pattern: '' });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return {
      status: result.status,
      location: result.headers.get('location'),
      cookie: result.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
      body: '',
    };
  const { data, init } = result as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, location: null, cookie: '', body: JSON.stringify(data) };
}

const productPath = () => `/${A().slug}/admin/products/${A().productId}`;
async function editPrice(cookie: string, price: string) {
  const version = (await db().selectFrom('product').select('updatedAt').where('id', '=', A().productId).executeTakeFirstOrThrow()).updatedAt;
  const form = { categoryId: A().categoryId, nameRo: A().productName, price, visible: 'on', available: 'on', version };
  return call(await loadRoute('routes/restaurant-admin.product-edit.tsx'), 'action', productPath(), { restaurantSlug: A().slug, productId: A().productId }, cookie, form);
}
const priceOfA = async () => (await db().selectFrom('product').select('priceMinor').where('id', '=', A().productId).executeTakeFirstOrThrow()).priceMinor;

describe(`the team through its pages on ${testDialect}`, () => {
  it('invite → register from the link → edit as editor → refused the team → removed → the open tab’s edit is refused', async () => {
    const email = `editor-${Date.now()}@example.com`;
    const invited = await team(A().cookie, { intent: 'invite', email, role: 'editor', locale: 'en' });
    expect(invited.status, invited.body).toBe(200);
    expect(invited.body).toContain(`Am trimis invitația la ${email}`);
    const token = await tokenSentTo(email);

    // an English invitation, opened by someone who chose no language: the page takes English (issue 33 item 14)
    const first = await call(await loadRoute('routes/invitation.tsx'), 'loader', `/invitatie/${token}`, { token }, null);
    expect(first).toMatchObject({ status: 302, location: `/invitatie/${token}?lang=en` });
    const page = await call(await loadRoute('routes/invitation.tsx'), 'loader', `/invitatie/${token}?lang=en`, { token }, 'lang=en');
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ view: { ok: true, viewer: 'guest', role: 'editor', email, restaurantName: A().restaurantName } });

    const registered = await postInvitation(token, { intent: 'register', name: 'Elena', password: 'parola-buna-1' });
    expect(registered.status, registered.body).toBe(302);
    expect(registered.location).toBe(`/${A().slug}/admin`);
    const editor = registered.cookie;
    expect(
      await db()
        .selectFrom('restaurant')
        .select('restaurant.id')
        .innerJoin('membership', 'membership.restaurantId', 'restaurant.id')
        .innerJoin('user', 'user.id', 'membership.userId')
        .where('user.email', '=', email)
        .execute(),
    ).toEqual([{ id: A().restaurantId }]);

    expect((await editPrice(editor, '31')).status).toBe(302);
    expect(await priceOfA()).toBe(3100);

    // the editor sees the team but may not manage it: the service refuses, with the translated message
    const seen = await team(editor);
    expect(seen.status).toBe(200);
    const members = (seen.data as { page: TeamPage }).page.members;
    // the matrix's world gives A a manager, an editor and staff besides its owner; the new editor joined last
    expect(members.map((member) => member.role)).toEqual(['owner', 'manager', 'editor', 'staff', 'editor']);
    const newcomer = members.at(-1)!;
    const forms: Record<string, string>[] = [
      { intent: 'invite', email: 'friend@example.com', role: 'staff', locale: 'ro' },
      { intent: 'remove-member', membershipId: members[0]!.id },
      { intent: 'change-role', membershipId: newcomer.id, role: 'owner', version: newcomer.version },
    ];
    for (const form of forms) {
      const refused = await team(editor, form);
      expect(refused.status, form.intent).toBe(403);
      expect(refused.body).toContain('Nu ai permisiunea pentru această acțiune.');
    }

    const removed = await team(A().cookie, { intent: 'remove-member', membershipId: newcomer.id });
    expect(removed.status, removed.body).toBe(200);
    expect(removed.body).toContain(`${email} nu mai face parte din echipă.`);
    const stale = await editPrice(editor, '99');
    expect(stale.location).toBe(`/unauthorized?message=${encodeURIComponent(RESTAURANT_FORBIDDEN)}`);
    expect(await priceOfA()).toBe(3100);
  });

  it('refuses a link opened while signed in as another address, and a used link, each with its message', async () => {
    const email = `manager-${Date.now()}@example.com`;
    expect((await team(A().cookie, { intent: 'invite', email, role: 'manager', locale: 'ro' })).status).toBe(200);
    const token = await tokenSentTo(email);
    const asB = await postInvitation(token, { intent: 'accept' }, world.B.owner.cookie);
    expect(asB.status).toBe(403);
    expect(asB.body).toContain(`Invitația este pentru ${email}`);
    expect(await db().selectFrom('membership').select('id').where('restaurantId', '=', A().restaurantId).where('userId', '=', world.B.owner.userId).execute()).toEqual([]);
    const shown = await call(await loadRoute('routes/invitation.tsx'), 'loader', `/invitatie/${token}`, { token }, world.B.owner.cookie);
    expect(shown.data).toMatchObject({ view: { viewer: 'other-account' }, current: world.B.owner.email });

    expect((await postInvitation(token, { intent: 'register', name: 'Mihai', password: 'parola-buna-1' })).status).toBe(302);
    const used = await call(await loadRoute('routes/invitation.tsx'), 'loader', `/invitatie/${token}`, { token }, null);
    expect(used.status).toBe(410);
    expect(used.body).toContain('Invitația a fost deja folosită.');
  });

  it('refuses a tampered role, a manager’s removal of an owner and a role change without its version, with their messages', async () => {
    const email = `boss-${Date.now()}@example.com`;
    expect((await team(A().cookie, { intent: 'invite', email, role: 'manager', locale: 'ro' })).status).toBe(200);
    const manager = (await postInvitation(await tokenSentTo(email), { intent: 'register', name: 'Maria', password: 'parola-buna-1' })).cookie;
    const asOwner = await team(manager, { intent: 'invite', email: 'new-owner@example.com', role: 'owner', locale: 'ro' });
    expect(asOwner.status).toBe(403);
    expect(asOwner.body).toContain('Nu poți da acest rol');
    const members = ((await team(manager)).data as { page: TeamPage }).page.members;
    const owner = members.find((member) => member.role === 'owner')!;
    // a role change without the version the page showed, or with one that is not it: the translated conflict (decision 0015)
    const maria = members.find((member) => member.email === email)!;
    for (const version of [undefined, 'abc']) {
      const stale = await team(A().cookie, { intent: 'change-role', membershipId: maria.id, role: 'staff', ...(version ? { version } : {}) });
      expect(stale.status).toBe(409);
      expect(stale.body).toContain('Altcineva a modificat între timp');
    }
    expect((await team(A().cookie, { intent: 'change-role', membershipId: maria.id, role: 'manager', version: maria.version })).body).toContain('avea deja rolul Manager');
    const removal = await team(manager, { intent: 'remove-member', membershipId: owner.id });
    expect(removal.status).toBe(403);
    expect(removal.body).toContain('Doar un proprietar poate');
    expect(await db().selectFrom('membership').select('role').where('id', '=', owner.id).executeTakeFirst()).toEqual({ role: 'owner' });
  });
});
