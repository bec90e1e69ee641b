import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Image files for the upload tests, made with real sharp (or, for the impossible ones, byte by
 * byte), small enough to make in milliseconds.
 */

/** A landscape "photo" of the given size: a colour per quarter, so scaling and rotation show. */
export async function photoJpeg(width: number, height: number): Promise<Buffer> {
  const half = { width: Math.floor(width / 2), height: Math.floor(height / 2) };
  return sharp({ create: { width, height, channels: 3, background: '#2f6fb5' } })
    .composite([
      { input: { create: { ...half, channels: 3, background: '#c0392b' } }, left: 0, top: 0 },
      { input: { create: { ...half, channels: 3, background: '#27ae60' } }, left: width - half.width, top: height - half.height },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A JPEG with noisy content, so that cutting it leaves real entropy-coded data unfinished. */
export async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** One PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A PNG whose header says width × height (RGB, 8 bits) with a token of pixel data: a decoder
 * that trusted it would allocate width × height × 3 bytes, while the file is under 100 bytes.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ISO-BMFF file that says it is HEIC (HEVC), which this build of libvips cannot decode. */
export function heicHeader(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1')]);
  return Buffer.concat([ftyp, Buffer.alloc(200)]);
}

export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">' +
    '<script>fetch("/account/export")</script><rect width="640" height="480" fill="red"/></svg>',
);

/** The quantisation tables (DQT segments) of a JPEG: they follow from the quality it was saved at. */
export function jpegQuantTables(jpeg: Buffer): Buffer {
  const tables: Buffer[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1];
    if (marker === 0xda) break; // start of scan: no more tables before the image data
    const length = jpeg.readUInt16BE(at + 2);
    if (marker === 0xdb) tables.push(jpeg.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  return Buffer.concat(tables);
}

/** Whether raw EXIF data has a GPS IFD pointer (tag 0x8825) in either byte order. */
export function exifHasGps(exif: Buffer): boolean {
  const littleEndian = exif.includes(Buffer.from('II*\0', 'latin1'));
  return exif.includes(Buffer.from(littleEndian ? [0x25, 0x88] : [0x88, 0x25]));
}

/** Every file under a folder, as paths relative to it (empty when the folder does not exist). */
export async function listFiles(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
