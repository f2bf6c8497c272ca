import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, FACTORY_PASSWORD } from '../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../test/helpers';

/**
 * An answer given before the request body has fully arrived (413 halfway through an upload, 401 or
 * 415 before reading it) must not leave the keep-alive connection stuck on the unread rest: the
 * next request of that client has to be answered, on this connection or on a new one.
 */

const MB = 1024 * 1024;
/** Detects a hang; it says nothing about speed. */
const HANG_MS = 15_000;
const PNG_HEAD = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

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

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`hung: ${what}`)), HANG_MS);
  });
  return Promise.race([promise, hang]).finally(() => clearTimeout(timer));
}

interface Answer {
  status: number;
  body: string;
  connection: string | undefined;
}

/**
 * One request through a keep-alive agent, the body written with back-pressure. Once the answer is
 * in, a failing write (the server closed the connection) is the expected end of the upload.
 */
function send(
  agent: http.Agent,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Iterable<Buffer> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request({
      host: '127.0.0.1',
      port,
      agent,
      method: options.method,
      path: options.path,
      headers: options.headers,
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        answered = true;
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          connection: response.headers.connection,
        });
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunks = (options.body ?? [])[Symbol.iterator]();
    const pump = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        if (request.destroyed) return;
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

/** A product form whose one image is `size` bytes, streamed in 1 MB chunks. */
function oversizedProduct(size: number): { headers: Record<string, string>; body: Buffer[] } {
  const boundary = `----early${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nToo big\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG_HEAD,
  ];
  const filler = Buffer.alloc(MB, 7);
  for (let left = size - PNG_HEAD.length; left > 0; left -= MB) chunks.push(left >= MB ? filler : filler.subarray(0, left));
  chunks.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
    body: chunks,
  };
}

const health = (agent: http.Agent) => send(agent, { method: 'GET', path: '/api/v1/health' });

describe('an early answer to an unfinished body', () => {
  it('answers 413 to an oversized upload, then the next request of that client, ten times over', async () => {
    // One connection at a time: a connection stuck on the unread upload would queue the next request forever.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let round = 1; round <= 10; round += 1) {
        const upload = oversizedProduct(24 * MB);
        const refused = await within(
          send(agent, {
            method: 'POST',
            path: '/api/v1/seller/products',
            headers: { ...bearer(sellerToken), ...upload.headers },
            body: upload.body,
          }),
          `the oversized upload of round ${round}`,
        );
        expect(refused.status).toBe(413);
        expect(JSON.parse(refused.body)).toEqual({
          detail: 'Files too large - reduce file sizes',
          code: 'PAYLOAD_TOO_LARGE',
          messageId: 'products.filesTooLargeReduceFile',
        });
        const next = await within(health(agent), `the request after the upload of round ${round}`);
        expect(next.status).toBe(200);
        // The unread rest of the upload is not waited for: the client goes on over a new connection.
        expect(refused.connection).toBe('close');
      }
    } finally {
      agent.destroy();
    }
  }, 240_000);

  it.each([
    ['a stranger (401)', {}, 401],
    ['a wrong content type (415)', { 'content-type': 'application/x-tar' }, 415],
  ] as const)('answers %s without reading the upload, then the next request', async (_case, headers, status) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const upload = oversizedProduct(24 * MB);
      const answer = await within(
        send(agent, {
          method: 'POST',
          path: '/api/v1/seller/products',
          headers: { ...upload.headers, ...(status === 415 && bearer(sellerToken)), ...headers },
          body: upload.body,
        }),
        'the refused upload',
      );
      expect(answer.status).toBe(status);
      expect((await within(health(agent), 'the request after the refused upload')).status).toBe(200);
      expect(answer.connection).toBe('close');
    } finally {
      agent.destroy();
    }
  });

  it('answers 413 to a JSON body over the limit, then the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = [Buffer.from('{"email":"'), ...Array.from({ length: 8 }, () => Buffer.alloc(MB, 97)), Buffer.from('"}')];
      const answer = await within(
        send(agent, {
          method: 'POST',
          path: '/api/v1/auth/login',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          body,
        }),
        'the oversized JSON body',
      );
      expect(answer.status).toBe(413);
      expect((await within(health(agent), 'the request after the JSON body')).status).toBe(200);
      expect(answer.connection).toBe('close');
    } finally {
      agent.destroy();
    }
  });

  it('keeps the connection of a request whose body was read in full', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, {
        method: 'POST',
        path: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        body: [Buffer.from(JSON.stringify({ email: 'nobody@example.org', password: 'wrong-password-1' }))],
      });
      expect(first.status).toBe(401);
      expect(first.connection).toBe('keep-alive');
      expect((await health(agent)).connection).toBe('keep-alive');
    } finally {
      agent.destroy();
    }
  });
});
