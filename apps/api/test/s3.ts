import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3StorageOptions } from '../src/lib/storage-s3';

/** Temporary files of the S3 test servers (one folder per server). */
const ROOT = path.join(os.tmpdir(), 'marketplace-s3-test');
const SERVER_SCRIPT = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));

export interface TestS3 {
  options: S3StorageOptions;
  /** The environment a shop would be given to use this bucket. */
  env: Record<string, string>;
  /** The stored objects' bytes live here (s3rver's own layout). */
  directory: string;
  close(): Promise<void>;
}

/** Starts an S3-compatible server (s3rver, its own process) on loopback, a free port, with one empty bucket. */
export async function startTestS3(bucket = 'marketplace-test'): Promise<TestS3> {
  fs.mkdirSync(ROOT, { recursive: true });
  const directory = fs.mkdtempSync(path.join(ROOT, 's3rver-'));
  const child = spawn(process.execPath, [SERVER_SCRIPT, directory, bucket], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
    child.once('exit', (code) => reject(new Error(`the S3 test server exited (${code}) before listening`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed credentials.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    options: { bucket, endpoint, region: 'us-east-1', credentials, forcePathStyle: true },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    directory,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
