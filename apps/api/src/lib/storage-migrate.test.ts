import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3';
import { migrateFiles } from './storage-migrate';
import { createS3Storage, type S3Storage } from './storage-s3';

/** Moving an existing shop's files from disk into a bucket, as `npm run storage:migrate` does. */

let s3: TestS3;
let bucket: S3Storage;
let filesDir: string;

const TREE: Record<string, string | Buffer> = {
  'avatars/u1-a.png': 'avatar one',
  'product-images/p1-1.png': 'cover',
  'product-images/category-ai-tools.svg': '<svg/>',
  'product-videos/p1.mp4': Buffer.alloc(3 * 1024 * 1024, 7),
  'product-files/p1/0b6f6c2e-1d7a-4c58-9d1e-9f0a2b3c4d5e': Buffer.alloc(9 * 1024 * 1024, 3),
  'product-files/p1-lq2x/readme': 'read me',
};

beforeAll(async () => {
  s3 = await startTestS3();
  bucket = createS3Storage(s3.options);
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-migrate-'));
  for (const [key, content] of Object.entries(TREE)) {
    fs.mkdirSync(path.dirname(path.join(filesDir, key)), { recursive: true });
    fs.writeFileSync(path.join(filesDir, key), content);
  }
  // A local write that was killed halfway: not a stored file.
  fs.writeFileSync(path.join(filesDir, 'avatars/u2-b.png.1234.k3j4h5.tmp'), 'half');
});
afterAll(async () => {
  bucket.client.destroy();
  await s3.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('copying stored files into a bucket', () => {
  it('copies every file once, and a second run copies nothing', async () => {
    const lines: string[] = [];
    const first = await migrateFiles(filesDir, bucket, { log: (line) => lines.push(line) });
    expect(first).toMatchObject({ copied: 6, skipped: 0, failed: [], ignored: ['avatars/u2-b.png.1234.k3j4h5.tmp'] });
    for (const [key, content] of Object.entries(TREE)) expect(await bucket.size(key)).toBe(Buffer.from(content).length);
    expect(lines).toContain('copied avatars/u1-a.png (10 bytes)');

    const second = await migrateFiles(filesDir, bucket);
    expect(second).toMatchObject({ copied: 0, copiedBytes: 0, skipped: 6, failed: [] });
  });

  it('finishes an interrupted run: only the missing or partial files are copied', async () => {
    await bucket.delete('product-videos/p1.mp4');
    await bucket.put('avatars/u1-a.png', Buffer.from('cut'));
    const resumed = await migrateFiles(filesDir, bucket);
    expect(resumed).toMatchObject({ copied: 2, skipped: 4, failed: [] });
    // Read until the new bytes show: once, on a loaded machine, s3rver (the test's stand-in for a
    // bucket) answered the GET that followed the overwrite with an empty body; S3 itself reads
    // its writes at once. What is checked is that the right bytes were written.
    const read = async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of (await bucket.get('avatars/u1-a.png')) as AsyncIterable<Buffer>) chunks.push(chunk);
      return Buffer.concat(chunks).toString();
    };
    await expect.poll(read).toBe('avatar one');
  });

  it('does nothing for a shop without a files folder', async () => {
    expect(await migrateFiles(path.join(filesDir, 'absent'), bucket)).toMatchObject({ copied: 0, skipped: 0 });
  });
});
