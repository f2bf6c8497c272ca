import { randomUUID } from 'node:crypto';
import { CHAT_MESSAGE_MAX_LENGTH } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';

/**
 * Every API route declares a schema for its success answer: the OpenAPI document then shows what
 * each route returns, and the serializer sends only what the schema names. The fuzz test already
 * checks that every registered route is in the document.
 */

/** Routes that answer with a file: documented by content type (a binary string), never as JSON. */
const BINARY_ROUTES = [
  'GET /api/v1/downloads/{token}', // a product file, streamed
  'GET /api/v1/media/{folder}/{file}', // an image
  'GET /api/v1/orders/{id}/download-zip', // a zip of the order's files
  'GET /api/v1/orders/download-product-files/{productId}', // a zip of one product's files
  'GET /api/v1/admin/newsletter/subscribers.csv', // the subscriber list as CSV
];
/** The OpenAPI document describes itself by being one. */
const UNDOCUMENTED = ['GET /api/v1/openapi.json'];

/**
 * Not yet declared, each entry a path prefix or an exact "METHOD path". An entry that no longer
 * covers a route without a schema fails the last test: delete it then.
 */
const PENDING: string[] = [];

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let t: TestApp;
let routes: { route: string; operation: Operation }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
  );
});
afterAll(() => t.close());

const covers = (entry: string, route: string) =>
  entry.includes(' ') ? route === entry : Boolean(route.split(' ')[1]?.startsWith(entry));
const isPending = (route: string) => PENDING.some((entry) => covers(entry, route));

const declaresSuccess = (operation: Operation) =>
  Object.entries(operation.responses ?? {}).some(
    ([status, response]) => /^2\d\d$/.test(status) && Object.values(response.content ?? {}).some((c) => c.schema),
  );

describe('response schemas', () => {
  it('are declared for a success answer of every API route', () => {
    const api = routes.filter(({ route }) => route.split(' ')[1]?.startsWith('/api/v1/'));
    expect(api.length).toBeGreaterThan(100);
    const missing = api
      .filter(({ route }) => !UNDOCUMENTED.includes(route) && !isPending(route))
      .filter(({ operation }) => !declaresSuccess(operation))
      .map(({ route }) => route);
    expect(missing).toEqual([]);
  });

  it('documents file answers by their content type, not as JSON', () => {
    for (const route of BINARY_ROUTES) {
      const ok = routes.find((r) => r.route === route)?.operation.responses?.['200'];
      expect(ok, route).toBeDefined();
      const types = Object.keys(ok?.content ?? {});
      expect(types.length, route).toBeGreaterThan(0);
      expect(types, route).not.toContain('application/json');
      for (const type of types) expect(ok?.content?.[type]?.schema, route).toEqual({ type: 'string', format: 'binary' });
    }
  });

  it('documents the product list, an order and a 204 answer with their shapes', () => {
    const responses = (route: string) => routes.find((r) => r.route === route)?.operation.responses ?? {};
    const list = responses('GET /api/v1/products/')['200']?.content?.['application/json']?.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(list.properties)).toEqual(
      expect.arrayContaining(['products', 'total', 'total_capped', 'page', 'pages', 'facets', 'did_you_mean']),
    );
    const order = responses('GET /api/v1/orders/{id}')['200']?.content?.['application/json']?.schema as {
      properties: Record<string, unknown>;
    };
    expect(order.properties).toHaveProperty('total_amount');
    expect(responses('DELETE /api/v1/reviews/{id}')).toHaveProperty('204');
  });

  it('documents the error body of every route that documents its answers', () => {
    const responses = routes.find((r) => r.route === 'GET /api/v1/products/{id}')?.operation.responses ?? {};
    const error = responses['4XX']?.content?.['application/json']?.schema as { properties: Record<string, unknown> };
    expect(Object.keys(error.properties)).toEqual(['detail', 'code', 'messageId', 'errors']);
    expect(responses).toHaveProperty('5XX');
  });

  it('leaves error bodies exactly as the error handler writes them', async () => {
    const missing = await t.app.inject({ url: `/api/v1/products/${randomUUID()}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Product not found', code: 'NOT_FOUND', messageId: 'catalog.productNotFound' });

    const anonymous = await t.app.inject({ url: '/api/v1/orders/stats' });
    expect(anonymous.statusCode).toBe(401);
    expect(Object.keys(anonymous.json())).toEqual(['detail', 'code', 'messageId']);

    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chatbot/message',
      payload: { message: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({
      detail: `Messages can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
      code: 'VALIDATION_FAILED',
      messageId: 'chatbot.messagesAtMost500Characters',
      errors: [
        {
          field: 'message',
          message: `Messages can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
          messageId: 'chatbot.messagesAtMost500Characters',
        },
      ],
    });
  });

  it('keeps no pending entry whose routes all declare their answers', () => {
    const done = PENDING.filter((entry) => {
      const covered = routes.filter(({ route }) => covers(entry, route));
      return covered.every(({ operation }) => declaresSuccess(operation));
    });
    expect(done, 'delete these entries from PENDING').toEqual([]);
  });
});
