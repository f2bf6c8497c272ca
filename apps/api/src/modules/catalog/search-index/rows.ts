import fs from 'node:fs';
import { grown } from './typed-arrays';

/** Bytes per chunk of the rows' JSON (a few thousand rows each). */
const ROW_CHUNK = 4 << 20;
/** What a chunk let go of is replaced by. */
const EMPTY = Buffer.alloc(0);

/**
 * Where a product's JSON is: its bytes (a row held in memory), or a place in the snapshot file,
 * read with readRow(). The file stays open for a minute after the index moves to another one
 * (snapshot.ts readRowsFromSnapshot), so a place taken by a search can be read by another thread.
 */
export type RowPlace = Uint8Array | { fd: number; position: number; length: number };

/** The row's JSON at its place: one positioned read for a row in the file. */
export function readRow(place: RowPlace): Uint8Array {
  if (place instanceof Uint8Array) return place;
  const row = Buffer.allocUnsafe(place.length);
  fs.readSync(place.fd, row, 0, place.length, place.position);
  return row;
}

/**
 * Every product's JSON as the API sends it (UTF-8), in fixed-size chunks never copied as they
 * fill: chunk chunkOf[slot], from startOf[slot], lengthOf[slot] bytes. A changed product's old bytes
 * stay until a compaction (compact()) lets go of the chunk they are in. A chunk's bytes are never
 * written over once filled, so a row handed out (a view into its chunk) stays valid.
 *
 * Once the index is saved (snapshot.ts), the chunks saved are read from the snapshot file instead
 * of memory (useFile): a row is one positioned read, served from the operating system's page cache
 * when it is warm, and the rows (about half of the index) no longer count against the process's
 * memory. Rows added later are held in memory until the next save.
 */
export class Rows {
  /** Each chunk's bytes, or undefined for a chunk read from the file. */
  chunks: (Buffer | undefined)[] = [];
  /** Bytes filled in each chunk. */
  filled: number[] = [];
  /** Per chunk read from the file: where it starts there. */
  fileOffsets: number[] = [];
  private fd?: number;
  chunkOf: Int32Array;
  startOf: Int32Array;
  lengthOf: Int32Array;

  constructor(capacity: number) {
    this.chunkOf = new Int32Array(capacity);
    this.startOf = new Int32Array(capacity);
    this.lengthOf = new Int32Array(capacity);
  }

  grow(capacity: number): void {
    this.chunkOf = grown(this.chunkOf, capacity);
    this.startOf = grown(this.startOf, capacity);
    this.lengthOf = grown(this.lengthOf, capacity);
  }

  add(slot: number, json: string): void {
    const length = Buffer.byteLength(json);
    const { chunk, start } = this.place(slot, length);
    chunk.write(json, start, 'utf8');
  }

  /** Room for the slot's row of `length` bytes at the end of the last chunk (a new one when it is full). */
  private place(slot: number, length: number): { chunk: Buffer; start: number } {
    const last = this.chunks.length - 1;
    let chunk = this.chunks[last];
    if (!chunk || (this.filled[last] as number) + length > chunk.length) {
      // Chunks grow with the catalogue up to ROW_CHUNK, so a small one wastes little.
      const held = this.filled.reduce((sum, bytes) => sum + bytes, 0);
      chunk = Buffer.allocUnsafe(Math.max(Math.min(ROW_CHUNK, Math.max(held, 1 << 16)), length));
      this.chunks.push(chunk);
      this.filled.push(0);
    }
    const index = this.chunks.length - 1;
    const start = this.filled[index] as number;
    this.chunkOf[slot] = index;
    this.startOf[slot] = start;
    this.lengthOf[slot] = length;
    this.filled[index] = start + length;
    return { chunk, start };
  }

  /**
   * Renumbers the rows after a compaction (IndexData.compact(): `renumbered[slot]` is the slot's new
   * number, -1 for one dropped), and lets go of the chunks mostly made of dropped rows: in memory,
   * from an eighth of their bytes; in the snapshot file (where they cost no memory), from half. The
   * rows still used in such a chunk are first copied to new chunks at the end (in memory until the
   * next save), and each chunk is let go of as soon as its last row is copied, so what is held
   * beside the rows in use is about one chunk. Other rows stay where they are.
   */
  compact(renumbered: Int32Array, size: number): void {
    const count = this.chunks.length;
    const keptBytes = new Float64Array(count);
    const keptRows = new Int32Array(count);
    for (let slot = 0; slot < size; slot += 1) {
      if ((renumbered[slot] as number) < 0) continue;
      const index = this.chunkOf[slot] as number;
      (keptBytes[index] as number) += this.lengthOf[slot] as number;
      (keptRows[index] as number) += 1;
    }
    const moved = new Uint8Array(count);
    for (let index = 0; index < count; index += 1) {
      const filled = this.filled[index] as number;
      const dropped = filled - (keptBytes[index] as number);
      if (dropped === 0) continue;
      moved[index] = dropped * (this.chunks[index] ? 8 : 2) >= filled || keptRows[index] === 0 ? 1 : 0;
      if (moved[index] && keptRows[index] === 0) this.release(index);
    }
    // Rows copied go to new chunks, never into one being let go of.
    this.seal();
    const read = new Map<number, Buffer>();
    for (let slot = 0; slot < size; slot += 1) {
      const target = renumbered[slot] as number;
      if (target < 0) continue;
      const index = this.chunkOf[slot] as number;
      const start = this.startOf[slot] as number;
      const length = this.lengthOf[slot] as number;
      if (!moved[index]) {
        this.chunkOf[target] = index;
        this.startOf[target] = start;
        this.lengthOf[target] = length;
        continue;
      }
      let bytes = this.chunks[index] ?? read.get(index);
      if (!bytes) {
        bytes = this.readChunkSync(index);
        read.set(index, bytes);
      }
      const placed = this.place(target, length);
      bytes.copy(placed.chunk, placed.start, start, start + length);
      (keptRows[index] as number) -= 1;
      if (keptRows[index] === 0) {
        this.release(index);
        read.delete(index);
      }
    }
  }

  /** A chunk no row is read from any more: its memory is let go of (a row handed out keeps its own view). */
  private release(index: number): void {
    this.chunks[index] = EMPTY;
    this.filled[index] = 0;
  }

  /** A chunk's filled bytes read from the file at once. */
  private readChunkSync(index: number): Buffer {
    const bytes = Buffer.allocUnsafe(this.filled[index] as number);
    for (let at = 0; at < bytes.length; ) {
      const read = fs.readSync(this.fd as number, bytes, at, bytes.length - at, (this.fileOffsets[index] as number) + at);
      if (read === 0) throw new Error('search index rows: the snapshot file is cut short');
      at += read;
    }
    return bytes;
  }

  /** The product's JSON: a view into its chunk in memory, or read from the file. */
  json(slot: number): Uint8Array {
    return readRow(this.placeOf(slot));
  }

  /** Where the product's JSON is: a view into its chunk in memory, or its place in the file. */
  placeOf(slot: number): RowPlace {
    const index = this.chunkOf[slot] as number;
    const start = this.startOf[slot] as number;
    const length = this.lengthOf[slot] as number;
    const chunk = this.chunks[index];
    if (chunk) return chunk.subarray(start, start + length);
    return { fd: this.fd as number, position: (this.fileOffsets[index] as number) + start, length };
  }

  /** Ends the last chunk: rows added from now on start a new one, so the chunks saved never change. */
  seal(): void {
    const last = this.chunks.length - 1;
    const chunk = this.chunks[last];
    if (chunk && (this.filled[last] as number) < chunk.length) {
      this.chunks[last] = chunk.subarray(0, this.filled[last]);
    }
  }

  /** The first `offsets.length` chunks are read from `fd` from now on, and their memory let go; returns the file used before. */
  useFile(fd: number, offsets: number[]): number | undefined {
    const previous = this.fd;
    this.fd = fd;
    offsets.forEach((offset, index) => {
      this.chunks[index] = undefined;
      this.fileOffsets[index] = offset;
    });
    return previous;
  }

  /** A chunk's filled bytes, from memory or from the file (to write it into a new snapshot). */
  async readChunk(index: number): Promise<Uint8Array> {
    const chunk = this.chunks[index];
    if (chunk) return chunk.subarray(0, this.filled[index]);
    const bytes = Buffer.allocUnsafe(this.filled[index] as number);
    const fd = this.fd as number;
    await new Promise<void>((resolve, reject) =>
      fs.read(fd, bytes, 0, bytes.length, this.fileOffsets[index] as number, (error) => (error ? reject(error) : resolve())),
    );
    return bytes;
  }

  /**
   * Reads every chunk held in the file once, in order, so the operating system's page cache holds
   * them before pages ask for rows at random (a cold row is a disk read that holds up the event
   * loop). In the background, 4 MiB at a time; nothing is kept in the process.
   */
  async warm(): Promise<void> {
    const fd = this.fd;
    if (fd === undefined) return;
    const buffer = Buffer.allocUnsafe(ROW_CHUNK);
    for (let index = 0; index < this.chunks.length; index += 1) {
      if (this.chunks[index] || this.fd !== fd) continue;
      const length = Math.min(this.filled[index] as number, buffer.length);
      await new Promise<void>((resolve) => fs.read(fd, buffer, 0, length, this.fileOffsets[index] as number, () => resolve()));
    }
  }

  /** Closes the file (when this generation of the index is no longer in use). */
  close(): void {
    if (this.fd !== undefined) fs.close(this.fd, () => {});
    this.fd = undefined;
  }

  /** Bytes of the chunks in memory (the per-slot arrays are counted by IndexData). */
  bytes(): number {
    return this.chunks.reduce((sum, chunk) => sum + (chunk?.byteLength ?? 0), 0);
  }
}
