import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '#app/env.server.ts';
import { createLocalDiskStorage } from '#app/modules/image/storage.server.ts';
import { buildRestaurant } from '#tests/factories/builders.ts';
import { testDialect, type TestDatabase } from '#tests/support/test-database.ts';
import { test, type ActorScopes } from '#tests/support/test-context.ts';
import { QR_DOWNLOAD_FORMATS } from './qr-downloads.ts';
import { getQrData, getQrPage, qrLinkOrigin, readOwnLogo, renderQrDownload } from './qr.service.server.ts';

describe(`the QR code service on ${testDialect}`, () => {
  let database: TestDatabase;
  let scopes: ActorScopes;
  const root = mkdtempSync(join(tmpdir(), 'bucate-qr-'));
  const storage = createLocalDiskStorage(join(root, 'uploads'));
  const ours = buildRestaurant({ name: 'Bistro „La Bunică”', slug: 'la-bunica', shortCode: 'Bun1cA_x' });
  const theirs = buildRestaurant({ name: 'Casa Vecină', slug: 'casa-vecina', shortCode: 'V3cina-y', logoKey: 'ext:https://cdn.example/logo.jpg' });
  const options = { origin: 'https://bucate.example', locale: 'ro' as const };

  test.beforeAll(async ({ database: fileDatabase, scopes: fileScopes }) => {
    database = fileDatabase;
    scopes = fileScopes;
    const logo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#b23a2e' } })
      .png()
      .toBuffer();
    await storage.put(`restaurants/${ours.id}/logo.png`, logo, 'image/png');
    ours.logoKey = `restaurants/${ours.id}/logo.png`;
    await database.db.insertInto('restaurant').values([ours, theirs]).execute();
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });
  afterEach(() => vi.restoreAllMocks());

  it('returns only the given restaurant’s name, slug, short code and logo', async () => {
    expect(await getQrData(scopes.owner(ours.id))).toEqual({ name: 'Bistro „La Bunică”', slug: 'la-bunica', shortCode: 'Bun1cA_x', logoUrl: `/uploads/${ours.logoKey}` });
    expect(await getQrData(scopes.owner(theirs.id))).toEqual({ name: 'Casa Vecină', slug: 'casa-vecina', shortCode: 'V3cina-y', logoUrl: 'https://cdn.example/logo.jpg' });
  });

  it('refuses an unknown restaurant with not-found', async () => {
    await expect(getQrData(scopes.owner('no-such-id'))).rejects.toMatchObject({ name: 'AppError', code: 'not-found', status: 404 });
  });

  it('gives the page the short link and a titled SVG of it', async () => {
    const page = await getQrPage(scopes.owner(ours.id), options);
    expect(page).toMatchObject({ slug: 'la-bunica', shortUrl: 'https://bucate.example/m/Bun1cA_x', pngSizePx: 2000 });
    expect(page.svg).toContain('<title>Cod QR care deschide meniul restaurantului Bistro „La Bunică”: https://bucate.example/m/Bun1cA_x</title>');
  });

  it('reads a logo this storage holds, and never fetches an external one', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    expect((await readOwnLogo(storage, ours.logoKey ?? null))?.subarray(1, 4).toString()).toBe('PNG');
    expect(await readOwnLogo(storage, theirs.logoKey ?? null)).toBeUndefined();
    expect(await readOwnLogo(storage, null)).toBeUndefined();
    expect(await readOwnLogo(storage, 'restaurants/gone/logo.jpg')).toBeUndefined();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('serves every download with its type and a file name from the slug', async () => {
    const expected = {
      'qr.svg': ['image/svg+xml; charset=utf-8', '<?xml'],
      'qr.png': ['image/png', '\u0089PNG'],
      'card-a6.pdf': ['application/pdf', '%PDF-'],
      'card-a4.pdf': ['application/pdf', '%PDF-'],
    } as const;
    for (const format of QR_DOWNLOAD_FORMATS) {
      const file = await renderQrDownload(scopes.owner(ours.id), storage, format, options);
      expect(file.contentType, format).toBe(expected[format][0]);
      expect(file.filename, format).toBe(`la-bunica-${format}`);
      expect(file.body.subarray(0, expected[format][1].length).toString('latin1'), format).toBe(expected[format][1]);
    }
  });

  it('puts our own logo on the card, and leaves an external one out without fetching it', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const ourCard = await renderQrDownload(scopes.owner(ours.id), storage, 'card-a6.pdf', options);
    expect(ourCard.body.toString('latin1')).toMatch(/\/Subtype \/Image[\s\S]*?\/Filter \/DCTDecode/);
    const theirCard = await renderQrDownload(scopes.owner(theirs.id), storage, 'card-a6.pdf', options);
    expect(theirCard.body.toString('latin1')).not.toContain('/Subtype /Image');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('still makes the card when the stored logo cannot be decoded', async () => {
    await storage.put('restaurants/broken/logo.jpg', Buffer.from('not an image'), 'image/jpeg');
    const broken = buildRestaurant({ logoKey: 'restaurants/broken/logo.jpg' });
    await database.db.insertInto('restaurant').values(broken).execute();
    const card = await renderQrDownload(scopes.owner(broken.id), storage, 'card-a6.pdf', options);
    expect(card.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(card.body.toString('latin1')).not.toContain('/Subtype /Image');
  });
});

describe('qrLinkOrigin', () => {
  it('is the configured public URL', () => {
    expect(qrLinkOrigin(parseEnv({ PUBLIC_URL: 'https://bucate.example/' }))).toBe('https://bucate.example');
  });

  it('is never the host the admin was opened at: without PUBLIC_URL, the default public address', () => {
    expect(qrLinkOrigin(parseEnv({ PORT: '3000' }))).toBe('http://localhost:3000');
  });
});
