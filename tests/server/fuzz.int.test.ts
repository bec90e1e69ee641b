import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCategory, buildLocation, buildProduct, newId } from '#tests/factories/builders.ts';
import { buildOrder, buildOrderingSettings } from '#tests/factories/orders.ts';
import { startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts';
import { routeUrlPatterns } from '#tests/support/route-table.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';

/**
 * Acceptance of the "Hardening" issue: random bodies, content types, bytes and form fields posted
 * to every path of app/routes.ts, signed out and signed in as an owner, with a same-origin Origin,
 * against the built server on a fresh database. Never a 5xx; and a refused request (4xx) changes
 * no row: the row counts of the tenant tables and the owner's restaurant row stay as they were.
 * Bounded (a fixed number of runs, a fixed seed: FUZZ_SEED=... to try another, FUZZ_RUNS=... for more).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

let database: TestDatabase;
let server: BuiltServer;
let owner: { cookie: string; slug: string; restaurantId: string };
/** the owner's location, category, product and a received order (issue 25) */
const ids = [newId(), newId(), newId(), newId()] as const;

let patterns: string[] = [];

test.beforeAll(async ({ database: fileDatabase }) => {
  database = fileDatabase;
  server = await startBuiltServer({ ...database.location, env: { WORKER: 'off' } });
  patterns = await routeUrlPatterns();
  // an owner registered through the real form, with a menu to aim at
  const response = await fetch(`${server.baseUrl}/login?register=true`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
    body: new URLSearchParams({ intent: 'register', restaurantName: 'Fuzz Bistro', email: 'fuzz-owner@example.com', password: 'parola-buna-1' }),
  });
  expect(response.status).toBe(302);
  const slug = response.headers.get('location')!.split('/')[1]!;
  const restaurant = await database.db.selectFrom('restaurant').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  owner = {
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    slug,
    restaurantId: restaurant.id,
  };
  const location = buildLocation(restaurant.id, { id: ids[0] });
  const category = buildCategory(restaurant.id, location.id, { id: ids[1] });
  const product = buildProduct(restaurant.id, category.id, { id: ids[2] });
  await database.db.insertInto('location').values(location).execute();
  await database.db.insertInto('category').values(category).execute();
  await database.db.insertInto('product').values(product).execute();
  // reservations on at the owner's location (issue 25): its form and the staff's list are fuzzed too
  await database.db
    .insertInto('orderingSettings')
    .values(buildOrderingSettings(restaurant.id, location.id, { ordersEnabled: 0, reservationsEnabled: 1 }))
    .execute();
  const { order, lines } = buildOrder({ restaurantId: restaurant.id, locationId: location.id, table: null }, 1);
  await database.db
    .insertInto('guestOrder')
    .values({ ...order, id: ids[3] })
    .execute();
  await database.db
    .insertInto('guestOrderLine')
    .values(lines.map((line) => ({ ...line, orderId: ids[3] })))
    .execute();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** What a refused request must leave alone. */
async function snapshot(): Promise<unknown> {
  const tables = ['restaurant', 'location', 'category', 'product', 'contactMessage', 'storedImage', 'guestOrder', 'reservation', 'liveEvent'] as const;
  const counts = await Promise.all(tables.map(async (table) => [table, (await database.db.selectFrom(table).select('id').execute()).length] as const));
  const restaurant = await database.db.selectFrom('restaurant').selectAll().where('id', '=', owner.restaurantId).executeTakeFirst();
  const order = await database.db.selectFrom('guestOrder').selectAll().where('id', '=', ids[3]).executeTakeFirst();
  const blocks = (await database.db.selectFrom('tableBlock').select('tableId').execute()).length;
  const ordering = await database.db.selectFrom('orderingSettings').selectAll().execute();
  return { counts: Object.fromEntries(counts), restaurant, order, blocks, ordering };
}

// ---- generators ----

const nasty = [
  '\u0000',
  '\u202e',
  '\u2066',
  '\u200f',
  '\ud800',
  '\udfff',
  '\ufeff',
  '\r\n',
  '%',
  '%zz',
  '%00',
  '%ED%A0%80',
  '%FF',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "'; DROP TABLE restaurant; --",
  '-1',
  '1e309',
  'NaN',
  '9007199254740993',
  'true',
  '',
  ' ',
];
const fieldNames = [
  'intent',
  'id',
  'value',
  'direction',
  'order',
  'parentId',
  'locationId',
  'categoryId',
  'imageId',
  'logoId',
  'coverId',
  'nameRo',
  'nameEn',
  'address',
  'descriptionRo',
  'descriptionEn',
  'ingredientsRo',
  'ingredientsEn',
  'price',
  'weightUnit',
  'available',
  'visible',
  'email',
  'password',
  'name',
  'message',
  'restaurantName',
  'redirectTo',
  'redirect',
  'token',
  'locale',
  'kind',
  'file',
  'slug',
  'phone',
  'website',
  'accentColor',
  'currency',
  'timeZone',
  'frozen',
  'jobId',
  'userId',
  'restaurantId',
  // a guest's order (decision 0032): "Adaugă" and the cart page's form
  'p',
  'via',
  'total',
  'table',
  'pickupTime',
  'note-0',
  'note-1',
  // a guest's reservation and the staff's list (issue 25)
  'date',
  'time',
  'partySize',
  'note',
  'idempotencyKey',
  'version',
  'reason',
  // the orders board (issue 25)
  'orderId',
  'status',
  'minutes',
  'blockTable',
  'locationName',
  // the ordering settings form (issue 25)
  'ordersEnabled',
  'dineIn',
  'pickup',
  'reservationsEnabled',
  'slotMinutes',
  'maxPartySize',
  'leadMinutes',
  'daysAhead',
  'capacityPerSlot',
  'autoAccept',
  'guestNoteRo',
  'guestNoteEn',
];
const intents = [
  'create-location',
  'update-location',
  'delete-location',
  'set-location-visible',
  'move-location',
  'reorder-locations',
  'create-category',
  'update-category',
  'delete-category',
  'set-category-visible',
  'move-category',
  'reorder-categories',
  'delete-product',
  'set-product-visible',
  'set-product-available',
  'move-product',
  'reorder-products',
  'register',
  'magic-link',
  'reset-request',
  'google',
  'grant-pro',
  'remove-pro',
  'disable',
  'send',
  'save',
  'inc:0',
  'dec:0',
  'remove:0',
  'inc:999',
  'accept',
  'decline',
  'cancel',
  'no-show',
  'ready',
  'served',
  'pause',
  'resume',
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...nasty) },
  { weight: 2, arbitrary: fc.constantFrom(...intents) },
  { weight: 2, arbitrary: fc.constantFrom(...ids) },
  { weight: 1, arbitrary: fc.nat(3_000).map((n) => 'ă'.repeat(n)) },
);
const value = fc.array(text, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));
const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fieldNames) }, { weight: 1, arbitrary: value });
const fields = fc
  .tuple(fc.option(fc.constantFrom(...intents), { nil: undefined }), fc.array(fc.tuple(fieldName, value), { maxLength: 12 }))
  .map(([intent, rest]) => (intent ? [['intent', intent] as [string, string], ...rest] : rest));

/** Percent-encodes, except where the generator put raw escapes and bad bytes on purpose. */
const urlencoded = fc
  .tuple(fields, fc.boolean())
  .map(([pairs, raw]) =>
    pairs.map(([k, v]) => (raw ? `${k}=${v}` : `${encodeURIComponent(k.replace(/[\ud800-\udfff]/g, ''))}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}`)).join('&'),
  );

const boundary = fc.oneof(fc.constantFrom('x', '----fuzz', '', '"q"', 'a'.repeat(80), 'b'.repeat(200), '--', 'é'), fc.string({ unit: 'binary-ascii', maxLength: 30 }));
const multipart = fc
  .record({
    pairs: fields,
    declared: boundary,
    used: fc.option(boundary, { nil: undefined }),
    file: fc.option(fc.uint8Array({ maxLength: 2048 }), { nil: undefined }),
    filename: value,
    cut: fc.option(fc.nat(), { nil: undefined }),
    close: fc.boolean(),
  })
  .map(({ pairs, declared, used, file, filename, cut, close }) => {
    const b = used ?? declared;
    const chunks: Buffer[] = pairs.map(([k, v]) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    if (file)
      chunks.push(
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`),
        Buffer.from(file),
        Buffer.from('\r\n'),
      );
    if (close) chunks.push(Buffer.from(`--${b}--\r\n`));
    const body = Buffer.concat(chunks);
    return { type: `multipart/form-data; boundary=${declared}`, body: cut === undefined ? body : body.subarray(0, cut % (body.length + 1)) };
  });

const jsonBody = fc.oneof(
  fields.map((pairs) => JSON.stringify(Object.fromEntries(pairs))),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.constantFrom('{', '{"a":', 'null', '[]', '"\\ud800"', '{"__proto__":{"admin":true}}'),
);

// mostly forms, so that most requests reach an action; very long values are a case of their own
// (one in them makes the whole body pass the form limit, a 413 before any action)
const body = fc.oneof(
  { weight: 6, arbitrary: urlencoded.map((b) => ({ type: 'application/x-www-form-urlencoded' as string | undefined, body: b as string | Buffer })) },
  { weight: 4, arbitrary: multipart.map((m) => ({ type: m.type as string | undefined, body: m.body as string | Buffer })) },
  fc.tuple(fields, fc.constantFrom(20_000, 100_000, 300_000)).map(([pairs, n]) => ({
    type: 'application/x-www-form-urlencoded' as string | undefined,
    body: new URLSearchParams([...pairs.map(([k, v]) => [k.replace(/[\ud800-\udfff]/g, ''), v.replace(/[\ud800-\udfff]/g, '')]), ['nameRo', 'x'.repeat(n)]]).toString() as
      | string
      | Buffer,
  })),
  jsonBody.map((b) => ({ type: 'application/json' as string | undefined, body: b as string | Buffer })),
  value.map((b) => ({ type: 'text/plain;charset=UTF-8' as string | undefined, body: b as string | Buffer })),
  fc
    .tuple(urlencoded, fc.uint8Array({ maxLength: 64 }))
    .map(([b, bytes]) => ({ type: undefined as string | undefined, body: Buffer.concat([Buffer.from(b), Buffer.from(bytes)]) as string | Buffer })),
  fc.record({
    type: fc.constantFrom('application/octet-stream', 'multipart/mixed', 'application/x-www-form-urlencoded; charset=latin1', 'multipart/form-data', 'image/jpeg', 'text/html'),
    body: fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.from(b) as string | Buffer),
  }),
);

/** A path of the table with its parameters filled: the owner's slug, a real id, or something random. */
function pathArbitrary(): fc.Arbitrary<string> {
  return fc
    .record({
      pattern: fc.constantFrom(...patterns),
      own: fc.boolean(),
      id: fc.oneof(fc.constantFrom(...ids), fc.constantFrom('x', '%00', 'ă', '..')),
      format: fc.constantFrom('png', 'svg', 'pdf', 'x'),
    })
    .map(({ pattern, own, id, format }) =>
      pattern
        .replace(/:restaurantSlug|:slug/g, own ? owner.slug : 'bistro')
        .replace(':format', format)
        .replace(/:[A-Za-z]+/g, id)
        .replace(/\*/g, 'x'),
    );
}

/**
 * One POST through node:http, which sends any header value HTTP allows (fetch refuses some
 * content types a client could still send); characters HTTP does not allow become '?'.
 */
function send(path: string, signedIn: boolean, request: { type: string | undefined; body: string | Buffer }): Promise<number> {
  const headers: Record<string, string> = { origin: server.baseUrl };
  if (request.type !== undefined) headers['content-type'] = request.type.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
  if (signedIn) headers.cookie = owner.cookie;
  const payload = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
  headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.baseUrl}${path}`, { method: 'POST', headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    // a server that answers before reading the whole body (413, 415) may close the socket first
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    // a request the server never answers is a failure too (it would hold a connection forever)
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer within 10 s to POST ${path}`)));
    req.end(payload);
  });
}

describe(`fuzzing every action on ${testDialect}`, () => {
  for (const signedIn of [false, true]) {
    it(`${signedIn ? 'signed in as an owner' : 'signed out'}: never a 5xx, and nothing refused changes a row`, async () => {
      await fc.assert(
        fc.asyncProperty(
          // signing out would end the owner's leg early: /logout is fuzzed signed out
          pathArbitrary().filter((path) => !(signedIn && path === '/logout')),
          body,
          async (path, request) => {
            const before = await snapshot();
            const status = await send(path, signedIn, request);
            expect(status, `POST ${path} (${request.type ?? 'no type'})`).toBeLessThan(500);
            if (status >= 400) expect(await snapshot(), `refused ${status}: POST ${path}`).toEqual(before);
          },
        ),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      // the session survived the whole run (else the signed-in leg fuzzed little)
      if (signedIn) expect((await fetch(`${server.baseUrl}/${owner.slug}/admin`, { headers: { cookie: owner.cookie }, redirect: 'manual' })).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    }, 60_000);
  }
});
