import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../src/lib/storage-s3';

/** Temporary files of the S3 test servers (one folder per server). */
const ROOT = path.join(os.tmpdir(), 'marketplace-s3-test');

export interface TestS3 {
  options: S3StorageOptions;
  /** The environment a shop would be given to use this bucket. */
  env: Record<string, string>;
  /** The stored objects' bytes live here (s3rver's own layout). */
  directory: string;
  close(): Promise<void>;
}

/** Starts an S3-compatible server on loopback (a free port) with one empty bucket. */
export async function startTestS3(bucket = 'marketplace-test'): Promise<TestS3> {
  fs.mkdirSync(ROOT, { recursive: true });
  const directory = fs.mkdtempSync(path.join(ROOT, 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
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
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
