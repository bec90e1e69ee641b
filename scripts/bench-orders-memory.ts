import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { buildLocation, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { insertOrder } from '#tests/factories/orders.ts';
import { cookiesOf, type AppServer } from './bench-servers.ts';

/**
 * `npm run bench:orders`, the memory step: 1,000 open live connections per process, RSS before and after,
 * within the limits a process keeps (issue 33 item 2): board streams 500 per process, 50 per restaurant, 20 per
 * account, 50 per client address (LIVE_STREAM_LIMITS); guests' order-page streams 1,000 per process, 4 per order,
 * 100 per restaurant, 50 per address (WATCH_STREAM_LIMITS). So 500 board streams over 10 restaurants held by 25
 * staff accounts, and 500 order-page streams over 125 orders of 5 restaurants, each stream from an address of its
 * own (TRUST_PROXY=1). Until session 18 it opened them all with one account from one address, which those limits
 * (added after the step was written) answer with 503: the refusals were the limits at work, not load.
 */
const ACCOUNTS = 25;
const RESTAURANTS = 10;
const GUEST_RESTAURANTS = 5;
const ORDERS = 125;

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const address = (range: number, i: number) => `10.${range}.${Math.floor(i / 250)}.${(i % 250) + 1}`;

export async function benchMemory(db: Kysely<Database>, place: { restaurantId: string; locationId: string; slug: string; servers: [AppServer, AppServer] }): Promise<void> {
  const now = new Date().toISOString();
  const restaurants = [{ id: place.restaurantId, slug: place.slug, locationId: place.locationId }];
  for (let i = 1; i < RESTAURANTS; i++) {
    const other = await insertRestaurant(db, { name: `Bench Live ${i}`, slug: `bench-live-${i}` });
    const location = buildLocation(other.id!, { nameRo: 'Salon' });
    await db.insertInto('location').values(location).execute();
    restaurants.push({ id: other.id!, slug: other.slug!, locationId: location.id });
  }
  // the staff: accounts signed up as a person does, each a member of every restaurant
  const base = place.servers[0].base;
  const cookies: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const email = `bench-staff-${i}-${newId().slice(0, 8)}@example.com`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': address(30, i) },
      body: JSON.stringify({ email, password: 'parola-buna-1', name: `Chelner ${i}` }),
    });
    await signUp.arrayBuffer();
    if (signUp.status !== 200) throw new Error(`a staff account's sign-up answered ${signUp.status}`);
    cookies.push(cookiesOf(signUp));
    const user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await db
      .insertInto('membership')
      .values(restaurants.map((r) => ({ id: newId(), restaurantId: r.id, userId: user.id, role: 'staff' as const, createdAt: now, updatedAt: now })))
      .execute();
  }
  const orders: { slug: string; token: string }[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const r = restaurants[i % GUEST_RESTAURANTS]!;
    orders.push({ slug: r.slug, token: (await insertOrder(db, { restaurantId: r.id, locationId: r.locationId, table: null })).order.token });
  }
  // the earlier steps' streams on these processes have ended
  await pause(2000);
  const held: AbortController[] = [];
  const hold = async (url: string, headers: Record<string, string>) => {
    const controller = new AbortController();
    const response = await fetch(url, { headers, signal: controller.signal });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    // the first chunk (the reconnect pause) says the stream is open
    await response.body!.getReader().read();
    held.push(controller);
  };
  for (const [name, server] of [
    ['process 1', place.servers[0]],
    ['process 2', place.servers[1]],
  ] as const) {
    const before = rssKb(server.child.pid!);
    // stream i: restaurant i % 10 (50 each), account ⌊i / 20⌋ (20 each), an address of its own
    for (let i = 0; i < 500; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, k) => i + k).map((n) =>
          hold(`${server.base}/${restaurants[n % RESTAURANTS]!.slug}/admin/orders/live`, { cookie: cookies[Math.floor(n / 20)]!, 'x-forwarded-for': address(31, n) }),
        ),
      );
    }
    // four guests' pages per order (25 orders, 100 streams, per restaurant)
    for (let i = 0; i < ORDERS; i += 25) {
      await Promise.all(
        orders
          .slice(i, i + 25)
          .flatMap((order, j) =>
            Array.from({ length: 4 }, (_, k) => hold(`${server.base}/${order.slug}/comanda/${order.token}/live`, { 'x-forwarded-for': address(32, (i + j) * 4 + k) })),
          ),
      );
    }
    await pause(3000);
    const after = rssKb(server.child.pid!);
    console.log(
      `${name}: 1,000 open live connections (500 boards over 10 restaurants and 25 accounts, 500 order pages over 5 restaurants): RSS ${Math.round(before / 1024)} → ${Math.round(after / 1024)} MB, +${((after - before) / 1024).toFixed(1)} MB (${((after - before) / 1000).toFixed(1)} KB each)`,
    );
  }
  for (const controller of held) controller.abort();
}
