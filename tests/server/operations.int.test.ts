import { afterAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';

/** The operator's endpoints: /metrics behind METRICS_TOKEN, /readyz, /healthz. */
let database: TestDatabase;
let server: BuiltServer;
let serverWithoutToken: BuiltServer;
const token = 'metrics-token-for-tests-0123456789';

test.beforeAll(async ({ database: fileDatabase }) => {
  database = fileDatabase;
  server = await startBuiltServer({ ...database.location, env: { METRICS_TOKEN: token } });
  serverWithoutToken = await startBuiltServer(database.location);
});
afterAll(async () => {
  await server?.stop();
  await serverWithoutToken?.stop();
});

describe('/metrics', () => {
  it('does not exist without METRICS_TOKEN, and refuses a wrong token', async () => {
    expect((await fetch(`${serverWithoutToken.baseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it('reports request durations by route pattern, menu cache results and the process', async () => {
    // each body read to the end: a duration is recorded when the response finishes, not when its headers arrive
    await (await fetch(`${server.baseUrl}/bistro/admin/products/secret-product-id`, { redirect: 'manual' })).text();
    await (await fetch(`${server.baseUrl}/login`)).text();
    await (await fetch(`${server.baseUrl}/no-such-menu`)).text();
    await (await fetch(`${server.baseUrl}/metrics`)).text();
    const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/:restaurantSlug\/admin\/products\/:productId",status="\d+"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/login",status="200"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/:slug",status="302"\} 1/); // → /not-found
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/not-found",status="404"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/metrics",status="401"\} 3/);
    expect(text).not.toContain('secret-product-id');
    expect(text).toContain('menu_cache_requests_total');
    // the cache's memory against its budget (MENU_CACHE_MAX_MB, 64 by default)
    expect(text).toMatch(/menu_cache_bytes\{kind="used"\} \d+/);
    expect(text).toContain(`menu_cache_bytes{kind="max"} ${64 * 1024 * 1024}`);
    expect(text).toMatch(/menu_cache_entries \d+/);
    expect(text).toContain('process_resident_memory_bytes');
    if (testDialect === 'postgres') expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
  });
});

describe('/readyz and /healthz', () => {
  it('say ready when the database answers, the schema is current and storage is writable', async () => {
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  });
});
