import { afterAll, describe, expect, it } from 'vitest';
import { closeLiveBus, createMemoryLiveBus, provideLiveBus } from '#app/modules/live/live-bus.server.ts';
import { createPostgresLiveBus } from '#app/modules/live/postgres-live-bus.server.ts';
import { acceptOrder, declineOrder, markOrderReady } from '#app/modules/ordering/order-board.service.server.ts';
import { buildLocation, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { insertDiningTable, placeOrder } from '#tests/factories/orders.ts';
import { startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts';
import { readSse } from '#tests/support/sse-reader.ts';
import { test, type ActorScopes, type TestDb } from '#tests/support/test-context.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';

/**
 * Issue 25 item 6, decision 0031: a board connected to ANOTHER app process. This test process is
 * the writer (the orders board's service: its moves append their events in their transactions and
 * publish on this process's bus); the built server is the process serving the board's stream over
 * HTTP. On PostgreSQL the wake-up crosses processes by NOTIFY/LISTEN (this process's bus has its own
 * pool and LISTEN connection, as each app process does); on SQLite the server's stream finds the
 * events at its next look at the shared file. Across a cut and a reconnect with Last-Event-ID the
 * board gets every event once, in order: none lost, none repeated.
 */
let database: TestDatabase;
let db: TestDb;
let scopes: ActorScopes;
let server: BuiltServer;

test.beforeAll(async ({ database: fileDatabase, scopes: fileScopes }) => {
  database = fileDatabase;
  db = fileDatabase.db;
  scopes = fileScopes;
  // this process's bus, as app/wiring/live-bus.server.ts would choose it
  provideLiveBus(() => (testDialect === 'postgres' ? createPostgresLiveBus({ db, connectionString: database.location.databaseUrl! }) : createMemoryLiveBus()));
  server = await startBuiltServer({ ...database.location, env: { WORKER: 'off' } });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await closeLiveBus();
});

/** A staff member's session on the server: an account signed up over HTTP, made a member as staff. */
async function staffSession(restaurantId: string): Promise<string> {
  const email = `chelner-${newId().slice(0, 8).toLowerCase()}@example.com`;
  const signUp = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ email, password: 'parola-buna-1', name: 'Chelner' }),
  });
  expect(signUp.status).toBe(200);
  const user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db.insertInto('membership').values({ id: newId(), restaurantId, userId: user.id, role: 'staff', createdAt: now, updatedAt: now }).execute();
  return signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe(`live orders across processes on ${testDialect}`, () => {
  it('reaches a board held by another process, and resumes after a cut with Last-Event-ID: nothing lost, nothing repeated', async () => {
    const restaurant = await insertRestaurant(db, { name: 'Bistro Două Procese' });
    const restaurantId = restaurant.id!;
    const location = buildLocation(restaurantId);
    await db.insertInto('location').values(location).execute();
    const table = await insertDiningTable(db, restaurantId, location.id);
    const cookie = await staffSession(restaurantId);
    const staff = scopes.member(restaurantId, 'staff');
    const stream = `${server.baseUrl}/${restaurant.slug}/admin/orders/live`;
    const open = async (headers: Record<string, string>, signal: AbortSignal) => {
      const response = await fetch(stream, { headers: { cookie, ...headers }, signal });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      return readSse(response);
    };
    const ids = (events: { id?: string }[]) => events.map((e) => Number(e.id));
    const payloads = (events: { event?: string; data?: string }[]) => events.map((e) => `${e.event} ${(JSON.parse(e.data!) as { status: string }).status}`);

    // two orders placed before the board opened: its page read them, so its cursor is after them
    const one = await placeOrder(db, { restaurantId, locationId: location.id, table });
    const two = await placeOrder(db, { restaurantId, locationId: location.id, table });
    const first = new AbortController();
    const board = await open({}, first.signal);
    // open (its first line, the reconnect pause, is sent once it listens)
    await board.until((all) => all.length > 0);

    // the staff accept the first order in this process: the other process's board shows it
    await acceptOrder(staff, { orderId: one.order.id, status: 'received', minutes: 10 });
    await board.until(() => board.events().length >= 1, 20_000);
    const seen = board.events();
    expect(payloads(seen)).toEqual(['order.updated accepted']);
    expect(ids(seen)[0]).toBeGreaterThan(two.eventId);

    // the connection is cut; meanwhile the kitchen moves on and a new order comes in
    first.abort();
    await board.cancel();
    await markOrderReady(staff, { orderId: one.order.id, status: 'accepted' });
    await declineOrder(staff, { orderId: two.order.id, status: 'received', reason: 'Închidem bucătăria', blockTable: false });
    const three = await placeOrder(db, { restaurantId, locationId: location.id, table });

    // the browser reconnects with the last id it had: exactly what it missed, in order, once
    const second = new AbortController();
    const resumed = await open({ 'Last-Event-ID': String(ids(seen).at(-1)) }, second.signal);
    await resumed.until(() => resumed.events().length >= 3, 20_000);
    expect(payloads(resumed.events())).toEqual(['order.updated ready', 'order.updated declined', 'order.placed received']);
    expect(ids(resumed.events())[2]).toBe(three.eventId);
    // and what comes next arrives once
    await acceptOrder(staff, { orderId: three.order.id, status: 'received', minutes: 5 });
    await resumed.until(() => resumed.events().length >= 4, 20_000);
    const all = [...seen, ...resumed.events()];
    expect(new Set(ids(all)).size).toBe(all.length);
    expect(ids(all)).toEqual([...ids(all)].sort((a, b) => a - b));
    const logged = await db.selectFrom('liveEvent').select('id').where('restaurantId', '=', restaurantId).where('id', '>', two.eventId).orderBy('id').execute();
    expect(ids(all)).toEqual(logged.map((row) => Number(row.id)));
    second.abort();
    await resumed.cancel();
  });
});
