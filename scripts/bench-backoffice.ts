/**
 * `npm run bench:backoffice`: how long the back office's heavy reads take with 10,000 restaurants
 * and 50,000 users (issue "The platform back office"). Seeds a throw-away database (SQLite in a
 * temporary folder, or PostgreSQL when BENCH_DATABASE_URL names a server: a database is made and
 * dropped there) with a year of platform history (tests/factories/platform-history.ts), 10,000
 * owners and 40,000 other users, then times each service call the pages make, sequentially after
 * a warm-up, and prints p50 / p95 / max in milliseconds. This is the server's own work for the
 * page's data (queries and the service's rules), without the session check and the HTML render.
 * Speed is never asserted; figures go to docs/performance.md by hand, with the date and machine.
 *
 * BENCH_RESTAURANTS, BENCH_USERS and BENCH_RUNS scale it down for a quick look.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { sql, type Insertable } from 'kysely';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '#app/db/connection.server.ts';
import type { AccountTable, UserTable } from '#app/db/schema.ts';
import { migrateToLatest } from '#app/db/migrate.server.ts';
import { getOverview } from '#app/modules/backoffice/overview.service.server.ts';
import { listRestaurantsForAdmin } from '#app/modules/backoffice/restaurants.service.server.ts';
import { listUsersForBackOffice } from '#app/modules/backoffice/users.service.server.ts';
import { listAuditLog } from '#app/modules/backoffice/audit-log.service.server.ts';
import { newId } from '#tests/factories/builders.ts';
import { seedPlatformHistory } from '#tests/factories/platform-history.ts';
import { adminScope } from '#tests/support/scopes.ts';
import { createThrowawayPostgres } from '#tests/support/throwaway-postgres.ts';

const RESTAURANTS = Number(process.env.BENCH_RESTAURANTS ?? 10_000);
const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;

const dataDir = mkdtempSync(join(tmpdir(), 'bucate-bench-backoffice-'));
const postgres = process.env.BENCH_DATABASE_URL ? await createThrowawayPostgres(process.env.BENCH_DATABASE_URL, 'bucate_bench') : undefined;
const { db } = openDatabase(postgres ? { databaseUrl: postgres.url, sqlitePath: '', poolSize: 4 } : { sqlitePath: join(dataDir, 'bench.sqlite') });

try {
  await migrateToLatest(db);
  const started = performance.now();
  const now = new Date();
  await seedPlatformHistory(db, { now, days: 365, restaurants: RESTAURANTS, seed: 2026 });
  const restaurantIds = (await db.selectFrom('restaurant').select('id').execute()).map((r) => r.id);
  const sqlite = !postgres;
  const verified = (sqlite ? 1 : true) as unknown as boolean;
  const owners: string[] = [];
  for (let i = 0; i < USERS; i += 500) {
    const users: Insertable<UserTable>[] = [];
    const accounts: Insertable<AccountTable>[] = [];
    for (let j = i; j < Math.min(USERS, i + 500); j++) {
      const id = newId();
      const restaurantId = j < restaurantIds.length ? restaurantIds[j]! : null;
      const createdAt = new Date(now.getTime() - Math.floor(Math.random() * 365 * 86_400_000)).toISOString();
      const email = `user${j}-${id.slice(0, 6)}@example.com`;
      if (restaurantId) owners.push(email);
      users.push({
        id,
        name: `Utilizator ${j}`,
        email,
        emailVerified: verified,
        image: null,
        createdAt,
        updatedAt: createdAt,
        role: 'restaurant' as const,
        banReason: null,
        lastRestaurantId: restaurantId,
      });
      accounts.push({
        id: newId(),
        accountId: id,
        providerId: j % 5 === 0 ? 'google' : 'credential',
        userId: id,
        password: j % 5 === 0 ? null : 'not-a-real-hash',
        createdAt,
        updatedAt: createdAt,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('user').values(users).execute();
      await trx.insertInto('account').values(accounts).execute();
      for (const user of users)
        if (user.lastRestaurantId)
          await trx
            .insertInto('membership')
            .values({
              id: `m-${user.id}`,
              restaurantId: user.lastRestaurantId,
              userId: user.id,
              role: 'owner',
              createdAt: String(user.createdAt),
              updatedAt: String(user.createdAt),
            })
            .execute();
    });
  }
  // a real database's statistics are current; a freshly seeded PostgreSQL one's are not yet
  if (postgres) await sql`analyze`.execute(db);
  console.log(`seeded ${RESTAURANTS} restaurants and ${USERS} users on ${postgres ? 'PostgreSQL' : 'SQLite'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const admin = adminScope(db);
  const someOwner = owners[Math.floor(owners.length / 2)]!;
  const cases: [string, () => Promise<unknown>][] = [
    ['restaurants: page 1, newest', () => listRestaurantsForAdmin(admin, { sort: 'newest', page: 1 })],
    ['restaurants: page 150, by name', () => listRestaurantsForAdmin(admin, { sort: 'name', page: 150 })],
    ['restaurants: trial ending in 7 days', () => listRestaurantsForAdmin(admin, { state: 'trial-ending', sort: 'newest', page: 1 })],
    ['restaurants: PRO card, most products', () => listRestaurantsForAdmin(admin, { state: 'pro-card', sort: 'products', page: 1 })],
    ['restaurants: search by owner e-mail', () => listRestaurantsForAdmin(admin, { q: someOwner, sort: 'newest', page: 1 })],
    // every seeded name holds the word "restaurant": the trigram indexes' worst case
    ['restaurants: search by name fragment', () => listRestaurantsForAdmin(admin, { q: 'restaurant 12', sort: 'newest', page: 1 })],
    ['restaurants: search by a rarer fragment', () => listRestaurantsForAdmin(admin, { q: '4321', sort: 'newest', page: 1 })],
    ['users: search by name fragment', () => listUsersForBackOffice(admin, { q: 'utilizator 4321', sort: 'newest', page: 1 })],
    ['users: page 1, newest', () => listUsersForBackOffice(admin, { sort: 'newest', page: 1 })],
    ['users: page 500, by e-mail', () => listUsersForBackOffice(admin, { sort: 'email', page: 500 })],
    ['users: search by e-mail', () => listUsersForBackOffice(admin, { q: someOwner, sort: 'newest', page: 1 })],
    ['overview: 30 days', () => getOverview(admin, 30)],
    ['overview: 90 days', () => getOverview(admin, 90)],
    ['overview: 365 days', () => getOverview(admin, 365)],
    ['audit log: page 1', () => listAuditLog(admin, {}, 1)],
  ];
  console.log(
    `machine: ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${RUNS} runs each after ${WARMUP} warm-up`,
  );
  console.log('what'.padEnd(40), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'max ms'.padStart(8));
  for (const [name, run] of cases) {
    for (let i = 0; i < WARMUP; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    console.log(name.padEnd(40), at(0.5).toFixed(1).padStart(8), at(0.95).toFixed(1).padStart(8), times.at(-1)!.toFixed(1).padStart(8));
  }
} finally {
  await db.destroy();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
