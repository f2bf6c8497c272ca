import net, { type AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidOrder, createProduct, createUser, FACTORY_PASSWORD } from '../test/factories';
import { bearer, createTestApp, listFiles, multipartForm, signIn, type TestApp } from '../test/helpers';

/** The answers the outside fuzzer got 500s for, each now a clear 4xx with our `{detail, code}` body. */

const NUL = 'Text must not contain NUL characters';
const LOOSE_ID = '------------------------------------';

let t: TestApp;
let buyer: string;
let seller: string;
let simpleAdmin: string;
let admin: string;
let productId: string;
let orderId: string;
let simpleAdminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const users = {
    buyer: await createUser(t.db, 'buyer'),
    seller: await createUser(t.db, 'seller'),
    simple: await createUser(t.db, 'simple_admin'),
    admin: await createUser(t.db, 'admin'),
  };
  const token = (user: { email: string }) => signIn(t.app, user.email, FACTORY_PASSWORD);
  [buyer, seller, simpleAdmin, admin] = await Promise.all([
    token(users.buyer),
    token(users.seller),
    token(users.simple),
    token(users.admin),
  ]);
  const product = await createProduct(t.db, users.seller);
  productId = product.id;
  orderId = (await createPaidOrder(t.db, users.buyer, product)).id;
  simpleAdminId = users.simple.id;
});
afterAll(async () => {
  await t.close();
});

const send = (token: string | null, method: InjectOptions['method'], url: string, payload?: InjectOptions['payload']) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });

function expectError(response: { statusCode: number; json(): unknown }, status: number, detail?: string | RegExp) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { detail: unknown; code: unknown };
  expect(body).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
  if (detail) expect(body.detail).toMatch(detail);
}

describe('ids', () => {
  it('treats ids that only look like UUIDs as unknown (404), on every kind of route', async () => {
    const cases: [string | null, InjectOptions['method'], string, object?][] = [
      [null, 'GET', `/products/${LOOSE_ID}`],
      [null, 'GET', `/products/${LOOSE_ID}/reviews`],
      [buyer, 'PUT', `/cart/items/${LOOSE_ID}`, { quantity: 1 }],
      [buyer, 'DELETE', `/cart/items/${LOOSE_ID}`],
      [buyer, 'GET', `/orders/${LOOSE_ID}`],
      [buyer, 'GET', `/orders/download-product-files/${LOOSE_ID}`],
      [buyer, 'PUT', `/reviews/${LOOSE_ID}`, { rating: 5, comment: 'Great stuff' }],
      [seller, 'GET', `/seller/products/${LOOSE_ID}`],
      [simpleAdmin, 'GET', `/simple-admin/products/${LOOSE_ID}`],
      [admin, 'PUT', `/admin/products/${LOOSE_ID}/approve`],
      [admin, 'PUT', `/admin/users/${LOOSE_ID}`, { is_active: false }],
      [admin, 'GET', `/admin/orders/${LOOSE_ID}`],
      [admin, 'PUT', `/super-admin/simple-admins/${LOOSE_ID}`, { first_name: 'Renamed' }],
      [admin, 'GET', `/admin/simple-admins/${'f'.repeat(36)}/products`],
      // Versions and revisions (decision 0038).
      [null, 'GET', `/products/${LOOSE_ID}/versions`],
      [seller, 'GET', `/seller/products/${LOOSE_ID}/versions`],
      [admin, 'GET', `/admin/products/${productId}/versions/${LOOSE_ID}`],
      [admin, 'PUT', `/admin/products/${LOOSE_ID}/versions/${LOOSE_ID}/approve`],
      [admin, 'GET', `/admin/product-revisions/${LOOSE_ID}`],
      [admin, 'PUT', `/admin/product-revisions/${LOOSE_ID}/approve`],
    ];
    for (const [token, method, url, payload] of cases)
      expectError(await send(token, method, url, payload), 404, /not found|purchased|not in your cart/i);
  });

  it('refuses a loose id in a body field with 422', async () => {
    expectError(await send(buyer, 'POST', '/wishlist/add', { product_id: LOOSE_ID }), 422, 'Product not found');
    expectError(await send(buyer, 'POST', '/cart/add', { product_id: LOOSE_ID }), 422);
    expectError(await send(buyer, 'POST', '/orders/validate-cart', { cart_items: [{ product_id: LOOSE_ID }] }), 422);
    expectError(
      await send(admin, 'POST', '/admin/products/bulk-update', { product_ids: [LOOSE_ID], updates: { featured: true } }),
      422,
    );
  });
});

describe('NUL characters', () => {
  it('are refused with 422 in queries, paths and JSON bodies, and nothing is stored', async () => {
    const cases: [string | null, InjectOptions['method'], string, object?][] = [
      [null, 'GET', '/products/?search=ab%00cd'],
      [null, 'GET', '/products/a%00b'],
      [buyer, 'POST', '/cart/promo', { code: 'SAVE\u000010' }],
      [buyer, 'PUT', '/users/me', { first_name: 'Ni\u0000na' }],
      [buyer, 'POST', `/products/${productId}/reviews`, { rating: 5, comment: 'Fine\u0000 tool' }],
      [buyer, 'POST', `/orders/${orderId}/request-refund`, { reason: 'It did not work \u0000 at all' }],
      [admin, 'PUT', '/admin/settings', { site_name: 'Market\u0000place' }],
      [admin, 'PUT', `/admin/products/${productId}/reject`, { reason: 'Bad \u0000 listing' }],
      [admin, 'PUT', `/admin/product-revisions/${productId}/reject`, { reason: 'Bad \u0000 edit' }],
      [admin, 'PUT', `/admin/products/${productId}/versions/${productId}/reject`, { reason: 'Bad \u0000 version' }],
      [admin, 'POST', '/admin/notifications', { title: 'Hello\u0000', message: 'A message for all' }],
      [
        admin,
        'POST',
        '/super-admin/simple-admins',
        { email: 'x@example.org', password: 'Kettle-drum-2026', first_name: 'A\u0000b' },
      ],
      [buyer, 'POST', '/orders/validate-cart', { cart_items: [{ product_id: productId, 'ke\u0000y': 1 }] }],
    ];
    for (const [token, method, url, payload] of cases) {
      const response = await send(token, method, url, payload);
      expectError(response, 422, NUL);
    }
    const settings = (await send(null, 'GET', '/settings/public')).json();
    expect(settings.site_name).toBe('AI Marketplace');
    expect((await send(buyer, 'GET', '/users/me')).json().first_name).toBe('Fay');
  });

  it('are refused with 422 in a product form sent as multipart, leaving nothing behind', async () => {
    const before = listFiles(t.config.filesDir).length;
    const form = multipartForm([
      { name: 'title', value: 'Nul\u0000Title' },
      { name: 'description', value: 'A description that is long enough.' },
      { name: 'price', value: '5' },
      { name: 'category', value: 'prompt-packs' },
      { name: 'files', filename: 'a.txt', data: Buffer.from('a') },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/seller/products',
      headers: { ...bearer(seller), ...form.headers },
      payload: form.payload,
    });
    expectError(response, 422, NUL);
    expect(listFiles(t.config.filesDir).length).toBe(before);
  });
});

describe('empty updates', () => {
  it('answer 422 "Nothing to update" instead of failing', async () => {
    for (const [token, url] of [
      [buyer, '/users/me'],
      [admin, '/admin/settings'],
      [admin, `/super-admin/simple-admins/${simpleAdminId}`],
      [admin, `/super-admin/simple-admins-no-auth/${simpleAdminId}`],
      [admin, `/admin/users/${simpleAdminId}`],
    ] as const) {
      expectError(await send(token, 'PUT', url, {}), 422, /^Nothing to update/);
    }
  });
});

describe('dates', () => {
  it('outside years 1–9999 are refused with 422', async () => {
    for (const query of ['start_date=-000001-01-01', 'end_date=275760-09-13', 'start_date=+010000-01-01', 'start_date=soon']) {
      expectError(await send(buyer, 'GET', `/orders/?${query}`), 422, /must be a date/);
      expectError(await send(admin, 'GET', `/admin/orders?${query}`), 422, /must be a date/);
    }
    expect((await send(buyer, 'GET', '/orders/?start_date=2020-01-01&end_date=9999-12-31')).statusCode).toBe(200);
  });
});

describe('media keys', () => {
  it('starting with "-" or a dot are simply not found', async () => {
    for (const file of ['-x.png', '.x.png', '--.svg']) {
      expectError(await send(null, 'GET', `/media/avatars/${file}`), 404, 'File not found');
    }
  });
});

describe('malformed requests', () => {
  const truncated = '--edge\r\nContent-Disposition: form-data; name="files"; filename="a.bin"\r\n\r\nhalf a fi';

  it('answers truncated or garbled multipart with 400', async () => {
    const before = listFiles(t.config.filesDir).length;
    for (const [token, url] of [
      [seller, '/seller/products'],
      [simpleAdmin, '/simple-admin/products'],
      [buyer, '/users/upload-avatar'],
    ] as const) {
      for (const body of [truncated, 'not multipart at all']) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/v1${url}`,
          payload: body,
          headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=edge' },
        });
        expectError(response, 400, /malformed|not multipart/i);
      }
    }
    expect(listFiles(t.config.filesDir).length).toBe(before);
  });

  it("gives Fastify's own 400 and 414 answers our {detail, code} body", async () => {
    const json = { 'content-type': 'application/json' };
    const badJson = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me',
      headers: { ...bearer(buyer), ...json },
      payload: '{"first_name": ',
    });
    expect(badJson.json()).toEqual({
      detail: 'The request body is not valid JSON',
      code: 'BAD_REQUEST',
      messageId: 'common.requestBodyNotValidJson',
    });
    expect(badJson.statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: json, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      detail: 'The request body is empty but its content type says JSON',
      code: 'BAD_REQUEST',
      messageId: 'common.requestBodyEmptyButContent',
    });
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/v1/products/${'x'.repeat(1500)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      detail: 'The address is too long',
      code: 'URI_TOO_LONG',
      messageId: 'common.addressTooLong',
    });
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/v1/products/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

/** Writes raw bytes to the listening server and returns what it answers before closing. */
async function rawExchange(request: string): Promise<{ status: number; body: unknown }> {
  const { port } = t.app.server.address() as AddressInfo;
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString();
    });
    socket.on('close', () => resolve(data));
    socket.on('error', (error) => (data ? resolve(data) : reject(error)));
  });
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
}

describe('requests Node itself cannot parse', () => {
  it('are answered with {detail, code} too', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(await rawExchange('NONSENSE\r\n\r\n')).toEqual({
      status: 400,
      body: { detail: 'The request is malformed', code: 'BAD_REQUEST', messageId: 'common.requestMalformed' },
    });
    expect(await rawExchange(`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).toEqual({
      status: 431,
      body: {
        detail: 'The request headers are too large',
        code: 'HEADERS_TOO_LARGE',
        messageId: 'common.requestHeadersTooLarge',
      },
    });
  });
});

describe('body limits', () => {
  it('refuse a 2 MiB JSON body with 413 on every kind of route, seller and simple-admin ones included', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) });
    for (const [token, method, url] of [
      [seller, 'POST', '/seller/products'],
      [seller, 'PUT', `/seller/products/${productId}`],
      [simpleAdmin, 'POST', '/simple-admin/products'],
      [simpleAdmin, 'PUT', `/simple-admin/products/${productId}`],
      [buyer, 'PUT', '/users/me'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: big,
      });
      expect(response.statusCode, url).toBe(413);
      expect(response.json()).toEqual({
        detail: 'Request too large',
        code: 'PAYLOAD_TOO_LARGE',
        messageId: 'common.requestTooLarge',
      });
    }
  });
});

describe('page sizes', () => {
  it('refuses a limit above a list’s maximum with a 422 naming it, instead of clamping it', async () => {
    for (const [token, url, message] of [
      [null, '/products?limit=101', 'limit must be at most 100'],
      [null, `/products/${productId}/reviews?limit=51`, 'limit must be at most 50'],
      [null, '/community/threads?limit=51', 'limit must be at most 50'],
      [buyer, '/orders?limit=101', 'limit must be at most 100'],
      [buyer, '/payments/history?limit=101', 'limit must be at most 100'],
      [admin, '/admin/users?limit=101', 'limit must be at most 100'],
      [admin, `/admin/simple-admins/${simpleAdminId}/products?limit=101`, 'limit must be at most 100'],
      [admin, '/ai-token-payments/transfer-history?limit=201', 'limit must be at most 200'],
      [seller, '/seller/products?page=0', 'page must be 1 or more'],
    ] as const) {
      expectError(await send(token, 'GET', url), 422, message);
    }
  });

  it('answers the largest allowed limit with the standard envelope', async () => {
    const orders = (await send(buyer, 'GET', '/orders?limit=100')).json();
    expect(orders).toMatchObject({ orders: [expect.any(Object)], total: 1, page: 1, pages: 1 });
    const own = (await send(simpleAdmin, 'GET', '/simple-admin/products?skip=0&limit=100')).json();
    expect(own).toMatchObject({ products: [], total: 0, page: 1, pages: 0, skip: 0, limit: 100 });
  });
});

describe('the API reference', () => {
  it('is browsable at /api/docs and documents the API', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/v1/products/{id}', '/api/v1/cart/add']));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json().paths).toEqual(document.paths);
  });
});
