import { describe, expect, it } from 'vitest';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { createAuth } from '#app/auth/auth.server.ts';
import { parseEnv } from '#app/env.server.ts';
import type { OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { registerRestaurantOwner } from './register.service.server.ts';

describe(`e-mail verification of a password sign-up on ${testDialect}`, () => {
  let database: TestDatabase;
  let auth: ReturnType<typeof createAuth>;
  let sent: OutgoingMail[];
  test.beforeAll(({ database: fileDatabase, outbox }) => {
    sent = outbox.sent;
    database = fileDatabase;
    auth = createAuth(database, parseEnv({ NODE_ENV: 'test', AUTH_SECRET: 'v'.repeat(32) }), authServices(database, { deliverInstead: outbox.mailer }));
  });

  const verified = async (email: string) =>
    Boolean((await database.db.selectFrom('user').select('emailVerified').where('email', '=', email).executeTakeFirstOrThrow()).emailVerified);

  it('sends a link in the registrant’s language that verifies the address and lands in the admin', async () => {
    const email = 'new-owner@verify.example';
    const result = await registerRestaurantOwner(auth, database.db, { email, password: 'secret-123', restaurantName: 'Bistro Verificat' }, new Headers({ cookie: 'lang=en' }));
    // the owner's language is remembered from the start: the welcome and trial e-mails follow it
    expect(
      await database.db
        .selectFrom('restaurant')
        .select('ownerLocale')
        .where('slug', '=', result.ok ? result.slug : '')
        .executeTakeFirst(),
    ).toEqual({ ownerLocale: 'en' });
    if (!result.ok) throw new Error(result.error);
    expect(await verified(email)).toBe(false);
    const mail = sent.findLast((m) => m.to === email);
    expect(mail?.subject).toBe('Confirm your e-mail address for Bucate');
    expect(mail?.html).toContain('Confirm the address');
    const link = /https?:\/\/\S+/.exec(mail!.text)![0];

    // the owner follows the link over HTTP, in the browser that holds their session
    const cookie = result.cookies.map((line) => line.split(';')[0]).join('; ');
    const response = await auth.handler(new Request(link, { headers: { cookie } }));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/${result.slug}/admin?verified=1`);
    expect(await verified(email)).toBe(true);
  });

  it('writes the e-mail in Romanian by default, and refuses a forged link without verifying', async () => {
    const email = 'ro-owner@verify.example';
    const result = await registerRestaurantOwner(auth, database.db, { email, password: 'secret-123', restaurantName: 'Bistro Românesc' }, new Headers());
    if (!result.ok) throw new Error(result.error);
    const mail = sent.findLast((m) => m.to === email)!;
    expect(mail.subject).toBe('Confirmă adresa de e-mail pentru Bucate');
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    link.searchParams.set('token', `${link.searchParams.get('token')}x`);
    const response = await auth.handler(new Request(link));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/${result.slug}/admin?verified=1&error=INVALID_TOKEN`);
    expect(await verified(email)).toBe(false);
  });
});
