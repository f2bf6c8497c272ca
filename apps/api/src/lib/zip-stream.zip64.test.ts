import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { expect, it } from 'vitest';
import { createZipStream } from './zip-stream';

const MiB = 1 << 20;
const MAX32 = 0xffffffff;
const TAIL = 64 * 1024;

/** One MiB whose bytes vary, so a CRC that skipped or repeated a stretch would differ. */
const chunk = Buffer.from(Array.from({ length: MiB }, (_, i) => (i * 31 + (i >> 8)) & 0xff));

function repeated(times: number): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < times; i++) yield chunk;
    })(),
  );
}

/** f(c) = L·c ⊕ constant over GF(2)^32; columns[i] = L·2^i. */
interface Affine {
  columns: number[];
  constant: number;
}

const apply = (f: Affine, crc: number) =>
  f.columns.reduce((out, column, bit) => ((crc >>> bit) & 1 ? out ^ column : out), f.constant) >>> 0;

/** g after f. */
const compose = (f: Affine, g: Affine): Affine => ({
  columns: f.columns.map((column) => (apply(g, column) ^ g.constant) >>> 0),
  constant: apply(g, f.constant),
});

/**
 * CRC-32 of `data` repeated `times` times without hashing every byte: one pass over `data`
 * is an affine map of the running CRC, raised to the power `times` by squaring.
 */
function crcOfRepeats(data: Buffer, times: number): number {
  const constant = crc32(data, 0);
  let step: Affine = { columns: Array.from({ length: 32 }, (_, bit) => (crc32(data, 2 ** bit) ^ constant) >>> 0), constant };
  let power: Affine = { columns: Array.from({ length: 32 }, (_, bit) => 2 ** bit), constant: 0 };
  for (let left = times; left > 0; left = Math.floor(left / 2)) {
    if (left % 2) power = compose(power, step);
    step = compose(step, step);
  }
  return apply(power, 0);
}

/**
 * Counts what passes, keeps only the last bytes and a small window at one offset, and notes peak
 * memory from the 256th MiB on. The baseline is taken once the stream is under way: the API tests
 * share a worker process (isolate: false), and a young generation that earlier files left shrunk
 * grows back to V8's maximum in the first MiBs (3 × 32 MiB: a run measured +96 MiB from the first
 * byte), which says nothing about memory growing with the archive's size.
 */
class ArchiveProbe extends Writable {
  total = 0;
  tail = Buffer.alloc(0);
  window = Buffer.alloc(0);
  startRss = process.memoryUsage.rss();
  peakRss = this.startRss;
  private chunks = 0;

  constructor(private readonly windowAt: number) {
    super();
  }

  override _write(data: Buffer, _encoding: BufferEncoding, done: () => void) {
    const start = this.total;
    this.total += data.length;
    const from = this.windowAt - start;
    if (from < data.length && from + 64 > 0) {
      this.window = Buffer.concat([this.window, data.subarray(Math.max(0, from), from + 64)]);
    }
    this.tail = data.length >= TAIL ? Buffer.from(data.subarray(-TAIL)) : Buffer.concat([this.tail, data]).subarray(-TAIL);
    this.chunks += 1;
    if (this.chunks === 256) this.startRss = this.peakRss = process.memoryUsage.rss();
    else if (this.chunks % 256 === 0) this.peakRss = Math.max(this.peakRss, process.memoryUsage.rss());
    done();
  }
}

interface CentralEntry {
  name: string;
  crc: number;
  size: bigint;
  offset: bigint;
}

/** Reads the end records and central directory from the archive's last bytes. */
function readTail(tail: Buffer, total: number) {
  const at = (absolute: number) => absolute - (total - tail.length);
  const eocd = at(total - 22);
  expect(tail.readUInt32LE(eocd)).toBe(0x06054b50);
  expect(tail.readUInt32LE(eocd + 16)).toBe(MAX32);
  const locator = eocd - 20;
  expect(tail.readUInt32LE(locator)).toBe(0x07064b50);
  const zip64End = at(Number(tail.readBigUInt64LE(locator + 8)));
  expect(tail.readUInt32LE(zip64End)).toBe(0x06064b50);
  const count = Number(tail.readBigUInt64LE(zip64End + 32));
  const centralSize = Number(tail.readBigUInt64LE(zip64End + 40));
  const centralOffset = Number(tail.readBigUInt64LE(zip64End + 48));
  expect(centralOffset + centralSize).toBe(total - tail.length + zip64End);

  const entries: CentralEntry[] = [];
  let cursor = at(centralOffset);
  for (let i = 0; i < count; i++) {
    expect(tail.readUInt32LE(cursor)).toBe(0x02014b50);
    const nameLength = tail.readUInt16LE(cursor + 28);
    const extraLength = tail.readUInt16LE(cursor + 30);
    const name = tail.toString('utf8', cursor + 46, cursor + 46 + nameLength);
    const extra = cursor + 46 + nameLength;
    expect(tail.readUInt16LE(extra)).toBe(0x0001);
    expect(tail.readUInt32LE(cursor + 20)).toBe(MAX32);
    entries.push({
      name,
      crc: tail.readUInt32LE(cursor + 16),
      size: tail.readBigUInt64LE(extra + 4),
      offset: tail.readBigUInt64LE(extra + 20),
    });
    cursor = extra + extraLength;
  }
  return { count, entries };
}

it('streams a ZIP64 archive over 4 GiB in bounded memory, with end records and central directory pointing right', async () => {
  expect(crcOfRepeats(chunk, 3)).toBe(crc32(Buffer.concat([chunk, chunk, chunk])));

  const bigChunks = 4 * 1024 + 1; // 4 GiB + 1 MiB: the size alone needs ZIP64
  const bigSize = bigChunks * MiB;
  const note = Buffer.from('written after the first 4 GiB, so only a 64-bit offset reaches it\n');
  const modified = new Date('2026-05-01T10:20:30Z');
  const { stream, size } = createZipStream([
    { name: 'big.bin', size: bigSize, modified, open: async () => repeated(bigChunks) },
    { name: 'after.txt', size: note.length, modified, open: async () => Readable.from([note]) },
  ]);
  const noteOffset = 30 + 'big.bin'.length + 20 + bigSize + 24;
  const probe = new ArchiveProbe(noteOffset - 24);

  await pipeline(stream, probe);

  expect(size).toBeGreaterThan(2 ** 32);
  expect(probe.total).toBe(size);
  const { count, entries } = readTail(probe.tail, probe.total);
  expect(count).toBe(2);
  expect(entries).toEqual([
    { name: 'big.bin', crc: crcOfRepeats(chunk, bigChunks), size: BigInt(bigSize), offset: 0n },
    { name: 'after.txt', crc: crc32(note), size: BigInt(note.length), offset: BigInt(noteOffset) },
  ]);
  const descriptor = probe.window.subarray(0, 24);
  expect(descriptor.readUInt32LE(0)).toBe(0x08074b50);
  expect(descriptor.readUInt32LE(4)).toBe(entries[0]?.crc);
  expect(descriptor.readBigUInt64LE(8)).toBe(BigInt(bigSize));
  expect(probe.window.readUInt32LE(24)).toBe(0x04034b50);
  expect(probe.peakRss - probe.startRss).toBeLessThan(64 * MiB);
}, 120_000);
