import { grown } from './typed-arrays';

/** Bytes per chunk of the rows' JSON (a few thousand rows each). */
const ROW_CHUNK = 4 << 20;

/**
 * Every product's JSON as the API sends it (UTF-8), in fixed-size chunks never copied as they
 * fill: chunk chunkOf[slot], from startOf[slot], lengthOf[slot] bytes. A changed product's old bytes
 * stay until the next rebuild.
 */
export class Rows {
  chunks: Buffer[] = [];
  /** Bytes written to the last chunk. */
  used = ROW_CHUNK;
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
    if (this.used + length > (this.chunks.at(-1)?.length ?? 0)) {
      // Chunks grow with the catalogue up to ROW_CHUNK, so a small one wastes little.
      const held = this.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
      this.chunks.push(Buffer.allocUnsafe(Math.max(Math.min(ROW_CHUNK, Math.max(held, 1 << 16)), length)));
      this.used = 0;
    }
    (this.chunks.at(-1) as Buffer).write(json, this.used, 'utf8');
    this.chunkOf[slot] = this.chunks.length - 1;
    this.startOf[slot] = this.used;
    this.lengthOf[slot] = length;
    this.used += length;
  }

  /** The product's JSON (a view into the chunk, not a copy). */
  json(slot: number): Uint8Array {
    const start = this.startOf[slot] as number;
    return (this.chunks[this.chunkOf[slot] as number] as Buffer).subarray(start, start + (this.lengthOf[slot] as number));
  }

  /** Bytes of the chunks (the per-slot arrays are counted by IndexData). */
  bytes(): number {
    return this.chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  }
}
