import { crc32, inflateRawSync } from 'node:zlib';
import { AppError } from '#app/modules/errors/app-error.ts';

/**
 * An XLSX file is a zip archive, and a zip can promise small files and hold huge ones (a 3.5 MB
 * "spreadsheet" whose sheet unpacks to 1 GB). The import never hands an uploaded zip to the
 * spreadsheet reader: it reads the archive's directory itself, refuses declared sizes over the limit
 * before unpacking anything, unpacks each entry it needs with the output capped at its declared
 * size (a lie stops there), checks lengths and checksums, and gives the reader a new archive made of
 * exactly what it checked (stored, not compressed).
 */

/** All the entries the reader needs, unpacked, may not exceed this (a rich 10,000-row sheet is about 5 MB). */
export const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
const MAX_ENTRIES = 2_000;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_SIZE = 0xffffffff;

interface Entry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const unreadable = () => new AppError('import-unreadable');
const tooLarge = () => new AppError('import-unpacked-too-large', { maxMb: MAX_UNPACKED_BYTES / (1024 * 1024) });

function endOfDirectory(buffer: Buffer): number {
  // the end record is the last 22 bytes, or earlier by a comment of at most 65,535 bytes
  for (let at = buffer.length - 22; at >= Math.max(0, buffer.length - 22 - 0xffff); at--) {
    if (buffer.readUInt32LE(at) === EOCD) return at;
  }
  throw unreadable();
}

/** Sizes and offset of an entry written by a zip64 writer (some write the extra field even for small files). */
function zip64Values(extra: Buffer, wanted: { size: boolean; compressedSize: boolean; offset: boolean }) {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) throw unreadable();
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      return { size: wanted.size ? next() : undefined, compressedSize: wanted.compressedSize ? next() : undefined, offset: wanted.offset ? next() : undefined };
    }
    at += 4 + length;
  }
  throw unreadable();
}

function readDirectory(buffer: Buffer): Entry[] {
  if (buffer.length < 22) throw unreadable();
  const end = endOfDirectory(buffer);
  const count = buffer.readUInt16LE(end + 10);
  const start = buffer.readUInt32LE(end + 16);
  if (count > MAX_ENTRIES) throw unreadable();
  const entries: Entry[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || buffer.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const entry: Entry = {
      name: buffer.toString('utf8', at + 46, at + 46 + nameLength),
      flags: buffer.readUInt16LE(at + 8),
      method: buffer.readUInt16LE(at + 10),
      crc: buffer.readUInt32LE(at + 16),
      compressedSize: buffer.readUInt32LE(at + 20),
      size: buffer.readUInt32LE(at + 24),
      offset: buffer.readUInt32LE(at + 42),
    };
    const wanted = { size: entry.size === ZIP64_SIZE, compressedSize: entry.compressedSize === ZIP64_SIZE, offset: entry.offset === ZIP64_SIZE };
    if (wanted.size || wanted.compressedSize || wanted.offset) {
      const values = zip64Values(buffer.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), wanted);
      entry.size = values.size ?? entry.size;
      entry.compressedSize = values.compressedSize ?? entry.compressedSize;
      entry.offset = values.offset ?? entry.offset;
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function unpack(buffer: Buffer, entry: Entry): Buffer {
  // encrypted entries, and methods other than stored and deflate, are not a spreadsheet we read
  if (entry.flags & 0x1 || (entry.method !== 0 && entry.method !== 8)) throw unreadable();
  const at = entry.offset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL) throw unreadable();
  const data = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  if (data + entry.compressedSize > buffer.length) throw unreadable();
  const packed = buffer.subarray(data, data + entry.compressedSize);
  let content: Buffer;
  if (entry.method === 0) content = packed;
  else {
    try {
      // one byte more than declared: an entry that unpacks past its declared size is caught at once
      content = inflateRawSync(packed, { maxOutputLength: entry.size + 1 });
    } catch (error) {
      if (error instanceof RangeError) throw tooLarge();
      throw unreadable();
    }
  }
  if (content.length !== entry.size || crc32(content) !== entry.crc) throw unreadable();
  return content;
}

/**
 * The entries of a zip archive that `wanted` picks, unpacked within MAX_UNPACKED_BYTES in total:
 * the declared sizes are checked before anything is unpacked, the actual ones while unpacking.
 */
export function readZipEntries(bytes: Uint8Array, wanted: (name: string) => boolean): Map<string, Buffer> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readDirectory(buffer).filter((entry) => wanted(entry.name));
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > MAX_UNPACKED_BYTES) throw tooLarge();
  return new Map(entries.map((entry) => [entry.name, unpack(buffer, entry)]));
}

/** A file to write into a zip: its bytes as written (stored or deflated), and the checksum and size of its content. */
export interface ZipFile {
  name: string;
  data: Uint8Array;
  method: 0 | 8;
  crc: number;
  size: number;
}

/** The fields a local header (from byte 4) and a central one (from byte 6) share: version, flags, method, sizes, name length. */
function writeEntryFields(header: Buffer, at: number, file: ZipFile, nameLength: number): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(0x0800, at + 2); // names in UTF-8
  header.writeUInt16LE(file.method, at + 4);
  header.writeUInt32LE(file.crc, at + 10);
  header.writeUInt32LE(file.data.length, at + 14);
  header.writeUInt32LE(file.size, at + 18);
  header.writeUInt16LE(nameLength, at + 22);
}

/** A zip archive of the files as given (their sizes are written as told: the tests write lying ones). */
export function writeZip(files: readonly ZipFile[]): Buffer {
  const locals: Uint8Array[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    writeEntryFields(local, 4, file, name.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    writeEntryFields(central, 6, file, name.length);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.data);
    centrals.push(central, name);
    offset += 30 + name.length + file.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A zip archive of the given files, stored (not compressed): what the spreadsheet reader is given. */
export function writeStoredZip(files: ReadonlyMap<string, Uint8Array>): Buffer {
  return writeZip([...files].map(([name, data]) => ({ name, data, method: 0, crc: crc32(data), size: data.length })));
}
