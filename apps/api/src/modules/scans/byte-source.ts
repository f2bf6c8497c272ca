/** Reading a stream of chunks a few bytes at a time, holding only what is asked for. */

/** Raised when a scan must stop early (budget, time); the scan reports "not fully scanned". */
export class ScanLimitError extends Error {}

/** What every stream of one scan shares: bytes still allowed, members still allowed, and a deadline. */
export interface ScanBudget {
  bytesLeft: number;
  entriesLeft: number;
  deadline: number;
}

/**
 * A pull reader over chunks: `fill(n)` buffers at least n bytes (n stays small: an opcode's
 * argument, a header), `skip(n)` discards without holding. Every chunk is charged to the budget.
 */
export class ByteSource {
  private readonly chunks: AsyncIterator<Buffer>;
  private buffer: Buffer = Buffer.alloc(0);
  private offset = 0;
  /** Bytes handed out or skipped so far. */
  position = 0;
  ended = false;

  constructor(
    chunks: AsyncIterable<Buffer | string>,
    private readonly budget?: ScanBudget,
  ) {
    const iterator = chunks[Symbol.asyncIterator]();
    this.chunks = {
      next: async () => {
        const next = await iterator.next();
        if (next.done) return next;
        const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
        if (this.budget) {
          if (Date.now() > this.budget.deadline) throw new ScanLimitError('the scan took too long');
          this.budget.bytesLeft -= chunk.length;
          if (this.budget.bytesLeft < 0) throw new ScanLimitError('more data than a scan reads');
        }
        return { done: false, value: chunk };
      },
      return: async () => {
        await iterator.return?.();
        return { done: true, value: undefined };
      },
    };
  }

  /** Bytes buffered and not yet read. */
  get available(): number {
    return this.buffer.length - this.offset;
  }

  /** Buffers at least n bytes; false when the stream ends first. */
  async fill(n: number): Promise<boolean> {
    while (this.available < n) {
      const next = await this.chunks.next();
      if (next.done) {
        this.ended = true;
        return false;
      }
      const rest = this.buffer.subarray(this.offset);
      this.buffer = rest.length > 0 ? Buffer.concat([rest, next.value]) : next.value;
      this.offset = 0;
    }
    return true;
  }

  /** The next n buffered bytes without reading them (fewer at the end). */
  peek(n: number): Buffer {
    return this.buffer.subarray(this.offset, this.offset + n);
  }

  /** One buffered byte (call fill first). */
  u8(): number {
    this.position += 1;
    return this.buffer[this.offset++] as number;
  }

  /** n buffered bytes (call fill first). */
  take(n: number): Buffer {
    const bytes = this.buffer.subarray(this.offset, this.offset + n);
    this.offset += n;
    this.position += n;
    return bytes;
  }

  /** Discards n bytes; false when the stream ends first. */
  async skip(n: number): Promise<boolean> {
    let left = n;
    while (left > 0) {
      if (this.available === 0 && !(await this.fill(1))) return false;
      const step = Math.min(left, this.available);
      this.offset += step;
      this.position += step;
      left -= step;
    }
    return true;
  }

  /** Reads up to and without a newline, at most `max` bytes; null at the end or when the line is longer. */
  async line(max: number): Promise<Buffer | null> {
    for (let searched = 0; ; ) {
      const end = this.buffer.indexOf(10, this.offset + searched);
      if (end >= 0 && end - this.offset <= max) {
        const text = this.take(end - this.offset);
        this.take(1);
        return text;
      }
      searched = this.available;
      if (searched > max || !(await this.fill(searched + 1))) return null;
    }
  }

  /** The chunks not read yet, the buffered rest first (for handing the stream on, e.g. to a file). */
  async *rest(): AsyncGenerator<Buffer> {
    if (this.available > 0) {
      const rest = this.take(this.available);
      yield rest;
    }
    for (;;) {
      const next = await this.chunks.next();
      if (next.done) break;
      this.position += next.value.length;
      yield next.value;
    }
    this.ended = true;
  }

  /** Reads to the end, holding nothing. */
  async drain(): Promise<void> {
    for await (const _chunk of this.rest()) {
      // discarded
    }
  }

  /** Stops the underlying stream early. */
  async close(): Promise<void> {
    await this.chunks.return?.();
  }
}
