import { describe, expect, it } from 'vitest';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { MAX_IMPORT_BYTES } from './import-read.server.ts';
import { readImportForm } from './import-request.server.ts';

const url = 'http://localhost/r/admin/import/file';

async function codeOf(request: Request): Promise<string> {
  try {
    await readImportForm(request);
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('the import form', () => {
  it('reads a preview with its file, location and mapping, and a commit with its rows', async () => {
    const preview = new FormData();
    preview.set('intent', 'preview');
    preview.set('file', new File(['Denumire;Preț\nSarmale;30'], 'meniu.csv'));
    preview.set('locationId', 'loc-1');
    preview.set('mapping', '{"nameRo":0}');
    const read = await readImportForm(new Request(url, { method: 'POST', body: preview }));
    expect(read).toMatchObject({ intent: 'preview', locationId: 'loc-1', mapping: { nameRo: 0 }, file: { name: 'meniu.csv' } });

    const commit = new FormData();
    commit.set('intent', 'commit');
    commit.set('locationId', 'loc-1');
    commit.set('rows', new Blob([JSON.stringify([{ nameRo: 'Sarmale', price: '30' }])]), 'rows.json');
    expect(await readImportForm(new Request(url, { method: 'POST', body: commit }))).toEqual({ intent: 'commit', locationId: 'loc-1', rows: [{ nameRo: 'Sarmale', price: '30' }] });
  });

  it('refuses a file over the cap, declared or not, before holding it, and anything but multipart', async () => {
    const multipart = async (bytes: number) => {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(bytes)], 'mare.csv'));
      const encoded = new Response(form);
      return { contentType: encoded.headers.get('content-type') ?? '', body: await encoded.arrayBuffer() };
    };
    // declared: refused unread
    const declared = await multipart(MAX_IMPORT_BYTES + 100_000);
    expect(
      await codeOf(
        new Request(url, { method: 'POST', body: declared.body, headers: { 'content-type': declared.contentType, 'content-length': String(declared.body.byteLength) } }),
      ),
    ).toBe('import-too-large');
    // streamed without a length: the parser stops at the cap
    const { body, contentType } = await multipart(MAX_IMPORT_BYTES + 1);
    const stream = new Blob([body]).stream();
    expect(await codeOf(new Request(url, { method: 'POST', body: stream, headers: { 'content-type': contentType }, duplex: 'half' } as RequestInit))).toBe('import-too-large');
    expect(await codeOf(new Request(url, { method: 'POST', body: 'file=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }))).toBe('import-missing');
    const empty = new FormData();
    empty.set('intent', 'preview');
    expect(await codeOf(new Request(url, { method: 'POST', body: empty }))).toBe('import-missing');
    const badRows = new FormData();
    badRows.set('intent', 'commit');
    badRows.set('locationId', 'loc-1');
    badRows.set('rows', new Blob(['not json']), 'rows.json');
    expect(await codeOf(new Request(url, { method: 'POST', body: badRows }))).toBe('invalid-input');
  });
});
