import { expect } from 'vitest';
import { enqueueJob, enqueueScheduledJobs } from '#app/modules/jobs/jobs.server.ts';
import type { JobType } from '#app/modules/jobs/job-types.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { addDays, localMoment } from '#app/modules/restaurant/local-time.ts';
import { enqueueReservationMail } from '#app/modules/reservations/reservation-notify.server.ts';
import { addMember, buildLocation, insertRestaurant } from '#tests/factories/builders.ts';
import { insertGuestOrder, insertReservation } from '#tests/factories/insight-orders.ts';
import { insertUser } from '#tests/support/team-world.ts';
import { DAY_MS, type JobEffects, type JobWorld } from './job-world.ts';

/** The job types that send e-mail, or erase what e-mails left behind. */

const at = (days: number, from = Date.now()) => new Date(from + days * DAY_MS);
const slot = (world: JobWorld, type: JobType, when: Date) => enqueueScheduledJobs(world.db, [{ type, every: 'hour' }], when);

async function restaurantWithLocation(world: JobWorld) {
  const restaurant = await insertRestaurant(world.db, { timeZone: 'Europe/Bucharest' }, {});
  const location = buildLocation(restaurant.id);
  await world.db.insertInto('location').values(location).execute();
  return { restaurantId: restaurant.id, locationId: location.id, restaurantName: restaurant.name };
}

/** Every stored job whose payload or error still names `address`. */
const jobsNaming = (world: JobWorld, address: string) =>
  world.db
    .selectFrom('job')
    .select(['id', 'status'])
    .where((eb) => eb.or([eb('payload', 'like', `%${address}%`), eb('lastError', 'like', `%${address}%`)]))
    .execute();

export const mailEffects: Pick<JobEffects, 'mail.send' | 'reservations.remind' | 'retention.erase-contacts' | 'billing.notices'> = {
  'mail.send': {
    effect: 'hands the message to the mailer and marks the contact message it carries as e-mailed',
    async run(world) {
      const id = newId();
      await world.db
        .insertInto('contactMessage')
        .values({
          id,
          name: 'Oaspete',
          email: 'scrie@example.com',
          restaurantName: null,
          message: 'Bună ziua',
          locale: 'ro',
          emailedAt: null,
          clientKey: 'k',
          createdAt: new Date().toISOString(),
        })
        .execute();
      const mail = { to: 'echipa@bucate.example', replyTo: 'scrie@example.com', subject: 'Mesaj nou', text: 'Bună ziua', html: '' };
      await enqueueJob(world.db, { type: 'mail.send', payload: { mail, contactMessageId: id } });
      expect(await world.work()).toBe(1);
      expect(world.sent.filter((one) => one.subject === 'Mesaj nou')).toEqual([mail]);
      expect((await world.db.selectFrom('contactMessage').select('emailedAt').where('id', '=', id).executeTakeFirstOrThrow()).emailedAt).not.toBeNull();
    },
  },

  'reservations.remind': {
    effect: 'e-mails the reminder of an accepted reservation starting within a day, once however often it runs',
    async run(world) {
      const { restaurantId, locationId, restaurantName } = await restaurantWithLocation(world);
      const start = Date.now() + 20 * 60 * 60 * 1000;
      const local = localMoment(start, 'Europe/Bucharest');
      const time = `${String(Math.floor(local.minutes / 60)).padStart(2, '0')}:${String(local.minutes % 60).padStart(2, '0')}`;
      const made = at(-3).toISOString();
      const reservation = await insertReservation(world.db, restaurantId, locationId, { date: local.date, time, email: 'amintire@example.com', createdAt: made, updatedAt: made });
      const now = new Date();
      await slot(world, 'reservations.remind', now);
      await world.work({ now });
      // the next hour's run (and a second worker's) finds it reminded
      await slot(world, 'reservations.remind', new Date(now.getTime() + 60 * 60 * 1000));
      await world.work({ now: new Date(now.getTime() + 60 * 60 * 1000) });
      const reminders = world.sent.filter((one) => one.to === 'amintire@example.com');
      expect(reminders.map((one) => one.subject)).toEqual([`Mâine: rezervarea ta la ${restaurantName}`]);
      expect((await world.db.selectFrom('reservation').select('reminderSentAt').where('id', '=', reservation.id).executeTakeFirstOrThrow()).reminderSentAt).not.toBeNull();
    },
  },

  'retention.erase-contacts': {
    effect: 'erases guests’ contact details and declared allergies 30 days on, and the mail jobs (sent or dead) and outbox files holding their addresses',
    async run(world) {
      const { restaurantId, locationId } = await restaurantWithLocation(world);
      const today = new Date().toISOString().slice(0, 10);
      const order = await insertGuestOrder(world.db, restaurantId, locationId, { customerName: 'Gast Vechi', allergies: '["peanuts"]', allergyNote: 'alergie la arahide' });
      const ofOrder = () =>
        world.db.selectFrom('guestOrder').select(['customerName', 'customerPhone', 'allergies', 'allergyNote']).where('id', '=', order.id).executeTakeFirstOrThrow();
      // tomorrow's table: its e-mails go now, one of them refused for good by the guest's mail server
      const soon = await insertReservation(world.db, restaurantId, locationId, { date: addDays(today, 1), email: 'gast-vechi@example.com' });
      const later = await insertReservation(world.db, restaurantId, locationId, { date: addDays(today, 5), email: 'gast-nou@example.com' });
      await enqueueReservationMail(world.db, soon, 'accepted', new Date());
      await world.work();
      world.mailRefusal = '550 5.1.1 <gast-vechi@example.com>: Recipient address rejected';
      try {
        await enqueueReservationMail(world.db, soon, 'cancelled', new Date());
        await world.db.updateTable('job').set({ maxAttempts: 1 }).where('status', '=', 'pending').where('payload', 'like', '%gast-vechi@%').execute();
        await world.work();
      } finally {
        world.mailRefusal = null;
      }
      expect((await jobsNaming(world, 'gast-vechi@example.com')).map((job) => job.status).sort()).toEqual(['dead', 'done']);
      // the other guest's e-mail goes three days on
      await enqueueReservationMail(world.db, later, 'accepted', at(3));
      await world.work({ now: at(3) });
      expect(world.outboxFiles().filter((name) => name.includes('gast-'))).toHaveLength(2);

      // 29 days on: everything is still within its 30 days
      await slot(world, 'retention.erase-contacts', at(29));
      await world.work({ now: at(29) });
      expect(await jobsNaming(world, 'gast-vechi@example.com')).toHaveLength(2);
      expect(await ofOrder()).toEqual({ customerName: 'Gast Vechi', customerPhone: order.customerPhone, allergies: '["peanuts"]', allergyNote: 'alergie la arahide' });
      expect(world.outboxFiles().filter((name) => name.includes('gast-'))).toHaveLength(2);

      // 32 days on: the order and tomorrow's reservation are past their 30 days, and so are their e-mails
      await slot(world, 'retention.erase-contacts', at(32));
      await world.work({ now: at(32) });
      // the allergies declared with the order are health data: erased with the contact details (issue 35)
      expect(await ofOrder()).toEqual({ customerName: null, customerPhone: null, allergies: null, allergyNote: null });
      expect(await world.db.selectFrom('reservation').select(['name', 'phone', 'email', 'note']).where('id', '=', soon.id).executeTakeFirstOrThrow()).toEqual({
        name: null,
        phone: null,
        email: null,
        note: null,
      });
      expect(await jobsNaming(world, 'gast-vechi@example.com')).toEqual([]);
      // the later guest's reservation and e-mail (sent 29 days before) stay; every outbox file is over 30 days old
      expect((await world.db.selectFrom('reservation').select('email').where('id', '=', later.id).executeTakeFirstOrThrow()).email).toBe('gast-nou@example.com');
      expect((await jobsNaming(world, 'gast-nou@example.com')).map((job) => job.status)).toEqual(['done']);
      expect(world.outboxFiles().filter((name) => name.includes('gast-'))).toEqual([]);
    },
  },

  'billing.notices': {
    effect: 'e-mails every owner the notice their plan calls for (the trial’s welcome), once',
    async run(world) {
      const restaurant = await insertRestaurant(world.db, {}, { trial: new Date(Date.now() - 60 * 60 * 1000) });
      const email = `owner-${restaurant.id}@notices.example`;
      await addMember(world.db, restaurant.id, await insertUser(world.db, { email }), 'owner');
      const now = new Date();
      await slot(world, 'billing.notices', now);
      await world.work({ now });
      await slot(world, 'billing.notices', new Date(now.getTime() + 60 * 60 * 1000));
      await world.work({ now: new Date(now.getTime() + 60 * 60 * 1000) });
      expect(world.sent.filter((one) => one.to === email)).toHaveLength(1);
      expect(await world.db.selectFrom('billingNotice').select('kind').where('restaurantId', '=', restaurant.id).execute()).toEqual([{ kind: 'welcome' }]);
    },
  },
};
