import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded and generated files live. Keys are relative, slash-separated paths. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** Streams into storage; rejects with TooLargeError past `maxBytes`, leaving nothing behind. Returns the size. */
  putStream(key: string, source: Readable, maxBytes: number): Promise<number>;
  /** The first bytes of a stored file (content sniffing). */
  head(key: string, bytes: number): Promise<Buffer>;
  get(key: string): Promise<Readable | null>;
  /** The stored size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Resolves when a remote backend answers (readiness checks); local disk has none. */
  check?(): Promise<void>;
}

export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`larger than ${maxBytes} bytes`);
  }
}

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;

/** Throws on a key that could name something outside the storage root, whichever the backend. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/** Local directory storage (the default). Rejects any key that could escape the root. */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Unsafe storage key: ${key}`);
    return full;
  };
  const temporaryFor = (file: string) => `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = temporaryFor(file);
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, file);
    },
    async putStream(key, source, maxBytes) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = temporaryFor(file);
      let written = 0;
      const sink = createWriteStream(temporary);
      const limiter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          written += chunk.length;
          callback(written > maxBytes ? new TooLargeError(maxBytes) : null, chunk);
        },
      });
      try {
        await pipeline(source, limiter, sink);
        await fs.rename(temporary, file);
        return written;
      } catch (error) {
        source.resume();
        // The file may still be opening or flushing: remove it only once the stream has let go.
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async head(key, bytes) {
      const handle = await fs.open(resolve(key), 'r');
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async get(key) {
      const file = resolve(key);
      try {
        await fs.access(file);
      } catch {
        return null;
      }
      return createReadStream(file, { highWaterMark: 1024 * 1024 });
    },
    async size(key) {
      const file = resolve(key);
      try {
        return (await fs.stat(file)).size;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
