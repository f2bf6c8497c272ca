import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductFile, createPaidOrder, createProduct, createUser, FACTORY_PASSWORD } from '../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/helpers';
import { buildApp } from '../app';
import { redactUrl } from './log-redaction';

/** The request log keeps what was asked for, never a credential that came with the address. */

let t: TestApp;
let logged: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The same application as in production, logging at info level into memory.
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  logged = await buildApp(t.deps, { logger: { level: 'info', stream } });
  await logged.ready();
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

describe('the request log', () => {
  it('shows a download, a reset link and an unsubscribe link without their tokens', async () => {
    const seller = await createUser(t.db, 'seller');
    const buyer = await createUser(t.db, 'buyer');
    const product = await createProduct(t.db, seller);
    await addProductFile(t.deps, product.id, 'kit.txt', 'the kit');
    const order = await createPaidOrder(t.db, buyer, product);
    const token = await signIn(logged, buyer.email, FACTORY_PASSWORD);
    const links = (
      await logged.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/download-links`, headers: bearer(token) })
    ).json().links as { url: string }[];
    const downloadToken = links[0]?.url.split('/').pop() as string;
    expect(downloadToken.length).toBeGreaterThan(20);
    const download = await logged.inject({ method: 'GET', url: links[0]?.url as string });
    expect(download.body).toBe('the kit');

    await logged.inject({ method: 'GET', url: '/reset-password?token=ResetSecret0123456789' });
    await logged.inject({ method: 'GET', url: '/api/v1/newsletter/unsubscribe?lang=en&token=UnsubscribeSecret0123' });

    const log = lines.join('');
    expect(log).toContain('/api/v1/downloads/[redacted]');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/api/v1/newsletter/unsubscribe?lang=en&token=[redacted]');
    for (const secret of [downloadToken, 'ResetSecret0123456789', 'UnsubscribeSecret0123', token]) {
      expect(log).not.toContain(secret);
    }
  });

  it('redacts only credentials', () => {
    expect(redactUrl('/api/v1/downloads/review/abc.def?x=1')).toBe('/api/v1/downloads/review/[redacted]?x=1');
    expect(redactUrl('/api/v1/products?search=token&page=2')).toBe('/api/v1/products?search=token&page=2');
    expect(redactUrl('/newsletter/confirm?token=a.b.c#top')).toBe('/newsletter/confirm?token=[redacted]#top');
    expect(redactUrl('/api/v1/orders/download-product-files/123')).toBe('/api/v1/orders/download-product-files/123');
  });
});
