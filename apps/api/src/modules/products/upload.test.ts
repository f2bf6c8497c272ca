import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UPLOAD_LIMITS } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, listFiles, signIn, type TestApp } from '../../../test/helpers';

/** Real uploads over a real socket: the size limits and hang-ups that `inject` cannot show. */

const MB = 1024 * 1024;
const PNG_HEAD = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// An ISO media 'ftyp' box with the mp42 brand: enough for content sniffing to say video/mp4.
const MP4_HEAD = Buffer.from('00000018667479706d7034320000000069736f6d6d703432', 'hex');

interface FilePart {
  field: 'images' | 'demo_video' | 'files';
  filename: string;
  contentType: string;
  head?: Buffer;
  size: number;
}

let t: TestApp;
let port: number;
let sellerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const seller = await createUser(t.db, 'seller');
  sellerToken = await signIn(t.app, seller.email, FACTORY_PASSWORD);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

const productRows = async () => ((await t.db.execute(sql`select count(*)::int as n from products`)).rows[0] as { n: number }).n;
const storedFiles = () => listFiles(t.config.filesDir);

const FIELDS = {
  title: 'Sized Upload',
  description: 'A product whose files have real, large sizes.',
  price: '9.99',
  category: 'prompt-packs',
};

/** The multipart body as a generator of chunks, so a 200 MB file never sits in memory. */
function* multipartChunks(boundary: string, file: FilePart): Generator<Buffer> {
  for (const [name, value] of Object.entries(FIELDS)) {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  // A listing needs a file to sell: sized images and videos travel with a small one.
  if (file.field !== 'files') {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="readme.txt"\r\nContent-Type: text/plain\r\n\r\nRead me\r\n`,
    );
  }
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
  );
  const head = file.head ?? Buffer.alloc(0);
  yield head;
  const filler = Buffer.alloc(MB, 7);
  for (let left = file.size - head.length; left > 0; left -= MB) yield left >= MB ? filler : filler.subarray(0, left);
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

function bodyLength(boundary: string, file: FilePart): number {
  let length = 0;
  for (const chunk of multipartChunks(boundary, { ...file, size: file.head?.length ?? 0 })) length += chunk.length;
  return length + file.size - (file.head?.length ?? 0);
}

interface Sent {
  status: number;
  body: { detail?: string; code?: string; product?: { id: string } };
}

/**
 * Posts a product with one file over HTTP, honouring back-pressure. With `hangUpAfter`, the
 * client destroys its socket once that many bytes are out and resolves with status 0.
 */
function sendProduct(file: FilePart, hangUpAfter?: number): Promise<Sent> {
  const boundary = `----sized${randomBytes(8).toString('hex')}`;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (value: Sent | Error) => {
      if (settled) return;
      settled = true;
      if (value instanceof Error) reject(value);
      else resolve(value);
    };
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/seller/products',
      headers: {
        ...bearer(sellerToken),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(bodyLength(boundary, file)),
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        finish({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') }),
      );
    });
    // The server may answer 413 and stop reading before the client is done: the answer still counts.
    request.on('error', (error) => {
      if (hangUpAfter === undefined) setTimeout(() => finish(error), 1000);
    });
    const chunks = multipartChunks(boundary, file);
    let sent = 0;
    const pump = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        sent += next.value.length;
        if (hangUpAfter !== undefined && sent >= hangUpAfter) {
          request.destroy();
          finish({ status: 0, body: {} });
          return;
        }
        if (!request.write(next.value)) {
          request.once('drain', pump);
          return;
        }
      }
      request.end();
    };
    pump();
  });
}

const image = (size: number): FilePart => ({
  field: 'images',
  filename: 'cover.png',
  contentType: 'image/png',
  head: PNG_HEAD,
  size,
});
const video = (size: number): FilePart => ({
  field: 'demo_video',
  filename: 'demo.mp4',
  contentType: 'video/mp4',
  head: MP4_HEAD,
  size,
});
const file = (size: number): FilePart => ({
  field: 'files',
  filename: 'model.bin',
  contentType: 'application/octet-stream',
  size,
});

async function expectStored(sent: Sent, field: FilePart['field'], size: number) {
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const id = sent.body.product?.id as string;
  if (field === 'files') {
    const rows = (await t.db.execute(sql`select size_bytes from product_files where product_id = ${id}`)).rows;
    expect(rows).toEqual([{ size_bytes: size }]);
  } else {
    expect(storedFiles().some((key) => key.includes(id))).toBe(true);
  }
}

/** What a refused or abandoned upload may leave: nothing at all. */
async function expectNothingLeft(before: { rows: number; files: number }) {
  await expect.poll(() => storedFiles().filter((key) => key.endsWith('.tmp')), { timeout: 5000 }).toEqual([]);
  expect({ rows: await productRows(), files: storedFiles().length }).toEqual(before);
}

describe('seller uploads over HTTP', () => {
  it('stores a 1 MB file', async () => {
    await expectStored(await sendProduct(file(MB)), 'files', MB);
  });

  it('stores a 50 MB file', async () => {
    await expectStored(await sendProduct(file(50 * MB)), 'files', 50 * MB);
  });

  it.each([
    ['image', image, UPLOAD_LIMITS.image.maxBytes, 'images'],
    ['video', video, UPLOAD_LIMITS.video.maxBytes, 'demo_video'],
    ['file', file, UPLOAD_LIMITS.file.maxBytes, 'files'],
  ] as const)('takes a %s of exactly its maximum size and refuses one byte more with 413', async (_kind, part, max, field) => {
    await expectStored(await sendProduct(part(max)), field, max);

    const before = { rows: await productRows(), files: storedFiles().length };
    const refused = await sendProduct(part(max + 1));
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      detail: 'Files too large - reduce file sizes',
      code: 'PAYLOAD_TOO_LARGE',
      messageId: 'products.filesTooLargeReduceFile',
    });
    await expectNothingLeft(before);
  });

  it('leaves nothing behind when the client hangs up mid-body, and keeps serving', async () => {
    const before = { rows: await productRows(), files: storedFiles().length };
    const abandoned = await sendProduct(file(40 * MB), 15 * MB);
    expect(abandoned.status).toBe(0);
    await expectNothingLeft(before);
    await expectStored(await sendProduct(file(2 * MB)), 'files', 2 * MB);
  });
});
