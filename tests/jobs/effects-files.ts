import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { changeMenu } from '#app/modules/editing/menu-change.server.ts';
import { getImportDraft, startImport } from '#app/modules/import/import.service.server.ts';
import { enqueueJob, enqueueScheduledJobs } from '#app/modules/jobs/jobs.server.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { createLocation } from '#app/modules/location/location.service.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { buildRestaurant, buildStoredImage, insertRestaurant } from '#tests/factories/builders.ts';
import { restaurantNameInBackup } from '#tests/support/backup-check.ts';
import { menuPhoto, SMALL_MENU } from '#tests/support/menu-images.ts';
import { DAY_MS, type JobEffects, type JobWorld } from './job-world.ts';

/** The job types that delete or write files, or read them. */

async function storedImage(world: JobWorld, restaurantId: string, createdAt = new Date().toISOString()) {
  const row = buildStoredImage(restaurantId, { name: 'image.jpg', createdAt });
  await world.storage.put(row.path, Buffer.from('jpeg'), 'image/jpeg');
  await world.db.insertInto('storedImage').values(row).execute();
  return { row, file: join(world.uploads, row.path) };
}

export const fileEffects: Pick<JobEffects, 'image.delete-files' | 'image.sweep' | 'import.ocr' | 'import.sweep' | 'db.backup'> = {
  'image.delete-files': {
    effect: 'deletes the files of an image a committed change released',
    async run(world) {
      const restaurant = await insertRestaurant(world.db);
      const { row, file } = await storedImage(world, restaurant.id);
      await world.db.updateTable('restaurant').set({ logoKey: row.path }).where('id', '=', restaurant.id).execute();
      await changeMenu(world.scopes.owner(restaurant.id), world.storage, async (change) => {
        await change.trx.updateTable('restaurant').set({ logoKey: null }).where('id', '=', restaurant.id).execute();
        await change.release([row.path]);
      });
      expect(existsSync(file)).toBe(true);
      await world.work();
      expect(existsSync(file)).toBe(false);
    },
  },

  'image.sweep': {
    effect: 'deletes uploads never saved into a form, keeps those in use',
    async run(world) {
      const restaurant = await insertRestaurant(world.db);
      const old = new Date(Date.now() - 2 * DAY_MS).toISOString();
      const abandoned = await storedImage(world, restaurant.id, old);
      const used = await storedImage(world, restaurant.id, old);
      await world.db.updateTable('restaurant').set({ logoKey: used.row.path }).where('id', '=', restaurant.id).execute();
      await enqueueJob(world.db, { type: 'image.sweep', payload: {} });
      // the sweep, then the file deletion it enqueued
      await world.work();
      expect(existsSync(abandoned.file)).toBe(false);
      expect(existsSync(used.file)).toBe(true);
      expect((await world.db.selectFrom('storedImage').select('path').where('restaurantId', '=', restaurant.id).execute()).map((image) => image.path)).toEqual([used.row.path]);
    },
  },

  'import.ocr': {
    effect: 'reads a menu photo into its draft’s rows and forgets the photo',
    timeoutMs: 90_000,
    async run(world) {
      const restaurant = await insertRestaurant(world.db);
      const scope = world.scopes.owner(restaurant.id);
      const locationId = await createLocation(scope, world.storage, LocationInput.parse({ nameRo: 'Centru' }));
      const started = await startImport(scope, { bytes: await menuPhoto(SMALL_MENU, 0, { fontSize: 32 }), name: 'poza.jpg' });
      if (!('draftId' in started)) throw new Error('a photo goes to a job');
      await world.work();
      const done = await getImportDraft(scope, started.draftId, { locationId });
      if (done.status !== 'done') throw new Error(`the draft is ${done.status}`);
      expect(done.preview.rows.map((row) => row.cells.category)).toEqual(['Ciorbe', 'Deserturi']);
      expect(await world.db.selectFrom('importDraft').select('image').where('id', '=', started.draftId).executeTakeFirstOrThrow()).toEqual({ image: null });
    },
  },

  'import.sweep': {
    effect: 'deletes menu-photo drafts older than a day, keeps younger ones',
    async run(world) {
      const restaurant = await insertRestaurant(world.db);
      const draft = (id: string, createdAt: string) => ({
        id,
        restaurantId: restaurant.id,
        status: 'done' as const,
        image: null,
        rows: '[]',
        error: null,
        createdAt,
        updatedAt: createdAt,
      });
      const [old, young] = [newId(), newId()];
      await world.db
        .insertInto('importDraft')
        .values([draft(old, new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString()), draft(young, new Date().toISOString())])
        .execute();
      await enqueueScheduledJobs(world.db, [{ type: 'import.sweep', every: 'hour' }]);
      await world.work();
      expect((await world.db.selectFrom('importDraft').select('id').where('restaurantId', '=', restaurant.id).execute()).map((row) => row.id)).toEqual([young]);
    },
  },

  'db.backup': {
    effect: 'writes a copy of the database that restores, keeping the newest BACKUP_KEEP',
    timeoutMs: 90_000,
    async run(world) {
      const restaurant = buildRestaurant({ name: 'Salvat în copie' });
      await world.db.insertInto('restaurant').values(restaurant).execute();
      for (const day of [1, 2, 3]) {
        const when = new Date(Date.now() + day * DAY_MS);
        await enqueueScheduledJobs(world.db, [{ type: 'db.backup', every: 'day' }], when);
        await world.work({ now: when });
      }
      const files = readdirSync(world.backupDir).sort();
      expect(files).toHaveLength(2);
      expect(await restaurantNameInBackup(world.databases, join(world.backupDir, files[1]!), restaurant.id)).toEqual({ name: 'Salvat în copie' });
    },
  },
};
