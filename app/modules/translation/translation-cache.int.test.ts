import { afterEach, describe, expect, it } from 'vitest';
import { systemScope } from '#app/modules/access/system-scope.server.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import type { FakeTranslator, WireFormat } from '#tests/support/fake-translation.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test } from '#tests/support/test-context.ts';
import { createJobHandlers } from '#app/wiring/job-handlers.server.ts';
import { createTranslationProvider } from './providers.server.ts';
import type { TranslationProvider } from './provider.server.ts';
import { cacheKey, sweepTranslationCache, translateTexts } from './translation-cache.server.ts';

const DAY = 24 * 60 * 60 * 1000;
const QUOTA: Record<WireFormat, { status: number; body?: unknown }> = {
  deepl: { status: 456, body: { message: 'Quota exceeded' } },
  google: { status: 403, body: { error: { code: 403, errors: [{ reason: 'dailyLimitExceeded' }] } } },
  libretranslate: { status: 429, body: { error: 'Slowdown' } },
};
const LIMIT: Record<WireFormat, number> = { deepl: 50, google: 128, libretranslate: 25 };

async function errorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a failure');
}

describe.each<WireFormat>(['deepl', 'google', 'libretranslate'])(`translation through the cache with %s on ${testDialect}`, (format) => {
  let database: TestDatabase;
  let fake: FakeTranslator;
  let provider: TranslationProvider;
  const scope = () => systemScope(database.db, 'test');
  const cacheRows = () => database.db.selectFrom('translationCache').selectAll().execute();
  const now = new Date('2026-11-23T10:00:00.000Z');

  test.beforeAll(async ({ databases, translators }) => {
    // a database of its own for each provider
    database = await databases.create();
    fake = await translators.start(format);
    const made = createTranslationProvider({ TRANSLATION_PROVIDER: format, TRANSLATION_API_URL: fake.baseUrl, TRANSLATION_API_KEY: fake.apiKey, TRANSLATION_TIMEOUT_MS: 2000 });
    if (!made) throw new Error('no provider');
    provider = made;
  });
  afterEach(async () => {
    fake.calls.length = 0;
    fake.clearFailures();
    fake.delayMs = 0;
    await database.db.deleteFrom('translationCache').execute();
  });

  it('translates once; the same text again (any case, any spacing) is a cache hit with no call', async () => {
    const first = await translateTexts(scope(), provider, { texts: ['Ciorbă de burtă', ''], source: 'ro', target: 'de', terms: [], now });
    expect(first).toEqual(['de: CIORBĂ DE BURTĂ', '']);
    expect(fake.calls).toHaveLength(1);
    const again = await translateTexts(scope(), provider, { texts: ['  ciorbă   DE burtă '], source: 'ro', target: 'de', terms: [], now });
    expect(again).toEqual(['de: CIORBĂ DE BURTĂ']);
    expect(fake.calls).toHaveLength(1);
    expect((await cacheRows()).map((row) => row.key)).toEqual([cacheKey('Ciorbă de burtă', 'ro', 'de')]);
    // another target language is another entry
    await translateTexts(scope(), provider, { texts: ['Ciorbă de burtă'], source: 'ro', target: 'fr', terms: [], now });
    expect(fake.calls.map((call) => call.target.toLowerCase())).toEqual(['de', 'fr']);
  });

  it('counts an entry older than 30 days as missing, and the scheduled sweep deletes it', async () => {
    await translateTexts(scope(), provider, { texts: ['Mămăligă'], source: 'ro', target: 'de', terms: [], now });
    await translateTexts(scope(), provider, { texts: ['Mămăligă'], source: 'ro', target: 'de', terms: [], now: new Date(now.getTime() + 29 * DAY) });
    expect(fake.calls).toHaveLength(1);
    await translateTexts(scope(), provider, { texts: ['Papanași'], source: 'ro', target: 'de', terms: [], now: new Date(now.getTime() + 10 * DAY) });
    const later = new Date(now.getTime() + 31 * DAY);
    await translateTexts(scope(), provider, { texts: ['Mămăligă'], source: 'ro', target: 'de', terms: [], now: later });
    expect(fake.calls).toHaveLength(3);
    // refreshed: now dated `later`; the 10-day-old entry is 41 days old at +51 days
    expect(await sweepTranslationCache(scope(), new Date(now.getTime() + 45 * DAY))).toBe(1);
    expect((await cacheRows()).map((row) => row.key)).toEqual([cacheKey('Mămăligă', 'ro', 'de')]);
    // the sweep runs as the scheduled job type
    const handlers = createJobHandlers({ mailer: { send: async () => undefined } as never, storage: {} as never, retentionDays: 7 });
    await handlers['translation.sweep']({}, { scope: scope(), now: new Date(now.getTime() + 62 * DAY) } as never);
    expect(await cacheRows()).toEqual([]);
  });

  it(`splits batches at the provider's limit (${LIMIT[format]} texts) and asks once per distinct text`, async () => {
    const texts = Array.from({ length: LIMIT[format] + 5 }, (_, i) => `Preparatul ${i}`);
    const result = await translateTexts(scope(), provider, { texts: [...texts, texts[0] ?? ''], source: 'ro', target: 'de', terms: [], now });
    expect(fake.calls.map((call) => call.texts.length)).toEqual([LIMIT[format], 5]);
    expect(result[0]).toBe('de: PREPARATUL 0');
    expect(result.at(-1)).toBe('de: PREPARATUL 0');
    expect(result.at(-2)).toBe(`de: PREPARATUL ${LIMIT[format] + 4}`);
  });

  it('keeps do-not-translate terms as written, and escapes markup characters', async () => {
    const [dish, plate] = await translateTexts(scope(), provider, {
      texts: ['Mici cu muștar & pâine', 'Platou <mare> cu SARMALE și micii'],
      source: 'ro',
      target: 'de',
      terms: ['mici', 'sarmale'],
      now,
    });
    expect(dish).toBe('de: Mici CU MUȘTAR & PÂINE');
    // whole words only: "micii" is not the term
    expect(plate).toBe('de: PLATOU <MARE> CU SARMALE ȘI MICII');
  });

  it('turns a refused key into translation-auth and saves nothing', async () => {
    const wrong = createTranslationProvider({ TRANSLATION_PROVIDER: format, TRANSLATION_API_URL: fake.baseUrl, TRANSLATION_API_KEY: 'wrong', TRANSLATION_TIMEOUT_MS: 2000 });
    if (!wrong) throw new Error('no provider');
    expect(await errorOf(translateTexts(scope(), wrong, { texts: ['Ciorbă'], source: 'ro', target: 'de', terms: [], now }))).toBe('translation-auth');
    expect(await cacheRows()).toEqual([]);
  });

  it('turns an exhausted quota into translation-quota and saves nothing of the failed batch', async () => {
    fake.failNext(QUOTA[format].status, { body: QUOTA[format].body });
    expect(await errorOf(translateTexts(scope(), provider, { texts: ['Ciorbă'], source: 'ro', target: 'de', terms: [], now }))).toBe('translation-quota');
    expect(await cacheRows()).toEqual([]);
  });

  it('gives up after the timeout with translation-unavailable', async () => {
    const slow = createTranslationProvider({ TRANSLATION_PROVIDER: format, TRANSLATION_API_URL: fake.baseUrl, TRANSLATION_API_KEY: fake.apiKey, TRANSLATION_TIMEOUT_MS: 500 });
    if (!slow) throw new Error('no provider');
    fake.delayMs = 1500;
    expect(await errorOf(translateTexts(scope(), slow, { texts: ['Ciorbă'], source: 'ro', target: 'de', terms: [], now }))).toBe('translation-unavailable');
    expect(await cacheRows()).toEqual([]);
  });
});

describe.each<WireFormat>(['deepl', 'google', 'libretranslate'])(`a misbehaving %s provider on ${testDialect} (issue 23)`, (format) => {
  let database: TestDatabase;
  let fake: FakeTranslator;
  let provider: TranslationProvider;
  const scope = () => systemScope(database.db, 'test');
  const cached = async () =>
    (await database.db.selectFrom('translationCache').select('translations').execute()).map((row) => JSON.parse(row.translations) as Record<string, string>);
  const now = new Date('2026-11-23T10:00:00.000Z');
  const translate = (texts: string[]) => translateTexts(scope(), provider, { texts, source: 'ro', target: 'de', terms: ['mici'], now });

  test.beforeAll(async ({ databases, translators }) => {
    // a database of its own for each provider
    database = await databases.create();
    fake = await translators.start(format);
    provider = createTranslationProvider({ TRANSLATION_PROVIDER: format, TRANSLATION_API_URL: fake.baseUrl, TRANSLATION_API_KEY: fake.apiKey, TRANSLATION_TIMEOUT_MS: 2000 })!;
  });
  afterEach(async () => {
    fake.clearFailures();
    await database.db.deleteFrom('translationCache').execute();
  });

  it('keeps only the text of an answer carrying HTML or a script, and caches that text', async () => {
    fake.transform = (text) => `<b>${text}</b><script>alert(1)</script><img src=x onerror="alert(2)">`;
    const [dish, plate] = await translate(['Mici cu muștar', 'Platou <mare> & pâine']);
    expect(dish).toBe('de: Mici CU MUȘTAR');
    // the owner's own `<` and `&` stay text
    expect(plate).toBe('de: PLATOU <MARE> & PÂINE');
    expect(JSON.stringify(await cached())).not.toMatch(/script|onerror|<b>|<img/);
  });

  it('refuses an answer that is empty, only markup, or a whole page, and caches nothing of its batch', async () => {
    for (const transform of [() => '', () => '<script>alert(1)</script>', () => '\u202e', (text: string) => text.repeat(300)]) {
      fake.transform = transform;
      expect(await errorOf(translate(['Ciorbă de burtă', 'Papanași']))).toBe('translation-unavailable');
      expect(await cached()).toEqual([]);
    }
    // invisible bidi overrides and control characters never reach the text
    fake.transform = (text) => `\u202e${text}\u0007`;
    expect(await translate(['Ciorbă'])).toEqual(['de: CIORBĂ']);
  });

  it('turns an error status, an HTML error page and a timeout into translation-unavailable, with nothing cached', async () => {
    fake.failNext(500, { count: 1 });
    expect(await errorOf(translate(['Ciorbă']))).toBe('translation-unavailable');
    fake.rawNext(200, '<!DOCTYPE html><html><body><h1>Sign in to the Wi-Fi</h1><script>alert(1)</script></body></html>');
    expect(await errorOf(translate(['Ciorbă']))).toBe('translation-unavailable');
    fake.rawNext(502, '<html><body>Bad gateway</body></html>');
    expect(await errorOf(translate(['Ciorbă']))).toBe('translation-unavailable');
    expect(await cached()).toEqual([]);
    // and works again once the provider does
    expect(await translate(['Ciorbă'])).toEqual(['de: CIORBĂ']);
  });
});

describe('provider configuration', () => {
  it('is none on a fresh clone, and LibreTranslate needs its address', () => {
    expect(createTranslationProvider({ TRANSLATION_TIMEOUT_MS: 1000 })).toBeNull();
    expect(createTranslationProvider({ TRANSLATION_PROVIDER: 'libretranslate', TRANSLATION_TIMEOUT_MS: 1000 })).toBeNull();
    expect(createTranslationProvider({ TRANSLATION_PROVIDER: 'deepl', TRANSLATION_API_KEY: 'k:fx', TRANSLATION_TIMEOUT_MS: 1000 })?.name).toBe('deepl');
  });
});
