import { describe, expect, it } from 'vitest';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import type { OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { startTrial } from '#app/modules/subscription/subscription.service.server.ts';
import { isBefore } from '#app/modules/subscription/subscription.ts';
import { addMember, insertRestaurant } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { PAYMENT_GRACE_DAYS, sendBillingNotices } from './billing-notices.server.ts';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { DAY, database, fake, insertOwner, payingRestaurant, restaurantRow, runJobs, scopes, second, sent, startLifecycle } from '#tests/support/billing-lifecycle-harness.ts';

describe(`the subscription lifecycle through (fake) Stripe on ${testDialect}`, () => {
  startLifecycle();

  describe('lifecycle and dunning e-mails (fake clock)', () => {
    const noticeMails = async () =>
      (
        await database.db
          .selectFrom('job')
          .select(['payload', 'dedupeKey'])
          .where('type', '=', 'mail.send')
          .where('dedupeKey', 'like', 'billing-notice:%')
          .orderBy('createdAt')
          .orderBy('dedupeKey')
          .execute()
      ).map((job) => ({
        // billing-notice:<notice key>#<owner's user id>
        key: job.dedupeKey!.slice('billing-notice:'.length).split('#')[0]!,
        mail: (JSON.parse(job.payload) as { mail: OutgoingMail }).mail,
      }));
    const forRestaurant = async (id: string) => (await noticeMails()).filter((n) => n.key.includes(id) || n.mail.to === `owner-${id}@example.com`);
    const sweep = (at: Date, db: Kysely<Database> = database.db) => sendBillingNotices(systemScope(db, 'test'), { publicUrl: 'https://bucate.example' }, at);

    it('welcome, trial ends in 5 days, trial ended: each once, in the owner’s language, text and HTML', async () => {
      const start = new Date('2030-03-01T09:00:00.000Z');
      const restaurant = await insertRestaurant(database.db, { name: 'Bistro & Co' }, { trial: start });
      await insertOwner(restaurant.id, 'en');
      await sweep(new Date(start.getTime() + 11 * 60_000));
      let mails = await forRestaurant(restaurant.id);
      expect(mails.map((m) => m.key)).toEqual([`welcome:${restaurant.id}`]);
      expect(mails[0]!.mail).toMatchObject({ to: `owner-${restaurant.id}@example.com`, subject: 'Welcome to Bucate, Bistro & Co' });
      expect(mails[0]!.mail.text).toContain(`https://bucate.example/restaurant/${restaurant.slug}/settings/subscription`);
      expect(mails[0]!.mail.html).toContain('Bistro &amp; Co');
      // day 54: 6 days left, nothing new; day 55: 5 days left
      await sweep(new Date(start.getTime() + 54 * DAY));
      expect(await forRestaurant(restaurant.id)).toHaveLength(1);
      const day55 = new Date(start.getTime() + 55 * DAY);
      // the sweep twice, and on two processes at once
      await Promise.all([sweep(day55), sweep(day55, second)]);
      await sweep(new Date(day55.getTime() + DAY));
      mails = await forRestaurant(restaurant.id);
      expect(mails.map((m) => m.key.split(':')[0])).toEqual(['welcome', 'trial-ending']);
      expect(mails[1]!.mail.subject).toBe('The trial of Bistro & Co ends in 5 days');
      expect(mails[1]!.mail.text).toContain('30 April 2030');
      // day 61: the trial is over
      await sweep(new Date(start.getTime() + 61 * DAY));
      await sweep(new Date(start.getTime() + 62 * DAY));
      mails = await forRestaurant(restaurant.id);
      expect(mails.map((m) => m.key.split(':')[0])).toEqual(['welcome', 'trial-ending', 'trial-ended']);
      expect(mails[2]!.mail.text).toContain('the menu is not available');
      // and the outbox gets them through the existing mail job
      sent.length = 0;
      await runJobs();
      expect(sent.filter((mail) => mail.to === `owner-${restaurant.id}@example.com`).map((mail) => mail.subject)).toHaveLength(3);
    });

    it('writes to every owner of the restaurant, each once, and to no other member', async () => {
      const start = new Date('2030-05-01T09:00:00.000Z');
      const restaurant = await insertRestaurant(database.db, { name: 'Doi Proprietari' }, { trial: start });
      await insertOwner(restaurant.id, 'ro');
      const now = new Date().toISOString();
      const verified = (testDialect === 'sqlite' ? 1 : true) as unknown as boolean;
      for (const [id, role] of [
        ['co-owner', 'owner'],
        ['their-editor', 'editor'],
      ] as const) {
        await database.db
          .insertInto('user')
          .values({
            id: `${id}-${restaurant.id}`,
            name: id,
            email: `${id}-${restaurant.id}@example.com`,
            emailVerified: verified,
            image: null,
            createdAt: now,
            updatedAt: now,
            role: 'restaurant',
            banReason: null,
            lastRestaurantId: restaurant.id,
          })
          .execute();
        await addMember(database.db, restaurant.id, `${id}-${restaurant.id}`, role);
      }
      await sweep(new Date(start.getTime() + 11 * 60_000));
      await sweep(new Date(start.getTime() + 12 * 60_000));
      const welcome = (await noticeMails())
        .filter((n) => n.key === `welcome:${restaurant.id}`)
        .map((n) => n.mail.to)
        .sort();
      expect(welcome).toEqual([`co-owner-${restaurant.id}@example.com`, `owner-${restaurant.id}@example.com`]);
    });

    it('sends the welcome shortly after sign-up (the trial’s start queues a sweep), after the confirmation e-mail, once', async () => {
      const restaurant = await insertRestaurant(database.db, {}, { trial: false });
      await insertOwner(restaurant.id, 'en');
      const signUp = new Date();
      await startTrial(scopes.owner(restaurant.id), signUp);
      const to = (mail: OutgoingMail) => mail.to === `owner-${restaurant.id}@example.com`;
      sent.length = 0;
      // at sign-up nothing yet, even when the hourly sweep happens to run then
      await sweep(new Date(signUp.getTime() + 1000));
      await runJobs();
      expect(sent.filter(to)).toEqual([]);
      const later = new Date(signUp.getTime() + 11 * 60 * 1000);
      await runJobs(database.db, later);
      await runJobs(database.db, later);
      expect(sent.filter(to).map((mail) => mail.subject)).toEqual([`Welcome to Bucate, ${restaurant.name}`]);
      await sweep(new Date(signUp.getTime() + 2 * 3600_000));
      await runJobs(database.db, later);
      expect(sent.filter(to)).toHaveLength(1);
    });

    it('nothing about the trial for a PRO restaurant; Romanian by default', async () => {
      const start = new Date('2030-06-01T09:00:00.000Z');
      const restaurant = await insertRestaurant(database.db, {}, { trial: start, manualProUntil: '2031-06-01T00:00:00.000Z' });
      await insertOwner(restaurant.id);
      await sweep(new Date(start.getTime() + 3600_000));
      await sweep(new Date(start.getTime() + 56 * DAY));
      await sweep(new Date(start.getTime() + 61 * DAY));
      const mails = await forRestaurant(restaurant.id);
      expect(mails.map((m) => m.key.split(':')[0])).toEqual(['welcome']);
      expect(mails[0]!.mail.subject).toContain('Bun venit la Bucate');
    });

    it('payment failed (with the grace period, menu online) and cancelled: each once', async () => {
      const { restaurant, subscription } = await payingRestaurant();
      const now = new Date();
      fake.updateSubscription(subscription.id, { status: 'past_due' });
      await fake.sendEvent('invoice.payment_failed', { id: 'in_failed_2', object: 'invoice', customer: subscription.customer } as never);
      await runJobs();
      await Promise.all([sweep(now), sweep(now, second)]);
      await sweep(new Date(now.getTime() + 3600_000));
      let mails = (await forRestaurant(restaurant.id)).filter((m) => !m.key.startsWith('welcome'));
      expect(mails.map((m) => m.key.split(':')[0])).toEqual(['payment-failed']);
      expect(mails[0]!.mail.subject).toBe(`Plata pentru PRO (${restaurant.name}) nu a reușit`);
      expect(mails[0]!.mail.text).toContain(`aproximativ ${PAYMENT_GRACE_DAYS} zile;`);
      expect(mails[0]!.mail.text).toContain('meniul rămâne online');
      expect(isBefore((await restaurantRow(restaurant.id)).proUntil)).toBe(true);
      // the owner cancels at period end from the portal
      fake.updateSubscription(subscription.id, { status: 'active', cancel_at_period_end: true });
      await fake.sendEvent('customer.subscription.updated', fake.subscriptions.get(subscription.id)!);
      await runJobs();
      await sweep(new Date(now.getTime() + 2 * 3600_000));
      // then it ends: no second "cancelled"
      fake.updateSubscription(subscription.id, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
      await fake.sendEvent('customer.subscription.deleted', fake.subscriptions.get(subscription.id)!);
      await runJobs();
      await sweep(new Date(now.getTime() + 3 * 3600_000));
      mails = (await forRestaurant(restaurant.id)).filter((m) => !m.key.startsWith('welcome'));
      expect(mails.map((m) => m.key.split(':')[0])).toEqual(['payment-failed', 'cancelled']);
      expect(mails[1]!.mail.text).toContain('PRO rămâne activ până pe');
      expect(mails[1]!.mail.html).toContain('<a href="https://bucate.example/restaurant/');
    });
  });
});
