import { createServer, connect, type Server, type Socket } from 'node:net';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '#app/db/schema.ts';
import { placeOrder } from '#tests/factories/orders.ts';
import { sendGuestOrder } from '../../scripts/bench-servers.ts';
import { memberCookie } from './accounts.ts';
import { nextClientIp, useBrowser } from './browser.ts';
import { openServerDatabase } from './database.ts';
import { kitchenRestaurant, publishOrders, signedInOpener } from './kitchen-world.ts';
import { toast } from './owner-session.ts';

/**
 * Issue 36 item 2: "after a network drop it resumes from where it was (Last-Event-ID) with nothing
 * doubled or missing". The kitchen's tablet loses its network while guests order over HTTP: its
 * connections (through a TCP relay, as a router would carry them) are cut and the browser is offline,
 * so every reconnect fails too (Chromium's offline mode alone leaves an open stream alone). When the
 * network comes back the browser's own reconnect sends the last id it saw, every ticket is on the
 * screen once, and what was bumped before the drop stays bumped.
 */
const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const browserOf = useBrowser();
const open = signedInOpener(browserOf, baseUrl);

let db: Kysely<Database>;
const relays: Server[] = [];
afterAll(async () => {
  await open.closeAll();
  for (const relay of relays) relay.close();
  await db?.destroy();
});

/** A TCP relay to the server on another port of the same host (the cookies hold: they ignore ports); `cut()` drops every connection it carries. */
async function networkRelay(target: URL): Promise<{ url: string; cut(): void }> {
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket);
      socket.pipe(other);
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
    }
  });
  relays.push(relay);
  await new Promise<void>((resolve) => relay.listen(0, target.hostname, resolve));
  const address = relay.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `${target.protocol}//${target.hostname}:${port}`, cut: () => sockets.forEach((socket) => socket.resetAndDestroy()) };
}

/** The order numbers of the tickets on the screen, one entry per card (a card shown twice is two). */
const ticketNumbers = (page: Page) =>
  page
    .getByTestId('kitchen-ticket')
    .locator('h3')
    .allTextContents()
    .then((titles) => titles.map((title) => Number(/#(\d+)/.exec(title)?.[1])).sort((a, b) => a - b));

/** A guest's order of the soup at the world's table, over HTTP as the menu sends it (each from its own address); its id and number. */
async function guestOrder(w: Awaited<ReturnType<typeof kitchenRestaurant>>): Promise<{ id: string; number: number }> {
  const { token } = await sendGuestOrder(baseUrl, w.slug, { 'x-forwarded-for': nextClientIp(), origin: baseUrl }, w.soup.id, w.table.code);
  return db.selectFrom('guestOrder').select(['id', 'number']).where('token', '=', token).executeTakeFirstOrThrow();
}

describe('the kitchen display across a network drop', () => {
  it('resumes by Last-Event-ID: the orders placed meanwhile appear once each, the bumps before the drop stay', async () => {
    db ??= openServerDatabase();
    const w = await kitchenRestaurant(db, baseUrl, 'bucatarie-retea');
    const staffCookie = await memberCookie(baseUrl, db, w.restaurantId, 'staff', 'Bucătar');
    // two tickets before the drop: one whose "Mici" is bumped, one bumped whole
    const soupAndMici = await placeOrder(db, {
      restaurantId: w.restaurantId,
      locationId: w.location.id,
      table: w.table,
      lines: [
        { nameRo: 'Ciorbă de burtă', unitPriceMinor: 2450, quantity: 2, stationId: w.kitchen.id },
        { nameRo: 'Mici', unitPriceMinor: 1800, quantity: 3, stationId: w.kitchen.id },
      ],
    });
    const papanasi = await placeOrder(db, {
      restaurantId: w.restaurantId,
      locationId: w.location.id,
      table: w.table,
      lines: [{ nameRo: 'Papanași', unitPriceMinor: 2800, quantity: 1, stationId: w.kitchen.id }],
    });
    const [first, second] = [soupAndMici.order.number, papanasi.order.number];

    const network = await networkRelay(new URL(baseUrl));
    const screen = await open(staffCookie, `${network.url}/${w.slug}/admin/kitchen?station=${w.kitchen.id}`, { width: 1280, height: 800 });
    await screen.getByRole('heading', { name: 'Bucătărie · Salon' }).waitFor();
    await expect.poll(() => screen.getByTestId('live-state').getAttribute('data-connected'), { timeout: 15_000 }).toBe('true');
    await screen.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const ticket = (number: number) => screen.getByTestId('kitchen-ticket').filter({ has: screen.getByRole('heading', { name: new RegExp(`#${number}$`) }) });
    await ticket(first)
      .getByRole('button', { name: /^Gata: 3× Mici/ })
      .click();
    await toast(screen, `O linie din comanda #${first} e gata.`);
    await ticket(second)
      .getByRole('button', { name: `Bon gata #${second}` })
      .click();
    await toast(screen, `Bonul #${second} e gata.`);
    await expect.poll(() => ticketNumbers(screen)).toEqual([first]);
    // the bumps' events: the screen's stream had the first long before the drop
    await publishOrders(db, databaseUrl, w.restaurantId);
    const bumpEvents = (await db.selectFrom('liveEvent').select('id').where('restaurantId', '=', w.restaurantId).where('type', '=', 'order.bumped').orderBy('id').execute()).map(
      (event) => Number(event.id),
    );
    expect(bumpEvents).toHaveLength(2);

    // every request for the stream from now on, with the headers the browser sent
    const reconnects: { lastEventId: string | undefined }[] = [];
    screen.on('request', (request) => {
      if (!new URL(request.url()).pathname.endsWith('/admin/orders/live')) return;
      void request.allHeaders().then((headers) => reconnects.push({ lastEventId: headers['last-event-id'] }));
    });
    // a guest's order lands as the network goes: its event may reach the screen, whose read of it would come too late
    const placed: number[] = [];
    const guestOrders = async () => {
      placed.push((await guestOrder(w)).number);
    };
    await guestOrders();
    await screen.context().setOffline(true);
    network.cut();
    const lastEventAtDrop = Number(
      (
        await db
          .selectFrom('liveEvent')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('restaurantId', '=', w.restaurantId)
          .executeTakeFirstOrThrow()
      ).id,
    );
    // the stream really broke: the page saw its error
    await expect.poll(() => screen.getByTestId('live-state').getAttribute('data-connected'), { timeout: 15_000 }).toBe('false');

    // two more guests order while the tablet is away (the soup goes to the kitchen)
    await guestOrders();
    await guestOrders();
    await publishOrders(db, databaseUrl, w.restaurantId);
    // the screen stays as it was while away (a read then would fail and put the error page on the wall)
    await screen.getByText('Se reconectează…').waitFor();
    await screen.getByRole('heading', { name: 'Bucătărie · Salon' }).waitFor();
    expect(await ticketNumbers(screen)).toContain(first);

    await screen.context().setOffline(false);
    await expect.poll(() => ticketNumbers(screen), { timeout: 30_000 }).toEqual([first, ...placed].sort((a, b) => a - b));
    await expect.poll(() => screen.getByTestId('live-state').getAttribute('data-connected')).toBe('true');
    // the stream was resumed by the browser's reconnect, from the id it had before the drop
    const resumed = reconnects.filter((request) => request.lastEventId !== undefined);
    expect(resumed.length).toBeGreaterThan(0);
    const lastEventId = Number(resumed.at(-1)!.lastEventId);
    expect(lastEventId).toBeGreaterThanOrEqual(bumpEvents[0]!);
    expect(lastEventId).toBeLessThanOrEqual(lastEventAtDrop);
    // no reload: the same page, and what was bumped before the drop is still off the screen
    expect(await screen.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    const firstText = await ticket(first).textContent();
    expect(firstText).toContain('2× Ciorbă de burtă');
    expect(firstText).not.toContain('Mici');
    for (const number of placed) expect(await ticket(number).textContent()).toContain('1× Ciorbă de burtă');
    expect(await screen.getByTestId('kitchen-all-day').textContent()).toContain('5 Ciorbă de burtă');
    expect(await screen.getByTestId('kitchen-all-day').textContent()).not.toContain('Mici');

    // a later event reads the screen again; still nothing doubled
    await ticket(placed[0]!)
      .getByRole('button', { name: `Bon gata #${placed[0]}` })
      .click();
    await toast(screen, `Bonul #${placed[0]} e gata.`);
    await expect.poll(() => ticketNumbers(screen)).toEqual([first, ...placed.slice(1)].sort((a, b) => a - b));
  });

  it("keeps its screen when a read is lost to the network (no error page), and the next event's read shows what it missed", async () => {
    db ??= openServerDatabase();
    const w = await kitchenRestaurant(db, baseUrl, 'bucatarie-citire');
    const staffCookie = await memberCookie(baseUrl, db, w.restaurantId, 'staff', 'Bucătar');
    const screen = await open(staffCookie, `${baseUrl}/${w.slug}/admin/kitchen?station=${w.kitchen.id}`, { width: 1280, height: 800 });
    await screen.getByRole('heading', { name: 'Bucătărie · Salon' }).waitFor();
    await expect.poll(() => screen.getByTestId('live-state').getAttribute('data-connected'), { timeout: 15_000 }).toBe('true');
    await screen.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const placed: number[] = [];
    const guestOrders = async () => {
      placed.push((await guestOrder(w)).number);
      await publishOrders(db, databaseUrl, w.restaurantId);
    };
    // the screen's read of the first order (at its event, at once) fails as a dropped Wi-Fi fails it; the stream stays
    const readLost = new Promise<void>((lost) =>
      screen.route(
        '**/admin/kitchen.data?**',
        async (route) => {
          await route.abort('internetdisconnected');
          lost();
        },
        { times: 1 },
      ),
    );
    await guestOrders();
    await readLost;
    // the same screen, not the error page: its heading, its live state and no ticket yet
    await screen.getByRole('heading', { name: 'Bucătărie · Salon' }).waitFor();
    expect(await screen.getByTestId('live-state').getAttribute('data-connected')).toBe('true');
    expect(await ticketNumbers(screen)).toEqual([]);
    // the next order's event reads the screen again: both tickets, once each
    await guestOrders();
    await expect.poll(() => ticketNumbers(screen), { timeout: 15_000 }).toEqual([...placed].sort((a, b) => a - b));
    expect(await screen.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  });

  it('the orders board keeps its screen when a whole read is lost to the network, and shows the order that read was for', async () => {
    db ??= openServerDatabase();
    const w = await kitchenRestaurant(db, baseUrl, 'board-citire');
    const staffCookie = await memberCookie(baseUrl, db, w.restaurantId, 'staff', 'Ospătar');
    const board = await open(staffCookie, `${baseUrl}/${w.slug}/admin/orders`, { width: 1280, height: 800 });
    await expect.poll(() => board.getByTestId('live-state').getAttribute('data-connected'), { timeout: 15_000 }).toBe('true');
    await board.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    // the order's row cannot be read (an answer that is not the rows), so the board reads its whole page, and that read is
    // lost as a dropped Wi-Fi loses it; the stream stays
    await board.route('**/admin/orders/rows?**', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }), { times: 1 });
    const readLost = new Promise<void>((lost) =>
      board.route(
        '**/admin/orders.data**',
        async (route) => {
          await route.abort('internetdisconnected');
          lost();
        },
        { times: 1 },
      ),
    );
    const order = await guestOrder(w);
    await publishOrders(db, databaseUrl, w.restaurantId);
    await readLost;
    // the same board, not the error page, and the order's row read again on top of it
    await expect.poll(() => board.locator(`[data-order-id="${order.id}"]`).count(), { timeout: 15_000 }).toBe(1);
    expect(await board.getByTestId('live-state').getAttribute('data-connected')).toBe('true');
    expect(await board.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  });

  it('the orders board does the same: nothing read while away (no error page), every order placed meanwhile once after', async () => {
    db ??= openServerDatabase();
    const w = await kitchenRestaurant(db, baseUrl, 'board-retea');
    const staffCookie = await memberCookie(baseUrl, db, w.restaurantId, 'staff', 'Ospătar');
    const network = await networkRelay(new URL(baseUrl));
    const board = await open(staffCookie, `${network.url}/${w.slug}/admin/orders`, { width: 1280, height: 800 });
    await expect.poll(() => board.getByTestId('live-state').getAttribute('data-connected'), { timeout: 15_000 }).toBe('true');
    await board.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const orderIds: string[] = [];
    const guestOrders = async () => {
      orderIds.push((await guestOrder(w)).id);
    };
    // one order as the network goes: its event reaches the board, and its read of the order's row is caught by the drop
    // (held until the network is gone, then failed as the browser fails it offline)
    let gone!: () => void;
    const networkGone = new Promise<void>((resolve) => (gone = resolve));
    const rowsAsked = new Promise<void>((asked) =>
      board.route(
        '**/admin/orders/rows?**',
        async (route) => {
          asked();
          await networkGone;
          await route.abort('internetdisconnected');
        },
        { times: 1 },
      ),
    );
    await guestOrders();
    await rowsAsked;
    await board.context().setOffline(true);
    network.cut();
    gone();
    await expect.poll(() => board.getByTestId('live-state').getAttribute('data-connected'), { timeout: 15_000 }).toBe('false');
    await guestOrders();
    await guestOrders();
    await publishOrders(db, databaseUrl, w.restaurantId);
    await board.getByText('Se reconectează…').waitFor();
    await board.context().setOffline(false);
    const rowsOf = () => board.locator('[data-order-id]').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.orderId!));
    await expect.poll(async () => (await rowsOf()).filter((id) => orderIds.includes(id)).sort(), { timeout: 30_000 }).toEqual([...orderIds].sort());
    await expect.poll(() => board.getByTestId('live-state').getAttribute('data-connected')).toBe('true');
    expect(await board.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  });
});
