import { getDatabase, closeDatabase } from '#app/db/db.server.ts';
import { getBilling } from '#app/modules/billing/stripe-client.server.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { createConfiguredWorker } from '#app/wiring/job-handlers.server.ts';
import { wireLiveBus } from '#app/wiring/live-bus.server.ts';
import { closeLiveBus } from '#app/modules/live/live-bus.server.ts';
import { getMailer } from '#app/modules/mail/mailer.server.ts';
import { exitOnCrash, loadEnvOrExit, stopGracefully } from './process-lifecycle.ts';

/**
 * `npm run worker`: a process that only runs background jobs (decision 0010), for scale-out next to
 * app processes started with WORKER=off. Any number may run over one PostgreSQL database; on SQLite
 * it must share the machine (and the file) with the app.
 */
const env = loadEnvOrExit();
exitOnCrash();
// a job's change a live board shows wakes the boards of every app process (decision 0031)
wireLiveBus();

const worker = createConfiguredWorker(getDatabase(), env, { mailer: getMailer(env), storage: getStorage(), billing: getBilling() });
worker.start();

stopGracefully('worker', 30_000, async () => {
  await worker.stop();
  await closeLiveBus();
  await closeDatabase();
});
