// Object storage under a 500 MB upload (issue 22). Runs the real API server (embedded database,
// demo data) with its files in an S3-compatible test server (s3rver) on loopback and measures the
// server's resident memory while:
//  1. a seller lists a product with 500 MB of files (3 files in one multipart request), streamed
//     into the bucket as they arrive;
//  2. a single 500 MB file, past the 200 MB limit for one file, is refused: 413, no object, no row;
//  3. a buyer downloads the order zip of the 500 MB product, streamed from the bucket.
// `npm run bench:storage -- --local` runs the same with the files on local disk, for comparison.
// Prints figures; asserts nothing. Loopback only; everything it writes is under the OS temp folder.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { freePort, rssMiB, startServer, stop } from './lib';

const MB = 1024 * 1024;
const TOTAL = 500 * MB;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-storage-'));
const dataDir = path.join(work, 'data');
const bucketName = 'bench';
const local = process.argv.includes('--local');

const s3Port = await freePort();
const s3 = new S3rver({
  address: '127.0.0.1',
  port: s3Port,
  directory: path.join(work, 's3'),
  silent: true,
  configureBuckets: [{ name: bucketName }],
});
await s3.run();
const s3Env = {
  S3_BUCKET: bucketName,
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
};
const client = new S3Client({
  region: 'us-east-1',
  endpoint: s3Env.S3_ENDPOINT,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
/** Objects in the bucket, or files in the local files folder with --local. */
const objectCount = async () =>
  local
    ? fs.readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
    : ((await client.send(new ListObjectsV2Command({ Bucket: bucketName }))).Contents?.length ?? 0);

const server = await startServer(dataDir, {
  ...(local ? {} : s3Env),
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  CATALOG_CACHE_MS: '0',
});
const pid = server.child.pid as number;
const api = `${server.base}/api/v1`;
const db = new pg.Client({
  connectionString: `postgresql://postgres@localhost/marketplace?host=${encodeURIComponent(path.join(dataDir, 'run'))}`,
});
await db.connect();

async function call(method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${api}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}
const signIn = async (email: string, password: string) =>
  (await call('POST', '/auth/login', undefined, { email, password })).json.access_token as string;

/** Samples the server's RSS every 50 ms while `work` runs. */
async function measured<T>(run: () => Promise<T>): Promise<{ result: T; baseline: number; peak: number; seconds: number }> {
  const baseline = rssMiB(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 50);
  const started = process.hrtime.bigint();
  try {
    const result = await run();
    return { result, baseline, peak, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } finally {
    clearInterval(sampler);
  }
}

/** Sends a multipart product form with generated files of these sizes, never holding one in memory. */
function uploadProduct(token: string, fileSizes: number[]): Promise<{ status: number; body: string }> {
  const boundary = `----bench${Date.now()}`;
  const fields = {
    title: 'Half a Gigabyte',
    description: 'Files streamed into the bucket.',
    price: '9.00',
    category: 'datasets',
  };
  const head = (name: string, extra = '') =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n`);
  const parts: (Buffer | number)[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(head(name), Buffer.from(`${value}\r\n`));
  fileSizes.forEach((size, index) => {
    parts.push(
      head('files', `; filename="part-${index + 1}.bin"\r\nContent-Type: application/octet-stream`),
      size,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const length = parts.reduce<number>((sum, part) => sum + (typeof part === 'number' ? part : part.length), 0);
  const block = Buffer.alloc(MB, 0x5a);
  return new Promise((resolve, reject) => {
    const request = http.request(`${api}/seller/products`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(length),
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', (error) =>
      error.message.includes('EPIPE') || error.message.includes('ECONNRESET') ? undefined : reject(error),
    );
    (async () => {
      for (const part of parts) {
        if (typeof part !== 'number') {
          if (!request.write(part)) await new Promise((r) => request.once('drain', r));
          continue;
        }
        for (let sent = 0; sent < part; sent += MB) {
          if (request.destroyed || request.writableEnded) return;
          if (!request.write(block.subarray(0, Math.min(MB, part - sent)))) await new Promise((r) => request.once('drain', r));
        }
      }
      request.end();
    })().catch(() => {});
  });
}

const figures: string[] = [];
const sellerToken = await signIn('seller@example.com', 'Seller-demo-2026');
const idle = rssMiB(pid);
figures.push(`server RSS at rest (demo data, files ${local ? 'on local disk' : 'in the bucket'}): ${idle.toFixed(0)} MiB`);

// 1. 500 MB in three files.
const third = Math.floor(TOTAL / 3);
const sizes = [third, third, TOTAL - 2 * third];
const objectsBefore = await objectCount();
const upload = await measured(() => uploadProduct(sellerToken, sizes));
const productId = JSON.parse(upload.result.body).product?.id as string;
figures.push(
  `1. 500 MB product (3 files) streamed into the bucket: ${upload.result.status} in ${upload.seconds.toFixed(1)} s ` +
    `(${(TOTAL / MB / upload.seconds).toFixed(0)} MB/s); server RSS ${upload.baseline.toFixed(0)} → peak ${upload.peak.toFixed(0)} MiB ` +
    `(+${(upload.peak - upload.baseline).toFixed(0)} MiB); objects ${objectsBefore} → ${await objectCount()}`,
);

// 2. One 500 MB file: past the 200 MB limit for a file.
const rows = async () => Number((await db.query('select count(*)::int as n from products')).rows[0].n);
const [rowsBefore, objectsBefore2] = [await rows(), await objectCount()];
const refused = await measured(() => uploadProduct(sellerToken, [TOTAL]));
figures.push(
  `2. one 500 MB file (limit 200 MB): ${refused.result.status} after ${refused.seconds.toFixed(1)} s; server RSS peak ` +
    `+${(refused.peak - refused.baseline).toFixed(0)} MiB; objects ${objectsBefore2} → ${await objectCount()}, product rows ${rowsBefore} → ${await rows()}`,
);

// 3. The buyer's order zip, streamed from the bucket.
await db.query("update products set status = 'approved' where id = $1", [productId]);
const register = await call('POST', '/auth/register', undefined, {
  first_name: 'Bench',
  last_name: 'Buyer',
  email: `bench.storage.${Date.now()}@example.org`,
  password: 'Bench-password-2026',
});
const buyerToken = register.json.access_token as string;
await call('POST', '/cart/add', buyerToken, { product_id: productId, quantity: 1 });
const checkout = await call('POST', '/orders/checkout', buyerToken, { billing_country: 'US' });
const card = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' };
await call('POST', `/payments/confirm-payment/${checkout.json.payment_intent_id}`, buyerToken, card);
const download = await measured(async () => {
  const response = await fetch(`${api}/orders/${checkout.json.order_id}/download-zip`, {
    headers: { authorization: `Bearer ${buyerToken}` },
  });
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return { status: response.status, bytes };
});
figures.push(
  `3. order zip of the 500 MB product streamed from the bucket: ${download.result.status}, ${(download.result.bytes / MB).toFixed(0)} MiB ` +
    `in ${download.seconds.toFixed(1)} s; server RSS ${download.baseline.toFixed(0)} → peak ${download.peak.toFixed(0)} MiB ` +
    `(+${(download.peak - download.baseline).toFixed(0)} MiB)`,
);

console.log(`\n${figures.join('\n')}`);
await db.end();
await stop(server.child);
client.destroy();
await s3.close();
fs.rmSync(work, { recursive: true, force: true });
