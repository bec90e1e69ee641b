/**
 * `npm run bench:scale`: the scale-out story under load (issue "The guest menu at internet scale",
 * goal 8). Creates a throw-away PostgreSQL database (BENCH_DATABASE_URL, default the project's
 * machines' 127.0.0.1:5432), seeds the demo restaurant, starts TWO production app processes on it,
 * then for BENCH_SECONDS (default 30) drives 200 guest connections (100 per process, autocannon)
 * while 20 editors (10 per process, signed in as the demo owner) each toggle their own dish's
 * availability as fast as the server answers. Prints guest req/s, p50/p99, editor saves/s and
 * p50/p99, every error, and whether every acknowledged save is what the database holds at the end.
 * Figures go to docs/performance.md by hand, with the date and machine.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { openDatabase } from '#app/db/connection.server.ts';
import { createThrowawayPostgres } from '#tests/support/throwaway-postgres.ts';
import { runToEnd, signInDemoOwner, startAppServer, stopAppServers, type AppServer } from './bench-servers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const GUESTS = 200;
const EDITORS = 20;
const SLUG = 'bistro-la-bunica';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface EditorRun {
  saves: number[];
  errors: string[];
  /** the value of the last save the server acknowledged */
  acknowledged: boolean | undefined;
}

/** One editor: toggles its own dish until the deadline, each save waiting for the previous answer. */
async function edit(base: string, cookie: string, productId: string, until: number): Promise<EditorRun> {
  const run: EditorRun = { saves: [], errors: [], acknowledged: undefined };
  for (let n = 0; Date.now() < until; n++) {
    const value = n % 2 === 0;
    const started = performance.now();
    try {
      const response = await fetch(`${base}/${SLUG}/admin.data?index`, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        body: new URLSearchParams({ intent: 'set-product-available', id: productId, value: String(value) }),
      });
      const text = await response.text();
      if (response.status !== 200 || !text.includes('"ok"') || text.includes('"error"')) run.errors.push(`${response.status} ${text.slice(0, 120)}`);
      else {
        run.acknowledged = value;
        run.saves.push(performance.now() - started);
      }
    } catch (error) {
      run.errors.push(String(error));
    }
  }
  return run;
}

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;

const database = await createThrowawayPostgres(adminUrl, 'bucate_bench_scale');
const env = {
  ...process.env,
  DATABASE_URL: database.url,
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'true',
  AUTH_SECRET: randomBytes(32).toString('hex'),
  DATA_DIR: `/tmp/bucate-bench-scale-${process.pid}`,
};
const servers: AppServer[] = [];
try {
  console.log(
    `${cpus().length} cores, Node ${process.versions.node}, load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  await runToEnd('scripts/prepare-data.ts', { ...env, NODE_ENV: 'development' });
  const { db } = openDatabase({ databaseUrl: database.url, sqlitePath: '' });
  const restaurant = await db.selectFrom('restaurant').select('id').where('slug', '=', SLUG).executeTakeFirstOrThrow();
  const productIds = (await db.selectFrom('product').select('id').where('restaurantId', '=', restaurant.id).orderBy('id').limit(EDITORS).execute()).map((p) => p.id);

  const a = await startAppServer(env);
  const b = await startAppServer(env);
  servers.push(a, b);
  const cookies = [await signInDemoOwner(a.base), await signInDemoOwner(b.base)];
  console.log(`two app processes on one PostgreSQL; ${GUESTS} guest connections and ${EDITORS} editors for ${SECONDS} s`);

  const until = Date.now() + SECONDS * 1000;
  const guests = [a.base, b.base].map((base) => autocannon({ url: `${base}/${SLUG}`, connections: GUESTS / 2, duration: SECONDS, headers: { 'accept-encoding': 'br, gzip' } }));
  const editors = productIds.map((id, i) => edit(i % 2 ? b.base : a.base, cookies[i % 2]!, id, until));
  const [guestResults, editorResults] = await Promise.all([Promise.all(guests), Promise.all(editors)]);

  const requests = guestResults.reduce((sum, r) => sum + r.requests.total, 0);
  const guestErrors = guestResults.reduce((sum, r) => sum + r.errors + r.non2xx + r.timeouts, 0);
  console.log(
    `guests: ${Math.round(requests / SECONDS)} req/s in all, p50 ${guestResults.map((r) => r.latency.p50).join(' / ')} ms, ` +
      `p99 ${guestResults.map((r) => r.latency.p99).join(' / ')} ms (per process), errors ${guestErrors}`,
  );
  const saves = editorResults.flatMap((r) => r.saves).sort((x, y) => x - y);
  const editorErrors = editorResults.flatMap((r) => r.errors);
  console.log(
    `editors: ${(saves.length / SECONDS).toFixed(1)} saves/s, p50 ${percentile(saves, 0.5).toFixed(1)} ms, p99 ${percentile(saves, 0.99).toFixed(1)} ms, errors ${editorErrors.length}`,
  );
  for (const error of [...new Set(editorErrors)].slice(0, 5)) console.log(`  error: ${error}`);

  const stored = new Map((await db.selectFrom('product').select(['id', 'available']).where('id', 'in', productIds).execute()).map((p) => [p.id, Number(p.available) === 1]));
  const lost = productIds.filter((id, i) => editorResults[i]!.acknowledged !== undefined && stored.get(id) !== editorResults[i]!.acknowledged);
  console.log(`acknowledged saves persisted: ${lost.length === 0 ? 'all' : `NO: ${lost.length} dishes differ from their last acknowledged save`}`);
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  await db.destroy();
} finally {
  await stopAppServers(servers);
  await database.drop();
}
