import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3';
import { createLocalStorage, type Storage, TooLargeError } from './storage';
import { createS3Storage } from './storage-s3';

/** The same promises from every backend: what the shop writes, it reads back; what fails leaves nothing. */

const MB = 1024 * 1024;

/** `total` bytes of a repeating pattern, produced as they are read (never held whole). */
function generated(total: number, chunk = 256 * 1024): Readable {
  const block = Buffer.alloc(chunk, 'marketplace-');
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const size = Math.min(chunk, total - sent);
      sent += size;
      this.push(size === chunk ? block : block.subarray(0, size));
    },
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Counts a stream's bytes without keeping them. */
async function countBytes(stream: Readable): Promise<number> {
  let total = 0;
  await pipeline(stream, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) total += chunk.length;
  });
  return total;
}

interface Backend {
  name: string;
  setup(): Promise<{ storage: Storage; close(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'local disk',
    async setup() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-contract-'));
      return { storage: createLocalStorage(root), close: async () => fs.rmSync(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 bucket',
    async setup() {
      const s3: TestS3 = await startTestS3();
      const storage = createS3Storage(s3.options);
      return {
        storage,
        async close() {
          storage.client.destroy();
          await s3.close();
        },
      };
    },
  },
];

describe.each(backends)('storage on $name', (backend) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await backend.setup());
  });
  afterAll(async () => {
    await close();
  });

  it('returns what was put, byte for byte', async () => {
    const data = Buffer.from('a small avatar\u0000with binary \xff bytes', 'latin1');
    await storage.put('avatars/round-trip.png', data);
    const stream = await storage.get('avatars/round-trip.png');
    expect(stream).not.toBeNull();
    expect(await readAll(stream as Readable)).toEqual(data);
    expect(await storage.size('avatars/round-trip.png')).toBe(data.length);
  });

  it('replaces a file put again under the same key', async () => {
    await storage.put('product-images/again.png', Buffer.from('first'));
    await storage.put('product-images/again.png', Buffer.from('second'));
    expect((await readAll((await storage.get('product-images/again.png')) as Readable)).toString()).toBe('second');
  });

  it('streams a 128 MB upload in and out without holding it in memory', async () => {
    const total = 128 * MB;
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      expect(await storage.putStream('product-files/big/file', generated(total), 200 * MB)).toBe(total);
      expect(await storage.size('product-files/big/file')).toBe(total);
      expect(await countBytes((await storage.get('product-files/big/file')) as Readable)).toBe(total);
    } finally {
      clearInterval(sampler);
    }
    // Parts in flight, stream buffers and garbage not yet collected (on Node 24 the local backend's
    // RSS rose by ~57 MB for 64 MB and ~69 MB for 128 MB, the S3 one's by ~2 MB; more when other
    // processes keep the collector waiting: over 96 MB once beside a 1M seed), not the file:
    // holding it would add its 128 MB to those.
    expect(peak - before).toBeLessThan(128 * MB);
  }, 60_000);

  it('refuses a stream past its limit and leaves no file behind', async () => {
    const attempt = storage.putStream('product-files/too-large/file', generated(12 * MB), 10 * MB);
    await expect(attempt).rejects.toBeInstanceOf(TooLargeError);
    expect(await storage.get('product-files/too-large/file')).toBeNull();
    expect(await storage.size('product-files/too-large/file')).toBeNull();
  });

  it('refuses a small stream past a small limit and leaves no file behind', async () => {
    await expect(storage.putStream('product-images/small.png', generated(3000, 1000), 2000)).rejects.toBeInstanceOf(
      TooLargeError,
    );
    expect(await storage.get('product-images/small.png')).toBeNull();
  });

  it('leaves no file behind when the source fails halfway', async () => {
    let sent = 0;
    const failing = new Readable({
      read() {
        sent += 1;
        if (sent > 40) this.destroy(new Error('client went away'));
        else this.push(Buffer.alloc(256 * 1024, 1));
      },
    });
    await expect(storage.putStream('product-files/broken/file', failing, 100 * MB)).rejects.toThrow();
    expect(await storage.get('product-files/broken/file')).toBeNull();
  });

  it('reads the first bytes of a file', async () => {
    await storage.put('product-images/head.png', Buffer.from('0123456789'));
    expect((await storage.head('product-images/head.png', 4)).toString()).toBe('0123');
    expect((await storage.head('product-images/head.png', 100)).toString()).toBe('0123456789');
  });

  it('deletes a file, and deleting it again is no error', async () => {
    await storage.put('avatars/gone.png', Buffer.from('x'));
    await storage.delete('avatars/gone.png');
    expect(await storage.get('avatars/gone.png')).toBeNull();
    await expect(storage.delete('avatars/gone.png')).resolves.toBeUndefined();
  });

  it('answers null for a key that was never stored', async () => {
    expect(await storage.get('product-files/nothing/here')).toBeNull();
    expect(await storage.size('product-files/nothing/here')).toBeNull();
  });

  it.each([
    '../outside',
    'avatars/../../etc/passwd',
    '/absolute',
    'avatars/./x',
    '.hidden',
    'avatars//double',
    'back\\slash',
    '',
  ])('refuses the unsafe key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.putStream(key, generated(10), 100)).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
  });
});

describe('the S3 backend for readiness checks', () => {
  it('answers while its bucket does, and fails for a bucket that is not there', async () => {
    const s3 = await startTestS3();
    const present = createS3Storage(s3.options);
    const absent = createS3Storage({ ...s3.options, bucket: 'no-such-bucket' });
    try {
      await expect(present.check()).resolves.toBeUndefined();
      await expect(absent.check()).rejects.toThrow();
    } finally {
      present.client.destroy();
      absent.client.destroy();
      await s3.close();
    }
  });
});
