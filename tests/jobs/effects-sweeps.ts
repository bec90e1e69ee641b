import { expect } from 'vitest';
import { enqueueJob, enqueueScheduledJobs } from '#app/modules/jobs/jobs.server.ts';
import type { JobType } from '#app/modules/jobs/job-types.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { buildCategory, buildLocation, buildProduct, insertRestaurant } from '#tests/factories/builders.ts';
import { DAY_MS, type JobEffects, type JobWorld } from './job-world.ts';

/** The scheduled sweeps that forget what is past its time. */

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const runScheduled = async (world: JobWorld, type: JobType) => {
  await enqueueScheduledJobs(world.db, [{ type, every: 'hour' }]);
  await world.work();
};

export const sweepEffects: Pick<JobEffects, 'translation.sweep' | 'insights.sweep' | 'live.sweep' | 'menu.sold-out-return' | 'team.sweep' | 'jobs.purge'> = {
  'translation.sweep': {
    effect: 'deletes cached translations older than 30 days, keeps younger ones',
    async run(world) {
      const [old, young] = [`ro>de:vechi ${newId()}`, `ro>de:nou ${newId()}`];
      await world.db
        .insertInto('translationCache')
        .values([
          { key: old, translations: '{"de":"alt"}', createdAt: ago(31 * DAY_MS) },
          { key: young, translations: '{"de":"neu"}', createdAt: ago(29 * DAY_MS) },
        ])
        .execute();
      await runScheduled(world, 'translation.sweep');
      expect((await world.db.selectFrom('translationCache').select('key').where('key', 'in', [old, young]).execute()).map((row) => row.key)).toEqual([young]);
    },
  },

  'insights.sweep': {
    effect: 'forgets search terms that stayed below the privacy threshold for 90 days, keeps recent ones',
    async run(world) {
      const { id } = await insertRestaurant(world.db);
      const term = (termKey: string, at: string) => ({ restaurantId: id!, termKey, count: 1, firstAt: at, lastAt: at });
      await world.db
        .insertInto('insightSearchTerm')
        .values([term('stale-term', ago(100 * DAY_MS)), term('recent-term', ago(DAY_MS))])
        .execute();
      await runScheduled(world, 'insights.sweep');
      expect((await world.db.selectFrom('insightSearchTerm').select('termKey').where('restaurantId', '=', id!).execute()).map((row) => row.termKey)).toEqual(['recent-term']);
    },
  },

  'live.sweep': {
    effect: 'deletes live events older than 24 hours, keeps younger ones',
    async run(world) {
      const { id } = await insertRestaurant(world.db);
      const event = (type: string, createdAt: string) => ({ restaurantId: id!, channel: 'orders', type, payload: '{}', createdAt });
      await world.db
        .insertInto('liveEvent')
        .values([event('order.old', ago(DAY_MS + 60_000)), event('order.recent', ago(DAY_MS - 60_000))])
        .execute();
      await runScheduled(world, 'live.sweep');
      expect((await world.db.selectFrom('liveEvent').select('type').where('restaurantId', '=', id!).execute()).map((row) => row.type)).toEqual(['order.recent']);
    },
  },

  'menu.sold-out-return': {
    effect: 'writes back available the dishes and options sold out until an opening that has come; later ones and plain sold out stay',
    async run(world) {
      const { id } = await insertRestaurant(world.db);
      const location = buildLocation(id!);
      const category = buildCategory(id!, location.id);
      await world.db.insertInto('location').values(location).execute();
      await world.db.insertInto('category').values(category).execute();
      const dish = (nameRo: string, soldOutUntil: string | null) => buildProduct(id!, category.id, { nameRo, available: 0 as const, soldOutUntil });
      await world.db
        .insertInto('product')
        .values([dish('opened', ago(60_000)), dish('opens later', ago(-DAY_MS)), dish('plain sold out', null)])
        .execute();
      const group = newId();
      const stamp = ago(DAY_MS);
      await world.db
        .insertInto('optionGroup')
        .values({ id: group, restaurantId: id!, nameRo: 'Lapte', minChoices: 0, maxChoices: 1, pricing: 'add', sortOrder: 0, createdAt: stamp, updatedAt: stamp })
        .execute();
      const option = (nameRo: string, soldOutUntil: string | null) => ({
        id: newId(),
        groupId: group,
        restaurantId: id!,
        nameRo,
        priceMinor: 0,
        sortOrder: 0,
        available: 0 as const,
        soldOutUntil,
        createdAt: stamp,
        updatedAt: stamp,
      });
      await world.db
        .insertInto('optionItem')
        .values([option('opened', ago(60_000)), option('opens later', ago(-DAY_MS))])
        .execute();
      await runScheduled(world, 'menu.sold-out-return');
      const dishes = await world.db.selectFrom('product').select(['nameRo', 'available', 'soldOutUntil']).where('restaurantId', '=', id!).orderBy('nameRo').execute();
      expect(dishes.map((row) => [row.nameRo, row.available, row.soldOutUntil === null])).toEqual([
        ['opened', 1, true],
        ['opens later', 0, false],
        ['plain sold out', 0, true],
      ]);
      const options = await world.db.selectFrom('optionItem').select(['nameRo', 'available']).where('restaurantId', '=', id!).orderBy('nameRo').execute();
      expect(options.map((row) => [row.nameRo, row.available])).toEqual([
        ['opened', 1],
        ['opens later', 0],
      ]);
    },
  },

  'team.sweep': {
    effect: 'forgets invitations (and their addresses) ended over 30 days ago, keeps open and recently ended ones',
    async run(world) {
      const { id } = await insertRestaurant(world.db);
      const invitation = (email: string, fields: { createdAt: string; expiresAt: string; revokedAt?: string }) => ({
        id: newId(),
        restaurantId: id!,
        email,
        role: 'editor' as const,
        tokenHash: newId(),
        invitedBy: null,
        locale: 'ro',
        acceptedAt: null,
        acceptedBy: null,
        revokedAt: null,
        ...fields,
      });
      await world.db
        .insertInto('invitation')
        .values([
          invitation('expired-long-ago@example.com', { createdAt: ago(50 * DAY_MS), expiresAt: ago(43 * DAY_MS) }),
          invitation('revoked-long-ago@example.com', { createdAt: ago(40 * DAY_MS), expiresAt: ago(33 * DAY_MS), revokedAt: ago(39 * DAY_MS) }),
          invitation('open@example.com', { createdAt: ago(DAY_MS), expiresAt: ago(-6 * DAY_MS) }),
          invitation('expired-recently@example.com', { createdAt: ago(12 * DAY_MS), expiresAt: ago(5 * DAY_MS) }),
        ])
        .execute();
      await runScheduled(world, 'team.sweep');
      const left = await world.db.selectFrom('invitation').select('email').where('restaurantId', '=', id!).orderBy('email').execute();
      expect(left.map((row) => row.email)).toEqual(['expired-recently@example.com', 'open@example.com']);
    },
  },

  'jobs.purge': {
    effect: 'deletes done jobs older than JOB_RETENTION_DAYS, keeps recent and dead ones',
    async run(world) {
      // two finished image sweeps: eight days ago (past the 7 days) and yesterday, and a dead one long ago
      const ids = { old: newId(), recent: newId(), dead: newId() };
      const job = (id: string, status: 'done' | 'dead', finishedAt: string) => ({
        id,
        type: 'image.sweep',
        payload: '{}',
        status,
        attempts: 1,
        maxAttempts: 8,
        runAt: finishedAt,
        lockedUntil: null,
        lockedBy: null,
        lastError: status === 'dead' ? 'Error: gone' : null,
        dedupeKey: null,
        createdAt: finishedAt,
        updatedAt: finishedAt,
        finishedAt,
      });
      await world.db
        .insertInto('job')
        .values([job(ids.old, 'done', ago(8 * DAY_MS)), job(ids.recent, 'done', ago(DAY_MS)), job(ids.dead, 'dead', ago(40 * DAY_MS))])
        .execute();
      await enqueueJob(world.db, { type: 'jobs.purge', payload: {} });
      await world.work();
      const left = await world.db.selectFrom('job').select('id').where('id', 'in', Object.values(ids)).execute();
      expect(left.map((row) => row.id).sort()).toEqual([ids.recent, ids.dead].sort());
    },
  },
};
