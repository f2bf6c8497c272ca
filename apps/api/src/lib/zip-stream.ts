import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/**
 * A streaming ZIP writer for files whose sizes are known up front, stored uncompressed.
 * Entries use data descriptors, so each file's CRC-32 is computed (natively) while its bytes
 * pass through and nothing is buffered; ZIP64 records are written when sizes or offsets need
 * them. Knowing the sizes also gives the exact archive length for Content-Length.
 */

export interface ZipEntry {
  /** Path inside the archive, '/'-separated. */
  name: string;
  size: number;
  modified: Date;
  open(): Promise<Readable>;
}

const LOCAL_HEADER = 30;
const DATA_DESCRIPTOR_32 = 16;
const DATA_DESCRIPTOR_64 = 24;
const CENTRAL_HEADER = 46;
const ZIP64_EXTRA_CENTRAL = 4 + 24;
const ZIP64_EXTRA_LOCAL = 4 + 16;
const ZIP64_EOCD = 56;
const ZIP64_LOCATOR = 20;
const EOCD = 22;
const MAX32 = 0xffffffff;
const FLAG_DESCRIPTOR_UTF8 = 0x0008 | 0x0800;

interface Placed {
  entry: ZipEntry;
  nameBytes: Buffer;
  offset: number;
  zip64: boolean;
}

function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function layout(entries: ZipEntry[]): {
  placed: Placed[];
  centralOffset: number;
  centralSize: number;
  total: number;
  zip64: boolean;
} {
  let offset = 0;
  const placed = entries.map((entry) => {
    const nameBytes = Buffer.from(entry.name, 'utf8');
    const zip64 = entry.size >= MAX32 || offset >= MAX32;
    const item = { entry, nameBytes, offset, zip64 };
    offset +=
      LOCAL_HEADER +
      nameBytes.length +
      (zip64 ? ZIP64_EXTRA_LOCAL : 0) +
      entry.size +
      (zip64 ? DATA_DESCRIPTOR_64 : DATA_DESCRIPTOR_32);
    return item;
  });
  const centralOffset = offset;
  const centralSize = placed.reduce(
    (sum, p) => sum + CENTRAL_HEADER + p.nameBytes.length + (p.zip64 ? ZIP64_EXTRA_CENTRAL : 0),
    0,
  );
  const zip64 = placed.some((p) => p.zip64) || centralOffset >= MAX32 || placed.length >= 0xffff;
  const total = centralOffset + centralSize + (zip64 ? ZIP64_EOCD + ZIP64_LOCATOR : 0) + EOCD;
  return { placed, centralOffset, centralSize, total, zip64 };
}

function localHeader(p: Placed): Buffer {
  const { time, day } = dosDateTime(p.entry.modified);
  const extra = p.zip64 ? ZIP64_EXTRA_LOCAL : 0;
  const header = Buffer.alloc(LOCAL_HEADER + p.nameBytes.length + extra);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(p.zip64 ? 45 : 20, 4);
  header.writeUInt16LE(FLAG_DESCRIPTOR_UTF8, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(day, 12);
  header.writeUInt32LE(0, 14); // crc in the descriptor
  header.writeUInt32LE(p.zip64 ? MAX32 : 0, 18);
  header.writeUInt32LE(p.zip64 ? MAX32 : 0, 22);
  header.writeUInt16LE(p.nameBytes.length, 26);
  header.writeUInt16LE(extra, 28);
  p.nameBytes.copy(header, LOCAL_HEADER);
  if (p.zip64) {
    const at = LOCAL_HEADER + p.nameBytes.length;
    header.writeUInt16LE(0x0001, at);
    header.writeUInt16LE(16, at + 2);
    header.writeBigUInt64LE(0n, at + 4);
    header.writeBigUInt64LE(0n, at + 12);
  }
  return header;
}

function dataDescriptor(p: Placed, crc: number): Buffer {
  const buffer = Buffer.alloc(p.zip64 ? DATA_DESCRIPTOR_64 : DATA_DESCRIPTOR_32);
  buffer.writeUInt32LE(0x08074b50, 0);
  buffer.writeUInt32LE(crc, 4);
  if (p.zip64) {
    buffer.writeBigUInt64LE(BigInt(p.entry.size), 8);
    buffer.writeBigUInt64LE(BigInt(p.entry.size), 16);
  } else {
    buffer.writeUInt32LE(p.entry.size, 8);
    buffer.writeUInt32LE(p.entry.size, 12);
  }
  return buffer;
}

function centralHeader(p: Placed, crc: number): Buffer {
  const { time, day } = dosDateTime(p.entry.modified);
  const extra = p.zip64 ? ZIP64_EXTRA_CENTRAL : 0;
  const header = Buffer.alloc(CENTRAL_HEADER + p.nameBytes.length + extra);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE((3 << 8) | 45, 4); // made by unix, spec 4.5
  header.writeUInt16LE(p.zip64 ? 45 : 20, 6);
  header.writeUInt16LE(FLAG_DESCRIPTOR_UTF8, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(day, 14);
  header.writeUInt32LE(crc, 16);
  header.writeUInt32LE(p.zip64 ? MAX32 : p.entry.size, 20);
  header.writeUInt32LE(p.zip64 ? MAX32 : p.entry.size, 24);
  header.writeUInt16LE(p.nameBytes.length, 28);
  header.writeUInt16LE(extra, 30);
  header.writeUInt16LE(0, 32);
  header.writeUInt16LE(0, 34);
  header.writeUInt16LE(0, 36);
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  header.writeUInt32LE(p.zip64 ? MAX32 : p.offset, 42);
  p.nameBytes.copy(header, CENTRAL_HEADER);
  if (p.zip64) {
    const at = CENTRAL_HEADER + p.nameBytes.length;
    header.writeUInt16LE(0x0001, at);
    header.writeUInt16LE(24, at + 2);
    header.writeBigUInt64LE(BigInt(p.entry.size), at + 4);
    header.writeBigUInt64LE(BigInt(p.entry.size), at + 12);
    header.writeBigUInt64LE(BigInt(p.offset), at + 20);
  }
  return header;
}

function endRecords(count: number, centralOffset: number, centralSize: number, zip64: boolean): Buffer {
  const parts: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(ZIP64_EOCD);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(BigInt(ZIP64_EOCD - 12), 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeUInt32LE(0, 16);
    record.writeUInt32LE(0, 20);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(centralSize), 40);
    record.writeBigUInt64LE(BigInt(centralOffset), 48);
    const locator = Buffer.alloc(ZIP64_LOCATOR);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeUInt32LE(0, 4);
    locator.writeBigUInt64LE(BigInt(centralOffset + centralSize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const end = Buffer.alloc(EOCD);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(Math.min(centralSize, MAX32), 12);
  end.writeUInt32LE(zip64 ? MAX32 : centralOffset, 16);
  parts.push(end);
  return Buffer.concat(parts);
}

/** The archive as a stream plus its exact length. A file shorter or longer than announced fails the stream. */
export function createZipStream(entries: ZipEntry[]): { stream: Readable; size: number } {
  const { placed, centralOffset, centralSize, total, zip64 } = layout(entries);
  async function* generate() {
    const crcs: number[] = [];
    for (const p of placed) {
      yield localHeader(p);
      let crc = 0;
      let seen = 0;
      const source = await p.entry.open();
      for await (const chunk of source) {
        crc = crc32(chunk as Buffer, crc);
        seen += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
      if (seen !== p.entry.size) throw new Error(`${p.entry.name}: expected ${p.entry.size} bytes, read ${seen}`);
      crcs.push(crc);
      yield dataDescriptor(p, crc);
    }
    yield Buffer.concat(placed.map((p, i) => centralHeader(p, crcs[i] ?? 0)));
    yield endRecords(placed.length, centralOffset, centralSize, zip64);
  }
  return { stream: Readable.from(generate(), { objectMode: false }), size: total };
}
