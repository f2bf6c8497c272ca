// @database-server: checkout under row locks
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductFile, createProduct, createPromo, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, outboxMessages, signIn, type TestApp } from '../../../test/helpers';
import { readZip } from '../../../test/zip';
import type { UserRow } from '../users/repository';

let t: TestApp;
let sellerOne: UserRow;
let sellerTwo: UserRow;
let alpha: { id: string; title: string };
let beta: { id: string; title: string };

beforeAll(async () => {
  t = await createTestApp();
  sellerOne = await createUser(t.db, 'seller');
  sellerTwo = await createUser(t.db, 'seller');
  alpha = await createProduct(t.db, sellerOne, { title: 'Alpha Tool: Pro!', priceCents: 4900 });
  beta = await createProduct(t.db, sellerTwo, { title: 'Beta Dataset', priceCents: 5100 });
  await addProductFile(t.deps, alpha.id, 'README.md', '# Alpha\n');
  await addProductFile(t.deps, alpha.id, 'alpha.py', 'print("alpha")\n');
  await addProductFile(t.deps, beta.id, 'data.csv', 'a,b\n1,2\n');
  await createPromo(t.db, { code: 'SAVE10', kind: 'percent', value: 10 });
});
afterAll(async () => {
  await t.close();
});

async function buyer() {
  const user = await createUser(t.db, 'buyer');
  return { user, token: await signIn(t.app, user.email, FACTORY_PASSWORD) };
}

function api(token: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { ...bearer(token), ...headers } });
  return {
    call,
    add: (productId: string) => call('POST', '/cart/add', { product_id: productId, quantity: 1 }),
    // US: no rate is seeded for the country as a whole, so the totals are the net ones.
    // `null`: no body at all, as a client written before tax sends.
    checkout: (key?: string, body: object | null = { billing_country: 'US' }) =>
      call('POST', '/orders/checkout', body ?? undefined, key ? { 'idempotency-key': key } : {}),
    pay: (intentId: string, card_number = '4242 4242 4242 4242') =>
      call('POST', `/payments/confirm-payment/${intentId}`, {
        card_number,
        exp_month: 12,
        exp_year: new Date().getFullYear() + 2,
        cvc: '123',
      }),
  };
}

async function paidOrder(productIds: string[], promo?: string) {
  const b = await buyer();
  const a = api(b.token);
  for (const id of productIds) await a.add(id);
  if (promo) await a.call('POST', '/cart/promo', { code: promo });
  const checkout = (await a.checkout()).json();
  const paid = await a.pay(checkout.payment_intent_id);
  expect(paid.statusCode).toBe(200);
  return { ...b, api: a, orderId: checkout.order_id as string, checkout };
}

describe('checkout and card payment', () => {
  it('prices the order on the server and pays it with the success card', async () => {
    const b = await buyer();
    const a = api(b.token);
    await a.add(alpha.id);
    await a.add(beta.id);
    await a.call('POST', '/cart/promo', { code: 'SAVE10' });
    const response = await a.call('POST', '/orders/checkout', { billing_country: 'US', total_amount: 0.01, status: 'completed' });
    expect(response.statusCode).toBe(201);
    const checkout = response.json();
    expect(checkout).toMatchObject({
      amount: 90,
      currency: 'usd',
      provider: 'test',
      status: 'pending',
      payment_status: 'unpaid',
    });
    expect(checkout.payment_intent_id).toMatch(/^pi_test_/);
    expect(checkout.client_secret).toContain(checkout.payment_intent_id);

    const paid = await a.pay(checkout.payment_intent_id);
    expect(paid.json()).toMatchObject({ status: 'succeeded', order_id: checkout.order_id, payment_status: 'paid' });
    const order = (await a.call('GET', `/orders/${checkout.order_id}`)).json();
    expect(order).toMatchObject({
      status: 'completed',
      payment_status: 'paid',
      total_amount: 90,
      subtotal: 100,
      discount: 10,
      ai_pool_contribution: 9,
      promo_code: 'SAVE10',
    });
    expect(order.items.map((i: { product_name: string }) => i.product_name).sort()).toEqual(['Alpha Tool: Pro!', 'Beta Dataset']);
    expect((await a.call('GET', '/cart')).json()).toMatchObject({ items: [], promoCode: null });

    const receipt = outboxMessages(t.config).find((m) => m.includes(`To: ${b.user.email}`) && m.includes('Your receipt'));
    expect(receipt).toBeTruthy();
  });

  it('writes a ledger that sums to the order total: sellers + AI pool + platform', async () => {
    const { orderId } = await paidOrder([alpha.id, beta.id], 'SAVE10');
    const rows = (await t.db.execute(sql`select kind, seller_id, amount_cents from ledger_entries where order_id = ${orderId}`))
      .rows as {
      kind: string;
      seller_id: string | null;
      amount_cents: number;
    }[];
    const total = rows.reduce((sum, r) => sum + r.amount_cents, 0);
    expect(total).toBe(9000);
    expect(rows.find((r) => r.kind === 'ai_pool')?.amount_cents).toBe(900);
    expect(rows.find((r) => r.kind === 'platform')?.amount_cents).toBe(900);
    const sellers = rows.filter((r) => r.kind === 'seller');
    expect(sellers.map((r) => r.seller_id).sort()).toEqual([sellerOne.id, sellerTwo.id].sort());
    expect(sellers.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(7200);
  });

  it('leaves the order pending and the cart intact when the card is declined or short of funds', async () => {
    const b = await buyer();
    const a = api(b.token);
    await a.add(alpha.id);
    const checkout = (await a.checkout()).json();
    const declined = await a.pay(checkout.payment_intent_id, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().detail).toBe('Your card was declined.');
    const poor = await a.pay(checkout.payment_intent_id, '4000000000009995');
    expect(poor.statusCode).toBe(402);
    expect(poor.json().detail).toBe('Your card has insufficient funds.');
    const invalid = await a.pay(checkout.payment_intent_id, '4242 4242 4242 4241');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().detail).toBe('Your card number is invalid.');

    expect((await a.call('GET', `/orders/${checkout.order_id}`)).json()).toMatchObject({
      status: 'pending',
      payment_status: 'unpaid',
    });
    expect((await a.call('GET', '/cart')).json().items).toHaveLength(1);
    expect((await a.call('GET', `/orders/${checkout.order_id}/download-links`)).statusCode).toBe(403);

    // The same order can still be paid with a good card.
    expect((await a.pay(checkout.payment_intent_id)).json().payment_status).toBe('paid');
  });

  it('gives the same order for the same Idempotency-Key, and a double confirmation pays once', async () => {
    const b = await buyer();
    const a = api(b.token);
    await a.add(alpha.id);
    const [first, second] = await Promise.all([a.checkout('key-123'), a.checkout('key-123')]);
    expect(first.json().order_id).toBe(second.json().order_id);
    const intent = first.json().payment_intent_id;
    const [p1, p2] = await Promise.all([a.pay(intent), a.pay(intent)]);
    expect([p1.statusCode, p2.statusCode]).toEqual([200, 200]);
    const counts = (
      await t.db.execute(
        sql`select count(*)::int as n from ledger_entries where order_id = ${first.json().order_id} and kind = 'ai_pool'`,
      )
    ).rows[0] as { n: number };
    expect(counts.n).toBe(1);
    const orders = (await a.call('GET', '/orders')).json();
    expect(orders.total).toBe(1);
  });

  it('cancels the buyer’s earlier unpaid order when they check out again, giving back its promo use', async () => {
    await createPromo(t.db, { code: 'TWICE', kind: 'percent', value: 20, usageLimit: 1 });
    const b = await buyer();
    const a = api(b.token);
    await a.add(alpha.id);
    await a.call('POST', '/cart/promo', { code: 'TWICE' });
    const first = (await a.checkout()).json();
    expect(first.amount).toBe(39.2);
    const second = await a.checkout();
    expect(second.statusCode).toBe(201);
    expect(second.json().amount).toBe(39.2);
    expect((await a.call('GET', `/orders/${first.order_id}`)).json().status).toBe('cancelled');
    expect((await a.call('GET', '/orders?status_filter=pending')).json().total).toBe(1);
    // The superseded order can never be paid: its intent was closed before it was cancelled.
    const late = await a.pay(first.payment_intent_id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ORDER_NOT_PAYABLE' });
    const charged = await t.db.execute(sql`select status from test_payment_intents where id = ${first.payment_intent_id}`);
    expect(charged.rows[0]).toEqual({ status: 'canceled' });
  });

  it('refuses to check out an empty cart', async () => {
    const b = await buyer();
    const response = await api(b.token).checkout();
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('Your cart is empty');
  });

  it("does not let anyone pay, read or download someone else's order", async () => {
    const owner = await paidOrder([alpha.id]);
    const other = api((await buyer()).token);
    expect((await other.call('GET', `/orders/${owner.orderId}`)).statusCode).toBe(404);
    expect((await other.call('GET', `/orders/${owner.orderId}/download-links`)).statusCode).toBe(404);
    expect((await other.call('GET', `/orders/${owner.orderId}/download-zip`)).statusCode).toBe(404);
    expect(
      (await other.call('POST', `/orders/${owner.orderId}/request-refund`, { reason: 'I want it for free please' })).statusCode,
    ).toBe(404);
    expect((await other.pay(owner.checkout.payment_intent_id)).statusCode).toBe(404);
    expect((await other.call('GET', `/orders/download-product-files/${alpha.id}`)).statusCode).toBe(404);
  });
});

describe('compatibility paths', () => {
  it('save-order ignores the claimed totals and status and only confirms a verified payment', async () => {
    const b = await buyer();
    const a = api(b.token);
    await a.add(beta.id);
    const checkout = (await a.checkout()).json();
    const tampered = {
      payment_intent_id: checkout.payment_intent_id,
      total_amount: 0.01,
      status: 'completed',
      payment_status: 'paid',
      items: [{ product_id: alpha.id, quantity: 1, price: 0 }],
    };
    const early = await a.call('POST', '/orders/save-order', tampered);
    expect(early.statusCode).toBe(409);
    expect((await a.call('GET', `/orders/${checkout.order_id}`)).json().payment_status).toBe('unpaid');

    await a.pay(checkout.payment_intent_id);
    const saved = await a.call('POST', '/orders/save-order', tampered);
    expect(saved.json()).toMatchObject({ order_id: checkout.order_id, payment_status: 'paid' });
    const order = (await a.call('GET', `/orders/${checkout.order_id}`)).json();
    expect(order.total_amount).toBe(51);
    expect(order.items.map((i: { product_id: string }) => i.product_id)).toEqual([beta.id]);

    const forged = await a.call('POST', '/orders/save-order', { payment_intent_id: 'pi_test_made_up', status: 'completed' });
    expect(forged.statusCode).toBe(404);
  });

  it('create-payment-intent(-no-auth) needs a signed-in user and never trusts the amount', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/payments/create-payment-intent-no-auth', payload: { amount: 1 } }))
        .statusCode,
    ).toBe(401);
    const b = await buyer();
    const a = api(b.token);
    await a.add(alpha.id);
    // A paid cart needs its billing country here too; the amount sent is ignored.
    const uncountried = await a.call('POST', '/payments/create-payment-intent-no-auth', { amount: 0.5, currency: 'usd' });
    expect(uncountried.statusCode).toBe(422);
    expect(uncountried.json().errors).toEqual([expect.objectContaining({ field: 'billing_country' })]);
    const regionAbroad = await a.call('POST', '/payments/create-payment-intent-no-auth', {
      billing_country: 'DE',
      billing_region: 'CA',
    });
    expect(regionAbroad.statusCode).toBe(422);
    const placed = await a.call('POST', '/payments/create-payment-intent-no-auth', { amount: 0.5, billing_country: 'US' });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ amount: 49 });
    // An order of the buyer's: its payment opens again, whatever amount is sent.
    const created = await a.call('POST', '/payments/create-payment-intent-no-auth', {
      order_id: placed.json().order_id,
      amount: 0.5,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ order_id: placed.json().order_id, amount: 49 });
  });
});

describe('a checkout without a billing country', () => {
  it('is refused for a paid cart (422 on billing_country) and writes nothing: no order, the cart, its promo and an earlier order as they were', async () => {
    await createPromo(t.db, { code: 'LASTONE', kind: 'percent', value: 10, usageLimit: 1 });
    const b = await buyer();
    const a = api(b.token);
    await a.add(alpha.id);
    // An earlier unpaid order with an open intent: a checkout that places an order would close it.
    const earlier = (await a.checkout()).json();
    await a.add(beta.id);
    expect((await a.call('POST', '/cart/promo', { code: 'LASTONE' })).statusCode).toBe(200);
    for (const body of [null, {}, { billing_region: '' }]) {
      const refused = await a.checkout('no-country-key', body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ detail: 'Choose your billing country', messageId: 'tax.countryRequired' });
      expect(refused.json().errors).toEqual([
        { field: 'billing_country', message: 'Choose your billing country', messageId: 'tax.countryRequired' },
      ]);
    }
    const orders = (await a.call('GET', '/orders')).json();
    expect(orders.orders.map((o: { id: string }) => o.id)).toEqual([earlier.order_id]);
    expect((await a.call('GET', `/orders/${earlier.order_id}`)).json()).toMatchObject({
      status: 'pending',
      payment_status: 'unpaid',
    });
    const intent = await t.db.execute(sql`select status from test_payment_intents where id = ${earlier.payment_intent_id}`);
    expect(intent.rows[0]).not.toEqual({ status: 'canceled' });
    const cart = (await a.call('GET', '/cart')).json();
    expect(cart.items).toHaveLength(2);
    expect(cart.promoCode).toMatchObject({ code: 'LASTONE' });
    const [promo] = (await t.db.execute(sql`select used_count from promo_codes where code = 'LASTONE'`)).rows;
    expect(promo).toEqual({ used_count: 0 });

    // With the country the same cart checks out, taking the promo's last use, under the key the refusals used.
    const placed = await a.checkout('no-country-key');
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ amount: 90, tax: { country: 'US', amount: 0 } });
    const [used] = (await t.db.execute(sql`select used_count from promo_codes where code = 'LASTONE'`)).rows;
    expect(used).toEqual({ used_count: 1 });
  });

  it('is accepted for a free order: a free product, or a promo that takes the whole price', async () => {
    const gift = await createProduct(t.db, sellerOne, { title: 'Free Gift', priceCents: 0 });
    const b = await buyer();
    const a = api(b.token);
    await a.add(gift.id);
    const free = await a.checkout(undefined, null);
    expect(free.statusCode).toBe(201);
    expect(free.json()).toMatchObject({ amount: 0, provider: 'free', payment_status: 'paid', tax: null });

    await createPromo(t.db, { code: 'ALLOFF', kind: 'percent', value: 100 });
    const c = api((await buyer()).token);
    await c.add(beta.id);
    await c.call('POST', '/cart/promo', { code: 'ALLOFF' });
    const covered = await c.checkout(undefined, {});
    expect(covered.statusCode).toBe(201);
    expect(covered.json()).toMatchObject({ amount: 0, payment_status: 'paid' });
    const [row] = (await t.db.execute(sql`select tax_flag, tax_country from orders where id = ${covered.json().order_id}`)).rows;
    expect(row).toEqual({ tax_flag: null, tax_country: null });
  });

  it('replays an order its Idempotency-Key already placed, as before', async () => {
    const b = await buyer();
    const a = api(b.token);
    await a.add(alpha.id);
    const first = (await a.checkout('replay-key')).json();
    const replay = await a.checkout('replay-key', null);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toMatchObject({ order_id: first.order_id, amount: 49, tax: { country: 'US' } });
    const other = await a.checkout('replay-key', { billing_country: 'DE' });
    expect(other.statusCode).toBe(409);
  });
});

describe('orders and downloads', () => {
  it('lists the buyer’s orders with filters and stats', async () => {
    const { api: a } = await paidOrder([alpha.id]);
    await a.add(beta.id);
    await a.checkout();
    const all = (await a.call('GET', '/orders')).json();
    expect(all.total).toBe(2);
    expect((await a.call('GET', '/orders?status_filter=pending')).json().total).toBe(1);
    expect((await a.call('GET', '/orders?status_filter=completed')).json().orders[0].items[0].product_id).toBe(alpha.id);
    expect((await a.call('GET', '/orders?start_date=2999-01-01')).json().total).toBe(0);
    expect((await a.call('GET', '/orders?status_filter=bogus')).statusCode).toBe(422);
    expect((await a.call('GET', '/orders/stats')).json()).toEqual({
      total_orders: 2,
      completed_orders: 1,
      processing_orders: 1,
      total_spent: 49,
    });
  });

  it('zips exactly the purchased files, by order and by product', async () => {
    const { api: a, orderId } = await paidOrder([alpha.id, beta.id]);
    const orderZip = await a.call('GET', `/orders/${orderId}/download-zip`);
    expect(orderZip.statusCode).toBe(200);
    expect(orderZip.headers['content-type']).toBe('application/zip');
    expect(Number(orderZip.headers['content-length'])).toBe(orderZip.rawPayload.length);
    const files = await readZip(orderZip.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      'Alpha_Tool__Pro_/README.md',
      'Alpha_Tool__Pro_/alpha.py',
      'Beta_Dataset/data.csv',
    ]);
    expect(files.get('Beta_Dataset/data.csv')).toBe('a,b\n1,2\n');

    const productZip = await a.call('GET', `/orders/download-product-files/${alpha.id}`);
    expect(productZip.headers['content-disposition']).toBe('attachment; filename="Alpha_Tool__Pro__files.zip"');
    expect([...(await readZip(productZip.rawPayload)).keys()].sort()).toEqual(['README.md', 'alpha.py']);
  });

  it('issues signed links that expire, and regenerating kills the old ones', async () => {
    const { api: a, orderId } = await paidOrder([beta.id]);
    const { links } = (await a.call('GET', `/orders/${orderId}/download-links`)).json();
    expect(links).toHaveLength(1);
    const file = await t.app.inject({ method: 'GET', url: links[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('a,b\n1,2\n');
    expect((await t.app.inject({ method: 'GET', url: `${links[0].url}x` })).statusCode).toBe(404);

    const fresh = (await a.call('POST', `/orders/${orderId}/regenerate-links`)).json();
    expect((await t.app.inject({ method: 'GET', url: links[0].url })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: fresh.links[0].url })).statusCode).toBe(200);

    const shortLived = await createTestApp({ DOWNLOAD_LINK_TTL_HOURS: '1' });
    try {
      const token = fresh.links[0].url.split('/').pop() as string;
      const [payload] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
      const { signDownload } = await import('../../lib/signed-links');
      const expired = signDownload(t.deps.downloadSigningKey, { ...claims, exp: Math.floor(Date.now() / 1000) - 5 });
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/downloads/${expired}` });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toMatch(/expired/);
    } finally {
      await shortLived.close();
    }
  });

  it('takes one refund request within 30 days of purchase', async () => {
    const { api: a, orderId } = await paidOrder([alpha.id]);
    const short = await a.call('POST', `/orders/${orderId}/request-refund`, { reason: 'meh' });
    expect(short.statusCode).toBe(422);
    const ok = await a.call('POST', `/orders/${orderId}/request-refund`, { reason: 'It does not work with my setup' });
    expect(ok.statusCode).toBe(201);
    expect(
      (await a.call('POST', `/orders/${orderId}/request-refund`, { reason: 'It does not work with my setup' })).statusCode,
    ).toBe(409);
    expect((await a.call('GET', `/orders/${orderId}`)).json().refund.status).toBe('requested');

    const late = await paidOrder([beta.id]);
    await t.db.execute(sql`update orders set paid_at = now() - interval '31 days' where id = ${late.orderId}`);
    const refused = await late.api.call('POST', `/orders/${late.orderId}/request-refund`, {
      reason: 'Too late but trying anyway',
    });
    expect(refused.statusCode).toBe(422);
  });

  it('resends the receipt', async () => {
    const { api: a, orderId, user } = await paidOrder([alpha.id]);
    const before = outboxMessages(t.config).filter((m) => m.includes(`To: ${user.email}`)).length;
    expect((await a.call('POST', `/orders/${orderId}/resend-email`)).statusCode).toBe(200);
    expect(outboxMessages(t.config).filter((m) => m.includes(`To: ${user.email}`)).length).toBe(before + 1);
  });
});

describe('promo code races', () => {
  it('gives a single-use code to exactly one of many buyers checking out at once', async () => {
    await createPromo(t.db, { code: 'ONLYONE', kind: 'percent', value: 50, usageLimit: 1 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => buyer()));
    for (const b of buyers) {
      const a = api(b.token);
      await a.add(alpha.id);
      expect((await a.call('POST', '/cart/promo', { code: 'ONLYONE' })).statusCode).toBe(200);
    }
    const results = await Promise.all(buyers.map((b) => api(b.token).checkout()));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(11);
    const [promo] = (await t.db.execute(sql`select used_count from promo_codes where code = 'ONLYONE'`)).rows as {
      used_count: number;
    }[];
    expect(promo?.used_count).toBe(1);
  });
});
