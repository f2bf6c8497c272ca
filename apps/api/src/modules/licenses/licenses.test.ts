import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutAndPay, createProduct, createUser, type SignedInUser, signedInUser } from '../../../test/factories';
import { callAs, createTestApp, decodedOutbox, type TestApp } from '../../../test/helpers';
import { orderItems, orders } from '../../db/schema';
import { generateLicenseKey, normalizeLicenseKey } from './keys';

let t: TestApp;
let seller: SignedInUser;
let otherSeller: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ LICENSE_RATE_LIMIT_PER_MINUTE: '1000', LICENSE_KEY_RATE_LIMIT_PER_MINUTE: '1000' });
  seller = await signedInUser(t, 'seller');
  otherSeller = await signedInUser(t, 'seller');
  admin = await signedInUser(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const anonymous = () => callAs(t.app, null);

/** A product of `seller` with keys on (limit null: unlimited). */
async function licensedProduct(limit: number | null, owner = seller) {
  const product = await createProduct(t.db, owner.user, { priceCents: 2500 });
  const saved = await owner.call('PUT', `/seller/products/${product.id}/license-settings`, {
    enabled: true,
    activation_limit: limit,
  });
  expect(saved.statusCode).toBe(200);
  return product;
}

/** A new buyer who bought `productId` through checkout and the test card; their keys. */
async function buy(productId: string) {
  const buyer = await signedInUser(t, 'buyer');
  expect((await buyer.call('POST', '/cart/add', { product_id: productId, quantity: 1 })).statusCode).toBe(200);
  const { order_id } = await checkoutAndPay(buyer.call);
  const keys = (await buyer.call('GET', `/licenses/mine?order_id=${order_id}`)).json().licenses;
  return { buyer, orderId: order_id, keys, key: keys[0]?.key as string };
}

const verify = (product_id: string, key: string) => anonymous()('POST', '/licenses/verify', { product_id, key });
const activate = (product_id: string, key: string, instance: string) =>
  anonymous()('POST', '/licenses/activate', { product_id, key, instance });

describe('licence keys', () => {
  it('are random, readable and read back however they are typed', () => {
    const key = generateLicenseKey();
    expect(key).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){5}$/);
    expect(new Set(Array.from({ length: 200 }, generateLicenseKey)).size).toBe(200);
    expect(normalizeLicenseKey(` ${key.toLowerCase().replace(/-/g, ' ')} `)).toBe(key);
    expect(normalizeLicenseKey('O0IL-1111-2222-3333-4444-5555')).toBe('0011-1111-2222-3333-4444-5555');
    expect(normalizeLicenseKey('not a key')).toBeNull();
  });

  it('issues one key per paid line, shown to the buyer, the seller and in the receipt, never stored in the clear', async () => {
    const product = await licensedProduct(3);
    const { buyer, orderId, keys, key } = await buy(product.id);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      product_id: product.id,
      order_id: orderId,
      status: 'active',
      activations: { used: 0, limit: 3 },
      instances: [],
    });
    const stored = (await t.db.execute(sql`select * from license_keys where order_id = ${orderId}`)).rows[0] as Record<
      string,
      string
    >;
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(JSON.stringify(stored)).not.toContain(key.replace(/-/g, ''));
    expect(stored.key_last4).toBe(key.slice(-4));

    const receipt = decodedOutbox(t.config).find((mail) => mail.to.includes(buyer.user.email));
    expect(receipt?.body).toContain(key);

    const sold = (await seller.call('GET', `/seller/licenses?product_id=${product.id}`)).json();
    expect(sold.licenses).toHaveLength(1);
    expect(sold.licenses[0]).toMatchObject({ key, buyer_email: buyer.user.email, order_id: orderId });
  });

  it('issues no key for a product without keys on', async () => {
    const product = await createProduct(t.db, seller.user);
    const { keys } = await buy(product.id);
    expect(keys).toEqual([]);
  });

  it('verifies a key for its product; a wrong key answers the same whether the product exists or not', async () => {
    const product = await licensedProduct(null);
    const { key } = await buy(product.id);
    const ok = await verify(product.id, key.toLowerCase());
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      valid: true,
      status: 'active',
      refunded: false,
      disabled: false,
      product: { id: product.id, title: product.title },
      activations: { used: 0, limit: null },
    });
    const other = await licensedProduct(null);
    const answers = await Promise.all([
      verify(other.id, key),
      verify('00000000-0000-4000-8000-000000000000', key),
      verify(product.id, generateLicenseKey()),
      verify('00000000-0000-4000-8000-000000000000', generateLicenseKey()),
      verify(product.id, 'garbage'),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'This licence key is not valid for this product' });
    }
  });

  it('never lets concurrent activations pass the limit', async () => {
    const product = await licensedProduct(3);
    const { key, buyer } = await buy(product.id);
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => activate(product.id, key, `machine-${i}`)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(21);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().detail).toBe(
      'This licence key has reached its activation limit',
    );
    expect((await verify(product.id, key)).json().activations).toEqual({ used: 3, limit: 3 });
    const active = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().instance as string);
    // The same instance again is the same activation, even at the limit.
    const again = await activate(product.id, key, active[0] as string);
    expect(again.json()).toMatchObject({ changed: false, activations: { used: 3, limit: 3 } });
    // Deactivating frees a seat for another instance.
    const freed = await anonymous()('POST', '/licenses/deactivate', { product_id: product.id, key, instance: active[0] });
    expect(freed.json()).toMatchObject({ changed: true, activations: { used: 2, limit: 3 } });
    expect(
      (await anonymous()('POST', '/licenses/deactivate', { product_id: product.id, key, instance: active[0] })).statusCode,
    ).toBe(404);
    expect((await activate(product.id, key, 'new-laptop')).statusCode).toBe(200);
    const mine = (await buyer.call('GET', '/licenses/mine')).json().licenses[0];
    expect(mine.activations).toEqual({ used: 3, limit: 3 });
    expect(mine.instances.map((i: { instance: string }) => i.instance)).toContain('new-laptop');
  });

  it('disables the key at once on refund; only the seller could turn it on, and not while refunded', async () => {
    const product = await licensedProduct(2);
    const { buyer, orderId, key, keys } = await buy(product.id);
    expect((await activate(product.id, key, 'desk')).statusCode).toBe(200);
    expect(
      (await buyer.call('POST', `/orders/${orderId}/request-refund`, { reason: 'It does not work with my setup' })).statusCode,
    ).toBe(201);
    expect((await admin.call('PUT', `/admin/orders/${orderId}/refund`, { decision: 'approve' })).statusCode).toBe(200);

    const after = (await verify(product.id, key)).json();
    expect(after).toMatchObject({ valid: false, status: 'refunded', refunded: true, disabled: true });
    const refused = await activate(product.id, key, 'laptop');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('This licence key is no longer valid: its order was refunded');
    expect((await buyer.call('GET', '/licenses/mine')).json().licenses[0].status).toBe('refunded');
    const enable = await seller.call('POST', `/seller/licenses/${keys[0].id}/enable`);
    expect(enable.statusCode).toBe(409);

    // Should the order ever be paid again (a reversed refund), the key stays off until the seller acts.
    await t.db.execute(sql`update orders set payment_status = 'paid', status = 'completed' where id = ${orderId}`);
    expect((await verify(product.id, key)).json()).toMatchObject({ valid: false, status: 'refunded' });
    expect((await seller.call('POST', `/seller/licenses/${keys[0].id}/enable`)).statusCode).toBe(200);
    expect((await verify(product.id, key)).json()).toMatchObject({ valid: true, status: 'active' });
  });

  it('lets the seller disable, enable and reset keys of their own products only', async () => {
    const product = await licensedProduct(1);
    const { key, keys, buyer } = await buy(product.id);
    const id = keys[0].id as string;
    expect((await activate(product.id, key, 'one')).statusCode).toBe(200);
    expect((await activate(product.id, key, 'two')).statusCode).toBe(409);

    // Another seller, the buyer, an admin who is not the seller, and strangers.
    for (const action of ['disable', 'enable', 'reset']) {
      expect((await otherSeller.call('POST', `/seller/licenses/${id}/${action}`)).statusCode).toBe(404);
      expect((await admin.call('POST', `/seller/licenses/${id}/${action}`)).statusCode).toBe(404);
      expect((await buyer.call('POST', `/seller/licenses/${id}/${action}`)).statusCode).toBe(403);
      expect((await anonymous()('POST', `/seller/licenses/${id}/${action}`)).statusCode).toBe(401);
    }
    expect((await otherSeller.call('GET', `/seller/licenses?product_id=${product.id}`)).json().licenses).toEqual([]);
    expect((await otherSeller.call('GET', `/seller/products/${product.id}/license-settings`)).statusCode).toBe(404);
    expect(
      (
        await otherSeller.call('PUT', `/seller/products/${product.id}/license-settings`, {
          enabled: false,
          activation_limit: null,
        })
      ).statusCode,
    ).toBe(404);
    expect((await buyer.call('GET', `/seller/products/${product.id}/license-settings`)).statusCode).toBe(403);

    expect((await seller.call('POST', `/seller/licenses/${id}/reset`)).statusCode).toBe(200);
    expect((await verify(product.id, key)).json().activations).toEqual({ used: 0, limit: 1 });
    expect((await seller.call('POST', `/seller/licenses/${id}/disable`)).statusCode).toBe(200);
    const disabled = (await verify(product.id, key)).json();
    expect(disabled).toMatchObject({ valid: false, status: 'disabled', disabled: true, refunded: false });
    expect((await activate(product.id, key, 'two')).json().detail).toBe('This licence key has been disabled by the seller');
    expect((await seller.call('POST', `/seller/licenses/${id}/enable`)).statusCode).toBe(200);
    expect((await activate(product.id, key, 'two')).statusCode).toBe(200);
  });

  it('never shows a buyer another buyer’s key', async () => {
    const product = await licensedProduct(null);
    const first = await buy(product.id);
    const second = await buy(product.id);
    const seen = (await second.buyer.call('GET', '/licenses/mine')).json().licenses;
    expect(seen).toHaveLength(1);
    expect(seen[0].key).toBe(second.key);
    expect(JSON.stringify(seen)).not.toContain(first.key);
    const byOrder = (await second.buyer.call('GET', `/licenses/mine?order_id=${first.orderId}`)).json();
    expect(byOrder.licenses).toEqual([]);
    expect((await anonymous()('GET', '/licenses/mine')).statusCode).toBe(401);
    // Buyers have no seller list.
    expect((await second.buyer.call('GET', '/seller/licenses')).statusCode).toBe(403);
  });

  it('validates settings and activations with clear messages', async () => {
    const product = await createProduct(t.db, seller.user);
    const bad = await seller.call('PUT', `/seller/products/${product.id}/license-settings`, {
      enabled: true,
      activation_limit: 0,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].message).toBe(
      'Activation limit must be a whole number from 1 to 1,000,000, or empty for unlimited',
    );
    const noInstance = await anonymous()('POST', '/licenses/activate', { product_id: product.id, key: 'x', instance: ' ' });
    expect(noInstance.statusCode).toBe(422);
  });
});

describe('licence key rate limits', () => {
  it('limits checks per key and per address', async () => {
    const limited = await createTestApp({ LICENSE_RATE_LIMIT_PER_MINUTE: '8', LICENSE_KEY_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const call = callAs(limited.app, null);
      const key = generateLicenseKey();
      const body = { product_id: '00000000-0000-4000-8000-000000000000', key };
      const perKey = [];
      for (let i = 0; i < 4; i++) perKey.push((await call('POST', '/licenses/verify', body)).statusCode);
      expect(perKey).toEqual([404, 404, 404, 429]);
      const perAddress = [];
      for (let i = 0; i < 5; i++) {
        perAddress.push((await call('POST', '/licenses/verify', { ...body, key: generateLicenseKey() })).statusCode);
      }
      expect(perAddress).toEqual([404, 404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('licence keys and a replayed payment webhook', () => {
  const WEBHOOK_SECRET = 'whsec_test_licence_secret';
  const stripe = new Stripe('sk_test_dummy');

  it('issues exactly one key however often and however concurrently the payment is reported', async () => {
    const s = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_dummy', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    try {
      const owner = await createUser(s.db, 'seller');
      const buyer = await createUser(s.db, 'buyer');
      const product = await createProduct(s.db, owner, { priceCents: 4900 });
      await s.db.execute(
        sql`insert into product_license_settings (product_id, enabled, activation_limit) values (${product.id}, true, 2)`,
      );
      const [order] = await s.db
        .insert(orders)
        .values({
          orderNumber: 'S-licence-1',
          userId: buyer.id,
          subtotalCents: 4900,
          totalCents: 4900,
          aiPoolCents: 490,
          paymentProvider: 'stripe',
          paymentIntentId: 'pi_licence_1',
        })
        .returning();
      await s.db.insert(orderItems).values({
        orderId: order?.id as string,
        productId: product.id,
        productTitle: product.title,
        sellerId: owner.id,
        unitPriceCents: 4900,
      });
      const deliver = (eventId: string) => {
        const payload = JSON.stringify({
          id: eventId,
          object: 'event',
          type: 'payment_intent.succeeded',
          created: Math.floor(Date.now() / 1000),
          data: {
            object: {
              object: 'payment_intent',
              id: 'pi_licence_1',
              amount: 4900,
              amount_received: 4900,
              currency: 'usd',
              status: 'succeeded',
              metadata: { order_id: order?.id },
            },
          },
        });
        return s.app.inject({
          method: 'POST',
          url: '/api/v1/payments/webhook',
          payload,
          headers: {
            'content-type': 'application/json',
            'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
          },
        });
      };
      // The same event replayed, and distinct events for the same intent, all at once.
      const answers = await Promise.all([
        deliver('evt_l1'),
        deliver('evt_l1'),
        deliver('evt_l2'),
        deliver('evt_l3'),
        deliver('evt_l1'),
      ]);
      for (const answer of answers) expect(answer.statusCode).toBe(200);
      expect((await deliver('evt_l4')).statusCode).toBe(200);
      const keys = (await s.db.execute(sql`select count(*)::int as n from license_keys where order_id = ${order?.id}`))
        .rows[0] as { n: number };
      expect(keys.n).toBe(1);
    } finally {
      await s.close();
    }
  });
});
