import { describe, expect, it } from 'vitest';
import { AppError } from '#app/modules/errors/app-error.ts';
import { MAX_UPLOAD_BYTES } from './image.schema.ts';
import { MULTIPART_OVERHEAD_BYTES, readImageUploadForm } from './image-upload-request.server.ts';

const boundary = 'bucate-test-boundary';
const url = 'http://localhost/la-mama/admin/images';

function fieldPart(name: string, value: string): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}

function filePartHead(filename: string): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`;
}

const closing = `\r\n--${boundary}--\r\n`;

/**
 * A request whose body is produced on demand, 64 KiB at a time, counting what the server pulled:
 * `fileBytes` of file content between the kind field and the closing boundary.
 */
function streamedUpload(fileBytes: number, headers: Record<string, string> = {}) {
  const encoder = new TextEncoder();
  const head = encoder.encode(fieldPart('kind', 'product') + filePartHead('mare.jpg'));
  const tail = encoder.encode(closing);
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  const pulled = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        let next: Uint8Array;
        if (sent === 0) next = head;
        else if (sent - head.length < fileBytes) next = chunk.subarray(0, Math.min(chunk.length, fileBytes - (sent - head.length)));
        else if (sent - head.length === fileBytes) next = tail;
        else return controller.close();
        sent += next.length;
        pulled.bytes += next.length;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  ); // nothing is produced before the server asks for it
  const request = new Request(url, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled };
}

function upload(parts: string, contentType = `multipart/form-data; boundary=${boundary}`): Request {
  return new Request(url, { method: 'POST', headers: { 'content-type': contentType }, body: parts + `--${boundary}--\r\n` });
}

async function refusal(request: Request): Promise<AppError> {
  const error = await readImageUploadForm(request).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('readImageUploadForm', () => {
  it('reads the kind, the file’s bytes and its name', async () => {
    const body = Buffer.concat([Buffer.from(fieldPart('kind', 'cover') + filePartHead('terasă.jpg')), Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(closing)]);
    const request = new Request(url, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
    const form = await readImageUploadForm(request);
    expect(form.kind).toBe('cover');
    expect(form.name).toBe('terasă.jpg');
    expect(form.file).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const { request, pulled } = streamedUpload(30 * 1024 * 1024, { 'content-length': String(30 * 1024 * 1024) });
    const error = await refusal(request);
    expect(error.code).toBe('image-too-large');
    expect(error.params).toEqual({ sizeMb: 30, maxMb: 15 });
    expect(pulled.bytes).toBe(0);
  });

  it('stops reading a body that is bigger than its Content-Length said, soon after the limit', async () => {
    const { request, pulled } = streamedUpload(40 * 1024 * 1024, { 'content-length': '1000' });
    expect((await refusal(request)).code).toBe('image-too-large');
    expect(pulled.bytes).toBeLessThan(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES + 256 * 1024);
  });

  it('stops reading a body sent without a Content-Length, soon after the limit', async () => {
    const { request, pulled } = streamedUpload(40 * 1024 * 1024);
    const error = await refusal(request);
    expect(error.code).toBe('image-too-large');
    expect(Number(error.params.sizeMb)).toBeGreaterThan(15);
    expect(pulled.bytes).toBeLessThan(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES + 256 * 1024);
  });

  it('accepts a file of exactly the limit', async () => {
    const { request } = streamedUpload(MAX_UPLOAD_BYTES);
    const form = await readImageUploadForm(request);
    expect(form.file.length).toBe(MAX_UPLOAD_BYTES);
  });

  it('refuses a form without a file, with an empty file, or not multipart', async () => {
    expect((await refusal(upload(fieldPart('kind', 'logo')))).code).toBe('image-missing');
    expect((await refusal(upload(fieldPart('kind', 'logo') + filePartHead('gol.jpg') + '\r\n'))).code).toBe('image-missing');
    const urlEncoded = new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'kind=logo&file=x' });
    expect((await refusal(urlEncoded)).code).toBe('image-missing');
  });

  it('refuses an unknown kind, two files and a malformed body as invalid input', async () => {
    expect((await refusal(upload(fieldPart('kind', 'avatar') + filePartHead('a.jpg') + 'x\r\n'))).code).toBe('invalid-input');
    expect((await refusal(upload(fieldPart('kind', 'logo') + filePartHead('a.jpg') + 'x\r\n' + filePartHead('b.jpg') + 'y\r\n'))).code).toBe('invalid-input');
    expect((await refusal(upload('not a multipart body at all'))).code).toBe('invalid-input');
  });
});
