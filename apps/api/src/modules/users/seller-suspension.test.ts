import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductFile, createPaidOrder, createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { auditLog, ledgerEntries, orderItems, orders, paymentRefunds, payouts } from '../../db/schema';
import { writeLedger } from '../orders/fulfil';
import { settleCharge } from '../payments/settle';
import type { UserRow } from './repository';

/**
 * An admin suspends a seller: their products leave the public catalogue everywhere a buyer can find
 * or buy them, nobody can start or finish a purchase of them, and their payouts wait; reinstating
 * undoes it all. Buyers who already paid keep their downloads.
 */

let t: TestApp;
let adminToken: string;
const CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };
const GOOD_IBAN = 'DE89 3704 0044 0532 0130 00';
const DAY = 86_400_000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (token: string | null) => (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });
const admin = (method: Method, url: string, payload?: object) => as(adminToken)(method, url, payload);

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await createUser(t.db, 'admin');
  adminToken = await signIn(t.app, adminUser.email, FACTORY_PASSWORD);
  expect((await admin('PUT', '/payments/admin/settings', { minimum_payout: 0, hold_days: 30 })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

async function newSeller(word: string) {
  const user = await createUser(t.db, 'seller', { firstName: 'Sus', lastName: 'Pended' });
  const token = await signIn(t.app, user.email, FACTORY_PASSWORD);
  const product = await createProduct(t.db, user, {
    title: `${word} Prompt Pack`,
    shortDescription: `The ${word} toolkit`,
    priceCents: 3_000,
    category: 'ai-tools',
  });
  await addProductFile(t.deps, product.id, `${word}.txt`, `${word} inside\n`);
  return { user, token, product };
}

async function newBuyer() {
  const user = await createUser(t.db, 'buyer');
  const token = await signIn(t.app, user.email, FACTORY_PASSWORD);
  return { user, token, call: as(token) };
}

const setActive = async (user: UserRow, active: boolean) => {
  const response = await admin('PUT', `/admin/users/${user.id}`, { is_active: active });
  expect(response.statusCode, response.body).toBe(200);
};

const searchTitles = async (query: string) =>
  (await as(null)('GET', `/products/?search=${encodeURIComponent(query)}`))
    .json()
    .products.map((p: { title: string }) => p.title);
const listedIds = async (sellerId: string) =>
  (await as(null)('GET', `/products/?seller_id=${sellerId}`)).json().products.map((p: { id: string }) => p.id);
const categoryCount = async () =>
  (await as(null)('GET', '/products/categories/list')).json().categories.find((c: { slug: string }) => c.slug === 'ai-tools')
    ?.count;
const assistantTitles = async (message: string) => {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/v1/chatbot/message',
    payload: { session_id: null, message, context: {} },
  });
  expect(reply.statusCode).toBe(200);
  return reply
    .json()
    .messages.flatMap((m: { products?: { title: string }[] }) => m.products ?? [])
    .map((p: { title: string }) => p.title);
};

describe('a suspended seller disappears from the public catalogue', () => {
  it('list, detail (404), search index, categories and the assistant drop their products; reinstating restores them', async () => {
    const { user, product } = await newSeller('Quokkaflux');
    const before = await categoryCount();
    expect(await searchTitles('Quokkaflux')).toEqual(['Quokkaflux Prompt Pack']);
    expect(await listedIds(user.id)).toEqual([product.id]);
    expect(await assistantTitles('Quokkaflux')).toContain('Quokkaflux Prompt Pack');

    await setActive(user, false);
    expect(await searchTitles('Quokkaflux')).toEqual([]);
    expect(await listedIds(user.id)).toEqual([]);
    expect((await as(null)('GET', `/products/${product.id}`)).statusCode).toBe(404);
    expect(await categoryCount()).toBe(before - 1);
    expect(await assistantTitles('Quokkaflux')).not.toContain('Quokkaflux Prompt Pack');
    // Admins still see it, to decide.
    expect((await admin('GET', `/products/${product.id}`)).statusCode).toBe(200);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, user.id), eq(auditLog.action, 'user.suspended')));
    expect(audits).toHaveLength(1);

    await setActive(user, true);
    expect(await searchTitles('Quokkaflux')).toEqual(['Quokkaflux Prompt Pack']);
    expect(await listedIds(user.id)).toEqual([product.id]);
    expect((await as(null)('GET', `/products/${product.id}`)).statusCode).toBe(200);
    expect(await categoryCount()).toBe(before);
  });
});

describe('nobody can buy from a suspended seller', () => {
  it('refuses adding their product to a cart', async () => {
    const { user, product } = await newSeller('Narwhalite');
    await setActive(user, false);
    const { call } = await newBuyer();
    expect((await call('POST', '/cart/add', { product_id: product.id, quantity: 1 })).statusCode).toBe(422);
    expect(
      (await call('POST', '/orders/validate-cart', { cart_items: [{ product_id: product.id, quantity: 1 }] })).statusCode,
    ).toBe(422);
  });

  it('suspended between add-to-cart and checkout: the item is flagged unavailable and checkout is refused with a clear 422', async () => {
    const { user, product } = await newSeller('Ocelotix');
    const other = await newSeller('Pangolino');
    const { user: buyer, call } = await newBuyer();
    expect((await call('POST', '/cart/add', { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
    expect((await call('POST', '/cart/add', { product_id: other.product.id, quantity: 1 })).statusCode).toBe(200);
    await setActive(user, false);

    const cart = (await call('GET', '/cart')).json();
    expect(cart.items.map((i: { title: string; available: boolean }) => [i.title, i.available])).toEqual([
      ['Pangolino Prompt Pack', true],
      ['Ocelotix Prompt Pack', false],
    ]);
    expect(cart.total).toBe(30);
    const refused = await call('POST', '/orders/checkout', { billing_country: 'US' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe('Some items in your cart are no longer available. Remove them to check out.');
    expect(await t.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(0);

    // Removing it lets the buyer buy the rest.
    expect((await call('DELETE', `/cart/items/${product.id}`)).statusCode).toBe(200);
    const checkout = await call('POST', '/orders/checkout', { billing_country: 'US' });
    expect(checkout.statusCode).toBe(201);
    expect((await call('POST', `/payments/confirm-payment/${checkout.json().payment_intent_id}`, CARD)).statusCode).toBe(200);
  });

  it('suspended while an order awaits payment: the payment is refused, nothing is charged, no sale is written', async () => {
    const { user, product } = await newSeller('Quetzalio');
    const { call } = await newBuyer();
    expect((await call('POST', '/cart/add', { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
    const checkout = (await call('POST', '/orders/checkout', { billing_country: 'US' })).json();
    await setActive(user, false);
    const paid = await call('POST', `/payments/confirm-payment/${checkout.payment_intent_id}`, CARD);
    expect(paid.statusCode).toBeGreaterThanOrEqual(400);
    expect(paid.json().detail).toBe('Quetzalio Prompt Pack is no longer available. Please check out again.');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, checkout.order_id));
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'void' });
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, checkout.order_id))).toHaveLength(0);
    // Reinstated: still a closed order; the buyer checks out again.
    await setActive(user, true);
    expect(
      (await call('POST', `/payments/confirm-payment/${checkout.payment_intent_id}`, CARD)).statusCode,
    ).toBeGreaterThanOrEqual(400);
  });

  it('suspended after the card was charged but before the sale was written: the charge is refunded in full, no sale', async () => {
    const { user, product } = await newSeller('Tapirion');
    const { call } = await newBuyer();
    expect((await call('POST', '/cart/add', { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
    const checkout = (await call('POST', '/orders/checkout', { billing_country: 'US' })).json();
    // The claim was committed and the card charged; then the admin suspends the seller.
    await t.db
      .update(orders)
      .set({ paymentStatus: 'processing', paymentAttemptAt: new Date() })
      .where(eq(orders.id, checkout.order_id));
    await t.deps.payments.confirm(checkout.payment_intent_id, CARD);
    await setActive(user, false);
    const charge = { orderId: checkout.order_id, intentId: checkout.payment_intent_id, amountCents: 3_000, currency: 'usd' };
    expect(await settleCharge(t.deps, charge)).toBe('refunded');
    expect(await settleCharge(t.deps, charge)).toBe('refunded');
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, checkout.order_id))).toHaveLength(0);
    const [refund] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, checkout.order_id));
    expect(refund).toMatchObject({ amountCents: 3_000, reason: 'order_not_payable' });
  });

  it('buyers who already paid keep their downloads', async () => {
    const { user, product } = await newSeller('Wombatica');
    const { call } = await newBuyer();
    expect((await call('POST', '/cart/add', { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
    const checkout = (await call('POST', '/orders/checkout', { billing_country: 'US' })).json();
    expect((await call('POST', `/payments/confirm-payment/${checkout.payment_intent_id}`, CARD)).statusCode).toBe(200);
    await setActive(user, false);
    const { links } = (await call('GET', `/orders/${checkout.order_id}/download-links`)).json();
    const file = await t.app.inject({ method: 'GET', url: links[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('Wombatica inside\n');
    expect((await call('GET', `/orders/${checkout.order_id}/download-zip`)).statusCode).toBe(200);
  });
});

describe('a suspended seller is not paid', () => {
  it('holds their payout (reason shown to the admin) and pays it at the first run after reinstating', async () => {
    const { user, token, product } = await newSeller('Xerusite');
    expect(
      (
        await as(token)('PUT', '/seller/payout-account', {
          account_holder_name: 'Sus Pended',
          bank_name: 'Commerzbank',
          account_type: 'iban',
          iban: GOOD_IBAN,
        })
      ).statusCode,
    ).toBe(200);
    const { user: buyer } = await newBuyer();
    const order = await createPaidOrder(t.db, buyer, product);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    await writeLedger(t.db, order, items, t.config.platformFeePercent);
    await t.db
      .update(ledgerEntries)
      .set({ createdAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(ledgerEntries.orderId, order.id));

    await setActive(user, false);
    const held = await admin('POST', '/payments/admin/trigger-transfer', { seller_id: user.id });
    expect(held.json().results[0]).toMatchObject({ status: 'skipped', reason: 'seller_suspended' });
    const everyone = (await admin('POST', '/payments/admin/trigger-transfer', {})).json().results;
    expect(everyone.find((r: { seller_id: string }) => r.seller_id === user.id)).toMatchObject({ reason: 'seller_suspended' });
    expect(await t.db.select().from(payouts).where(eq(payouts.sellerId, user.id))).toHaveLength(0);

    await setActive(user, true);
    const paid = await admin('POST', '/payments/admin/trigger-transfer', { seller_id: user.id });
    expect(paid.json().results[0]).toMatchObject({ status: 'paid', payout: { amount: 24 } });
  });
});
