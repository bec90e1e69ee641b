import { openDatabase } from '#app/db/connection.server.ts';
import { appendLiveEvent } from '#app/modules/live/live-events.server.ts';
import { createPostgresLiveBus } from '#app/modules/live/postgres-live-bus.server.ts';

/**
 * Another app process, for the live bus's cross-process test (app/modules/live/postgres-live-bus.int.test.ts):
 * `node tests/support/live-publisher.ts <postgres URL> <restaurant id> <number>` places one order the
 * way a service will (the event appended in the transaction, published after the commit) through its
 * own pool and bus, prints the event's id and exits.
 */
const [databaseUrl, restaurantId, number] = process.argv.slice(2);
if (!databaseUrl || !restaurantId || !number) throw new Error('usage: live-publisher.ts <postgres URL> <restaurant id> <number>');
const { db } = openDatabase({ databaseUrl, sqlitePath: '', poolSize: 2 });
const bus = createPostgresLiveBus({ db, connectionString: databaseUrl });
const id = await db.transaction().execute((trx) => appendLiveEvent(trx, { restaurantId, channel: 'orders', type: 'order.placed', payload: { number: Number(number) } }));
bus.publish(restaurantId, 'orders');
// the bus closes once its NOTIFY has left, then the pool
await bus.close();
await db.destroy();
process.stdout.write(`${id}\n`);
