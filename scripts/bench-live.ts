/**
 * `npm run bench:live`: what a live stream costs and how fast one ends when its holder's access does
 * (issue 33 items 1 and 2; decision 0031). A throw-away PostgreSQL database (BENCH_DATABASE_URL,
 * default 127.0.0.1:5432) with the demo, TWO production app processes (TRUST_PROXY=1, each client an
 * X-Forwarded-For address of its own), and:
 *   1. memory, process 1: its RSS before and after 200 board streams (10 accounts, each a member of
 *      10 restaurants, 20 streams each: the limit per account) and then 100 guest order-page streams
 *      (25 orders x 4 pages: the demo restaurant's 100), on first fill;
 *   2. the end of a board held by process 1 after each change made through process 2's pages: a
 *      member removed, a member made editor, "sign out everywhere", a user disabled by an admin;
 *      from the change's answer to the stream's end.
 * Figures go to docs/performance.md by hand, with the date and machine.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { openDatabase } from '#app/db/connection.server.ts';
import { addMember, insertRestaurant } from '#tests/factories/builders.ts';
import { insertOrder } from '#tests/factories/orders.ts';
import { createThrowawayPostgres } from '#tests/support/throwaway-postgres.ts';
import { cookiesOf, runToEnd, startAppServer, stopAppServers, type AppServer } from './bench-servers.ts';

const SLUG = 'bistro-la-bunica';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let addresses = 0;
const nextAddress = () => `10.33.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

/** A person signing up on `base` from an address of their own: their cookie and user id. */
async function signUp(base: string, db: ReturnType<typeof openDatabase>['db']) {
  const email = `live-${randomBytes(4).toString('hex')}@example.com`;
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ email, password: 'parola-buna-1', name: 'Live' }),
  });
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}`);
  const { id } = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { cookie: cookiesOf(response), userId: id };
}

/** Opens a stream; resolves once it is open (its first chunk), with when it ends. */
async function hold(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200) {
    await response.body?.cancel();
    return { status: response.status, controller, ended: Promise.resolve(0) };
  }
  const reader = response.body!.getReader();
  await reader.read();
  const ended = (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // aborted by the bench
    }
    return performance.now();
  })();
  return { status: 200, controller, ended };
}

const database = await createThrowawayPostgres(adminUrl, 'bucate_bench_live');
const env = {
  ...process.env,
  DATABASE_URL: database.url,
  LOG_LEVEL: 'error',
  SEED_DEMO: 'true',
  TRUST_PROXY: '1',
  WORKER: 'off',
  AUTH_SECRET: randomBytes(32).toString('hex'),
  DATA_DIR: `/tmp/bucate-bench-live-${process.pid}`,
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
  const demo = await db.selectFrom('restaurant').select('id').where('slug', '=', SLUG).executeTakeFirstOrThrow();
  const location = await db.selectFrom('location').select('id').where('restaurantId', '=', demo.id).orderBy('sortOrder').executeTakeFirstOrThrow();
  const a = await startAppServer(env);
  const b = await startAppServer(env);
  servers.push(a, b);

  // 1. memory on process 1: 200 board streams, then 100 guest order pages
  const slugs = [SLUG];
  const restaurantIds = [demo.id];
  for (let i = 1; i < 10; i++) {
    const other = await insertRestaurant(db, { name: `Bench Live ${i}`, slug: `bench-live-${i}` });
    slugs.push(other.slug!);
    restaurantIds.push(other.id!);
  }
  const accounts = [];
  for (let i = 0; i < 10; i++) {
    const account = await signUp(a.base, db);
    for (const id of restaurantIds) await addMember(db, id, account.userId, 'staff');
    accounts.push({ ...account, address: nextAddress() });
  }
  const tokens: string[] = [];
  for (let i = 0; i < 25; i++) tokens.push((await insertOrder(db, { restaurantId: demo.id, locationId: location.id })).order.token);
  await pause(2000);
  const held: AbortController[] = [];
  const before = rssKb(a.child.pid!);
  for (const account of accounts) {
    const opened = await Promise.all(
      Array.from({ length: 20 }, (_, i) => hold(`${a.base}/${slugs[i % 10]}/admin/orders/live`, { cookie: account.cookie, 'x-forwarded-for': account.address })),
    );
    held.push(...opened.map((stream) => stream.controller));
    if (opened.some((stream) => stream.status !== 200)) throw new Error(`a board answered ${opened.find((stream) => stream.status !== 200)!.status}`);
  }
  const extra = await hold(`${a.base}/${slugs[0]}/admin/orders/live`, { cookie: accounts[0]!.cookie, 'x-forwarded-for': accounts[0]!.address });
  await pause(3000);
  const boards = rssKb(a.child.pid!);
  for (const token of tokens) {
    const opened = await Promise.all(Array.from({ length: 4 }, () => hold(`${a.base}/${SLUG}/comanda/${token}/live`, { 'x-forwarded-for': nextAddress() })));
    held.push(...opened.map((stream) => stream.controller));
  }
  await pause(3000);
  const guests = rssKb(a.child.pid!);
  console.log(
    `process 1, first fill: RSS ${Math.round(before / 1024)} MB; +200 board streams ${((boards - before) / 1024).toFixed(1)} MB (${((boards - before) / 200).toFixed(0)} KiB each); ` +
      `+100 order-page streams ${((guests - boards) / 1024).toFixed(1)} MB (${((guests - boards) / 100).toFixed(0)} KiB each); the 21st board of one account: ${extra.status}`,
  );
  for (const controller of held) controller.abort();
  await pause(1000);

  // 2. a board held by process 1 ends after a change made through process 2's pages
  // a restaurant of its own (the demo's team cannot be changed), with its owner signed in on process 2
  const [teamSlug, teamId] = [slugs[1]!, restaurantIds[1]!];
  const ownerAccount = await signUp(b.base, db);
  await addMember(db, teamId, ownerAccount.userId, 'owner');
  const owner = ownerAccount.cookie;
  const admin = await signUp(b.base, db);
  await db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  const post = (path: string, cookie: string, body: Record<string, string>) =>
    fetch(`${b.base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: b.base, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextAddress() },
      body: new URLSearchParams(body),
    });
  const changes: [string, (m: { cookie: string; userId: string; membershipId: string; version: string }) => Promise<Response>][] = [
    ['member removed (team page)', (m) => post(`/${teamSlug}/admin/team`, owner, { intent: 'remove-member', membershipId: m.membershipId })],
    ['member made editor (team page)', (m) => post(`/${teamSlug}/admin/team`, owner, { intent: 'change-role', membershipId: m.membershipId, role: 'editor', version: m.version })],
    ['sign out everywhere (account page)', (m) => post(`/${teamSlug}/admin/account`, m.cookie, { intent: 'sign-out-everywhere' })],
    ['user disabled (back office)', (m) => post('/admin/users', admin.cookie, { intent: 'disable', userId: m.userId })],
  ];
  for (const [name, change] of changes) {
    const person = await signUp(a.base, db);
    await addMember(db, teamId, person.userId, 'staff');
    const membership = await db
      .selectFrom('membership')
      .select(['id', 'updatedAt'])
      .where('restaurantId', '=', teamId)
      .where('userId', '=', person.userId)
      .executeTakeFirstOrThrow();
    const board = await hold(`${a.base}/${teamSlug}/admin/orders/live`, { cookie: person.cookie, 'x-forwarded-for': nextAddress() });
    await pause(500);
    const sent = performance.now();
    const answer = await change({ ...person, membershipId: membership.id, version: membership.updatedAt });
    const answered = performance.now();
    const text = await answer.text();
    if (answer.status >= 400) console.log(`  ${name} refused: ${/"error","([^"]{3,200})"/.exec(text)?.[1] ?? text.slice(0, 200)}`);
    const ended = await Promise.race([board.ended, pause(10_000).then(() => Number.NaN)]);
    console.log(
      `${name}: answered ${answer.status} in ${(answered - sent).toFixed(0)} ms; the board on process 1 ended ${(ended - answered).toFixed(0)} ms after the answer (target within 5,000 ms)`,
    );
    board.controller.abort();
  }
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
