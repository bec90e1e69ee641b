import { describe, expect } from 'vitest';
import { jobPayloads, type JobType } from '#app/modules/jobs/job-types.ts';
import { BACKUP_SCHEDULE, createJobHandlers, JOB_SCHEDULES } from '#app/wiring/job-handlers.server.ts';
import { test } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { fileEffects } from './effects-files.ts';
import { mailEffects } from './effects-mail.ts';
import { providerEffects } from './effects-providers.ts';
import { sweepEffects } from './effects-sweeps.ts';
import { useJobWorld, type JobEffects } from './job-world.ts';

/**
 * Every job type the worker runs, run the way the worker runs it (issue 34 item 2): each test sets
 * up real rows (and files, and fake Stripe or DeepL answers), enqueues the job as the app does, lets
 * `runJobsOnce` claim it and run it through the handler `createJobHandlers` registers for its type,
 * and asserts what the job is for: rows erased, e-mails sent once, invitations swept, jobs purged.
 * A handler made a no-op fails its test. A new job type without an effect here fails the
 * registry test below (and `JobEffects` does not type-check).
 */

const EFFECTS: JobEffects = { ...mailEffects, ...fileEffects, ...sweepEffects, ...providerEffects };
const TYPES = Object.keys(jobPayloads).sort() as JobType[];

describe(`every job type through the worker on ${testDialect}`, () => {
  const world = useJobWorld();

  test('the registry: every job type has a handler, a schedule where it is periodic, and an effect test here', () => {
    const handlers = createJobHandlers({ mailer: { send: async () => undefined }, storage: {} as never, retentionDays: 7 });
    expect(Object.keys(handlers).sort()).toEqual(TYPES);
    expect(Object.keys(EFFECTS).sort()).toEqual(TYPES);
    for (const { type } of [...JOB_SCHEDULES, BACKUP_SCHEDULE]) expect(TYPES).toContain(type);
  });

  for (const type of TYPES) {
    const { effect, run, timeoutMs } = EFFECTS[type];
    test(
      `${type}: ${effect}`,
      async () => {
        await run(world);
        // the job itself ended done: nothing of this type is left waiting or dead
        expect(await world.db.selectFrom('job').select(['status', 'lastError']).where('type', '=', type).where('status', 'in', ['pending', 'running', 'dead']).execute()).toEqual(
          [],
        );
      },
      timeoutMs,
    );
  }
});
