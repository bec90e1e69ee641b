import { inject } from 'vitest';

/**
 * Runs before every browser test file (vitest.e2e.config.ts setupFiles). Files run side by side,
 * one per worker, and each worker has a server and database of its own (global-setup.ts): this
 * points the file's `inject('baseUrl')`, `inject('dataDir')` and `inject('databaseUrl')` at its
 * worker's server, so a test file written for one shared server keeps working unchanged.
 *
 * vitest provides one context per project; its worker state is where `inject` reads it. Should a
 * vitest upgrade move it, this fails loudly rather than letting two files share a database.
 */
const servers = inject('e2eServers');
const pool = Number(process.env.VITEST_POOL_ID ?? '1');
const mine = servers[pool - 1];
if (!mine) throw new Error(`no e2e server for worker ${pool} of ${servers.length}: is maxWorkers above the servers global-setup.ts started?`);
const state = (globalThis as { __vitest_worker__?: { providedContext?: Record<string, unknown> } }).__vitest_worker__;
if (state?.providedContext) Object.assign(state.providedContext, mine);
if (inject('baseUrl') !== mine.baseUrl) throw new Error("vitest's provided context moved: tests/e2e/worker-server.ts cannot give this worker its own server");
