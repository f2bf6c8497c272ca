// @database-server: single use under concurrency (row locks)
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createPromo, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { ledgerEntries, orders, promoCodes } from '../../db/schema';
import { runPaymentSweep } from '../payments/reconcile';
import type { UserRow } from '../users/repository';

let t: TestApp;
let adminToken: string;
let ana: UserRow;
let anaToken: string;
let bo: UserRow;
let boToken: string;
let anaTool: Awaited<ReturnType<typeof createProduct>>;
let anaData: Awaited<ReturnType<typeof createProduct>>;
let anaPwyw: Awaited<ReturnType<typeof createProduct>>;
let boTool: Awaited<ReturnType<typeof createProduct>>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (token: string | null) => (method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined && { payload: payload as object }),
    headers: token ? bearer(token) : {},
  });

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signIn(t.app, (await createUser(t.db, 'admin')).email, FACTORY_PASSWORD);
  ana = await createUser(t.db, 'seller', { firstName: 'Ana', lastName: 'Seller' });
  anaToken = await signIn(t.app, ana.email, FACTORY_PASSWORD);
  bo = await createUser(t.db, 'seller', { firstName: 'Bo', lastName: 'Seller' });
  boToken = await signIn(t.app, bo.email, FACTORY_PASSWORD);
  anaTool = await createProduct(t.db, ana, { title: 'Ana Toolkit', priceCents: 4000 });
  anaData = await createProduct(t.db, ana, { title: 'Ana Dataset', priceCents: 2000 });
  anaPwyw = await createProduct(t.db, ana, { title: 'Ana Pay What You Want', priceCents: 1000, pwywSuggestedCents: 3000 });
  boTool = await createProduct(t.db, bo, { title: 'Bo Toolkit', priceCents: 5000 });
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
const uniqueCode = (prefix: string) => `${prefix}${++serial}${randomUUID().slice(0, 4).toUpperCase()}`;

async function sellerCode(token: string, body: Record<string, unknown>) {
  const response = await as(token)('POST', '/seller/promo-codes', body);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().promo_code;
}

async function setStacking(allowed: boolean) {
  const response = await as(adminToken)('PUT', '/admin/settings', { allow_promo_stacking: allowed });
  expect(response.statusCode).toBe(200);
  expect(response.json().allow_promo_stacking).toBe(allowed);
  // Settings are cached 2 s per app, but the cart reads the switch from the database itself.
}

/** A signed-in buyer with these products in the cart. */
async function buyer(productIds: string[]) {
  const user = await createUser(t.db, 'buyer');
  const token = await signIn(t.app, user.email, FACTORY_PASSWORD);
  const call = as(token);
  for (const id of productIds) expect((await call('POST', '/cart/add', { product_id: id })).statusCode).toBe(200);
  return {
    user,
    call,
    apply: (code: string) => call('POST', '/cart/promo', { code }),
    cart: async () => (await call('GET', '/cart')).json(),
    checkout: (key?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/orders/checkout',
        payload: { billing_country: 'US' },
        headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      }),
    pay: (intentId: string) =>
      call('POST', `/payments/confirm-payment/${intentId}`, {
        card_number: '4242424242424242',
        exp_month: 12,
        exp_year: new Date().getFullYear() + 2,
        cvc: '123',
      }),
  };
}

const usedCount = async (code: string) =>
  (await t.db.select({ used: promoCodes.usedCount }).from(promoCodes).where(eq(promoCodes.code, code)))[0]?.used;

async function sellerShares(orderId: string) {
  const rows = await t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.reason, 'sale')));
  return {
    total: rows.reduce((sum, row) => sum + row.amountCents, 0),
    of: (sellerId: string) => rows.find((row) => row.kind === 'seller' && row.sellerId === sellerId)?.amountCents,
  };
}

describe('who may manage sellers’ discount codes', () => {
  it('is sellers only, each their own: 401 anonymous, 403 buyer and admin, 404 another seller’s code', async () => {
    const code = await sellerCode(anaToken, { code: uniqueCode('ROLE'), kind: 'percent', value: 10 });
    const buyerToken = await signIn(t.app, (await createUser(t.db, 'buyer')).email, FACTORY_PASSWORD);
    const simpleAdminToken = await signIn(t.app, (await createUser(t.db, 'simple_admin')).email, FACTORY_PASSWORD);
    const routes: [Method, string, object?][] = [
      ['GET', '/seller/promo-codes'],
      ['GET', `/seller/promo-codes/${code.id}`],
      ['POST', '/seller/promo-codes', { code: uniqueCode('SNEAK'), kind: 'percent', value: 90 }],
      ['PUT', `/seller/promo-codes/${code.id}`, { usage_limit: 5 }],
      ['DELETE', `/seller/promo-codes/${code.id}`],
    ];
    for (const [method, url, body] of routes) {
      expect((await as(null)(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const token of [buyerToken, simpleAdminToken, adminToken]) {
        const response = await as(token)(method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().code).toBe('FORBIDDEN');
      }
    }
    // Bo can not see, change or switch off Ana's code: the same 404 as for a code that does not exist.
    for (const [method, url, body] of routes.filter(([, url]) => url.includes(code.id))) {
      const response = await as(boToken)(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().detail).toBe('Discount code not found');
      expect((await as(boToken)(method, url.replace(code.id, randomUUID()), body)).json()).toEqual(response.json());
    }
    expect((await as(boToken)('GET', '/seller/promo-codes')).json().promo_codes).toEqual([]);
    const mine = (await as(anaToken)('GET', `/seller/promo-codes/${code.id}`)).json();
    expect(mine).toMatchObject({ active: true, usage_limit: null });
    // Admins see sellers' codes in their own list (and may switch them off there).
    const adminList = (await as(adminToken)('GET', `/admin/promo-codes?search=${code.code}`)).json();
    expect(adminList.promo_codes.map((c: { code: string }) => c.code)).toEqual([code.code]);
    expect(adminList.promo_codes[0].seller_id).toBe(ana.id);
    // An admin may switch it off, but not point it at other products (it would reach another seller's items).
    const rescope = await as(adminToken)('PUT', `/admin/promo-codes/${code.id}`, { product_id: boTool.id });
    expect(rescope.statusCode).toBe(422);
    expect(rescope.json().detail).toBe('A seller’s code applies to that seller’s products: only its seller changes them');
    expect((await as(adminToken)('POST', `/admin/promo-codes/${code.id}/deactivate`)).json().promo_code.active).toBe(false);
  });
});

describe('creating, listing and updating', () => {
  it('creates a code for named products, lists it paged, updates and deactivates it', async () => {
    const name = uniqueCode('spring');
    const created = await as(anaToken)('POST', '/seller/promo-codes', {
      code: `  ${name.toLowerCase()} `,
      kind: 'fixed',
      value: 5,
      product_ids: [anaTool.id, anaData.id, anaTool.id.toUpperCase()],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      usage_limit: 3,
      per_customer_limit: 1,
      description: '<b>Spring</b> sale',
    });
    expect(created.statusCode).toBe(201);
    const view = created.json().promo_code;
    expect(view).toMatchObject({ code: name.toUpperCase(), kind: 'fixed', value: 5, usage_limit: 3, per_customer_limit: 1 });
    expect(view.products.map((p: { id: string }) => p.id).sort()).toEqual([anaTool.id, anaData.id].sort());
    expect(view.description).toBe('<b>Spring</b> sale');

    const list = (await as(anaToken)('GET', '/seller/promo-codes?limit=1&page=1')).json();
    expect(list).toMatchObject({ page: 1 });
    expect(list.promo_codes).toHaveLength(1);
    expect(list.total).toBeGreaterThanOrEqual(1);

    const updated = await as(anaToken)('PUT', `/seller/promo-codes/${view.id}`, { usage_limit: 10, product_ids: [] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().promo_code).toMatchObject({ usage_limit: 10, products: [] });
    const off = await as(anaToken)('DELETE', `/seller/promo-codes/${view.id}`);
    expect(off.json()).toMatchObject({ message: 'Discount code deactivated', promo_code: { active: false, status: 'inactive' } });
    const on = await as(anaToken)('PUT', `/seller/promo-codes/${view.id}`, { active: true });
    expect(on.json().promo_code.active).toBe(true);
  });

  it('refuses another seller’s product exactly as a product that does not exist (nothing leaks)', async () => {
    const body = { code: uniqueCode('STEAL'), kind: 'percent', value: 50 };
    const theirs = await as(anaToken)('POST', '/seller/promo-codes', { ...body, product_ids: [boTool.id] });
    const missing = await as(anaToken)('POST', '/seller/promo-codes', { ...body, product_ids: [randomUUID()] });
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.json().errors).toEqual([
      expect.objectContaining({ field: 'product_ids', message: 'Choose only your own live products' }),
    ]);
    const code = await sellerCode(anaToken, { code: uniqueCode('OWN'), kind: 'percent', value: 5 });
    const change = await as(anaToken)('PUT', `/seller/promo-codes/${code.id}`, { product_ids: [boTool.id] });
    expect(change.statusCode).toBe(422);
    expect((await as(anaToken)('GET', `/seller/promo-codes/${code.id}`)).json().products).toEqual([]);
  });

  it('refuses duplicate codes in any case, the platform’s included', async () => {
    await createPromo(t.db, { code: 'PLATFORMONLY', kind: 'percent', value: 10 });
    const taken = await as(anaToken)('POST', '/seller/promo-codes', { code: 'platformonly', kind: 'percent', value: 10 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('This code already exists');
    const mine = await sellerCode(anaToken, { code: uniqueCode('DUP'), kind: 'percent', value: 10 });
    const again = await as(boToken)('POST', '/seller/promo-codes', { code: mine.code.toLowerCase(), kind: 'percent', value: 10 });
    expect(again.statusCode).toBe(409);
    const platform = await as(adminToken)('POST', '/admin/promo-codes', { code: mine.code, kind: 'percent', value: 10 });
    expect(platform.statusCode).toBe(409);
  });

  it.each([
    ['negative percent', { kind: 'percent', value: -5 }, 'value', 'Percent must be a whole number from 1 to 100'],
    ['percent above 100', { kind: 'percent', value: 101 }, 'value', 'Percent must be a whole number from 1 to 100'],
    ['NaN', { kind: 'percent', value: 'NaN' }, 'value', 'Value must be a number'],
    ['1e309', { kind: 'fixed', value: '1e309' }, 'value', 'Value must be a number'],
    ['huge fixed', { kind: 'fixed', value: 1e12 }, 'value', 'Amount must be more than $0 and at most $100,000'],
    ['zero fixed', { kind: 'fixed', value: 0 }, 'value', 'Amount must be more than $0 and at most $100,000'],
    ['SQL in the code', { code: "X'; DROP TABLE promo_codes;--" }, 'code', 'Code may use only letters A–Z, digits, - and _'],
    ['HTML in the code', { code: '<script>x</script>' }, 'code', 'Code may use only letters A–Z, digits, - and _'],
    [
      'expiry in the past',
      { expires_at: new Date(Date.now() - 60_000).toISOString() },
      'expires_at',
      'The end must be in the future',
    ],
    ['limit 0', { usage_limit: 0 }, 'usage_limit', 'Usage limit must be a whole number from 1 to 1,000,000'],
    ['limit huge', { usage_limit: 1e12 }, 'usage_limit', 'Usage limit must be a whole number from 1 to 1,000,000'],
    [
      'too many products',
      { product_ids: Array.from({ length: 101 }, () => randomUUID()) },
      'product_ids',
      'A code may name at most 100 products',
    ],
    ['a product id that is not an id', { product_ids: ["1' OR '1'='1"] }, 'product_ids.0', 'Choose only your own live products'],
  ])('refuses %s with a clear 422', async (_label, change, field, message) => {
    const response = await as(anaToken)('POST', '/seller/promo-codes', {
      code: uniqueCode('BAD'),
      kind: 'percent',
      value: 10,
      ...change,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('refuses a fixed amount above the price of the products it names', async () => {
    const response = await as(anaToken)('POST', '/seller/promo-codes', {
      code: uniqueCode('TOOMUCH'),
      kind: 'fixed',
      value: 45,
      product_ids: [anaTool.id],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('The amount off cannot be more than the price of the products it names');
    const pastUpdate = await as(anaToken)(
      'PUT',
      `/seller/promo-codes/${(await sellerCode(anaToken, { code: uniqueCode('P'), kind: 'percent', value: 5 })).id}`,
      {
        expires_at: new Date(Date.now() - 60_000).toISOString(),
      },
    );
    expect(pastUpdate.json().errors).toEqual([
      expect.objectContaining({ field: 'expires_at', message: 'The end must be in the future' }),
    ]);
  });
});

describe('at the cart and checkout', () => {
  it('a seller’s code discounts only that seller’s items (only the named ones), never another seller’s', async () => {
    const code = await sellerCode(anaToken, { code: uniqueCode('ANA'), kind: 'percent', value: 50, product_ids: [anaTool.id] });
    const onlyBo = await buyer([boTool.id]);
    const refused = await onlyBo.apply(code.code);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe(`${code.code} does not apply to the items in your cart`);

    const both = await buyer([anaTool.id, anaData.id, boTool.id]);
    const applied = (await both.apply(code.code)).json();
    expect(applied).toMatchObject({ subtotal: 110, total: 90 });
    const lines = Object.fromEntries(
      applied.items.map((i: { product_id: string; promo_discounts: unknown }) => [i.product_id, i.promo_discounts]),
    );
    expect(lines[anaTool.id]).toEqual([{ code: code.code, amount: 20 }]);
    expect(lines[anaData.id]).toEqual([]);
    expect(lines[boTool.id]).toEqual([]);
    expect(applied.promoCodes).toEqual([
      { code: code.code, discount: 20, type: 'percent', description: '50% off', seller: 'Ana Seller' },
    ]);

    const whole = await sellerCode(anaToken, { code: uniqueCode('ANAALL'), kind: 'fixed', value: 100 });
    const fixed = await buyer([anaTool.id, boTool.id]);
    // A fixed $100 off Ana's items takes her $40 line to $0 and leaves Bo's $50 whole.
    expect((await fixed.apply(whole.code)).json()).toMatchObject({ subtotal: 90, total: 50 });
  });

  it('never takes a pay-what-you-want line below its minimum', async () => {
    const code = await sellerCode(anaToken, { code: uniqueCode('PWYW'), kind: 'percent', value: 100 });
    const b = await buyer([anaPwyw.id]);
    expect((await b.apply(code.code)).json()).toMatchObject({ subtotal: 30, total: 10 });
  });

  it('with stacking off (the default) a second code replaces the first, and says so', async () => {
    await setStacking(false);
    await createPromo(t.db, { code: 'SITE10', kind: 'percent', value: 10 });
    const code = await sellerCode(anaToken, { code: uniqueCode('ALONE'), kind: 'percent', value: 50 });
    const b = await buyer([anaTool.id, boTool.id]);
    expect((await b.apply('SITE10')).json()).toMatchObject({ total: 81 });
    const replaced = (await b.apply(code.code)).json();
    expect(replaced).toMatchObject({ total: 70, promo_notice: `${code.code} replaced SITE10: one code per order` });
    expect(replaced.promoCodes.map((c: { code: string }) => c.code)).toEqual([code.code]);
    const order = (await b.checkout()).json();
    expect(order.amount).toBe(70);
    expect(await usedCount('SITE10')).toBe(0);
  });

  it('with stacking on: the seller’s code first, the platform’s on what is left; each use taken; the ledger splits it', async () => {
    await setStacking(true);
    try {
      await createPromo(t.db, { code: 'STACK10', kind: 'percent', value: 10 });
      const anaCode = await sellerCode(anaToken, { code: uniqueCode('ANASTACK'), kind: 'percent', value: 50 });
      const boCode = await sellerCode(boToken, { code: uniqueCode('BOSTACK'), kind: 'fixed', value: 10 });
      const b = await buyer([anaTool.id, boTool.id]);
      await b.apply('STACK10');
      await b.apply(anaCode.code);
      const cart = (await b.apply(boCode.code)).json();
      // Ana 40 − 20 = 20, Bo 50 − 10 = 40; the platform's 10% of the 60 left = 6: total 54.
      expect(cart).toMatchObject({ subtotal: 90, total: 54 });
      expect(cart.promoCode.code).toBe([anaCode.code, boCode.code].sort().concat('STACK10').join(' + '));
      expect(cart.promoCodes.map((c: { discount: number }) => c.discount).sort()).toEqual([10, 20, 6].sort());
      // A second code of the same seller replaces that seller's one.
      const anaOther = await sellerCode(anaToken, { code: uniqueCode('ANAOTHER'), kind: 'percent', value: 25 });
      const swapped = (await b.apply(anaOther.code)).json();
      expect(swapped.promo_notice).toBe(`${anaOther.code} replaced ${anaCode.code}: one code per seller`);
      await b.apply(anaCode.code);

      const order = (await b.checkout()).json();
      expect(order.amount).toBe(54);
      expect((await b.pay(order.payment_intent_id)).statusCode).toBe(200);
      for (const code of ['STACK10', anaCode.code, boCode.code]) expect(await usedCount(code)).toBe(1);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.order_id));
      expect(row).toMatchObject({ subtotalCents: 9000, discountCents: 3600, totalCents: 5400 });
      // The split: each seller's weight is what their lines sold for after their own code.
      const shares = await sellerShares(order.order_id);
      expect(shares.total).toBe(5400);
      expect((shares.of(ana.id) ?? 0) * 2).toBeCloseTo(shares.of(bo.id) ?? 0, -1);
    } finally {
      await setStacking(false);
    }
  });

  it('a seller’s code comes out of that seller’s share only: the other seller gets what they would without it', async () => {
    const code = await sellerCode(anaToken, { code: uniqueCode('LEDGER'), kind: 'percent', value: 50 });
    const plain = await buyer([anaTool.id, boTool.id]);
    const plainOrder = (await plain.checkout()).json();
    await plain.pay(plainOrder.payment_intent_id);
    const coded = await buyer([anaTool.id, boTool.id]);
    await coded.apply(code.code);
    const codedOrder = (await coded.checkout()).json();
    expect(codedOrder.amount).toBe(70);
    await coded.pay(codedOrder.payment_intent_id);
    const before = await sellerShares(plainOrder.order_id);
    const after = await sellerShares(codedOrder.order_id);
    expect(after.total).toBe(7000);
    expect(after.of(bo.id)).toBe(before.of(bo.id));
    expect(after.of(ana.id)).toBeLessThan(before.of(ana.id) as number);
    const seen = (await as(anaToken)('GET', `/seller/promo-codes/${code.id}`)).json();
    expect(seen).toMatchObject({ redemptions: 1, revenue_discounted: 20, used_count: 1 });
  });

  it('a usage limit of 1 holds under 10 concurrent checkouts: exactly one order gets the code', async () => {
    const code = await sellerCode(anaToken, { code: uniqueCode('ONCE'), kind: 'percent', value: 20, usage_limit: 1 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buyer([anaTool.id])));
    for (const b of buyers) expect((await b.apply(code.code)).statusCode).toBe(200);
    const answers = await Promise.all(buyers.map((b) => b.checkout()));
    const won = answers.filter((a) => a.statusCode === 201);
    expect(won).toHaveLength(1);
    expect(won[0]?.json().amount).toBe(32);
    for (const lost of answers.filter((a) => a.statusCode !== 201)) expect(lost.statusCode).toBe(409);
    expect(await usedCount(code.code)).toBe(1);
  });

  it('is given back when an order expires or is cancelled by a newer checkout, and not after a refund', async () => {
    const code = await sellerCode(anaToken, { code: uniqueCode('BACK'), kind: 'percent', value: 10, usage_limit: 1 });
    const first = await buyer([anaTool.id]);
    await first.apply(code.code);
    const abandoned = (await first.checkout()).json();
    expect(await usedCount(code.code)).toBe(1);
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, abandoned.order_id));
    await runPaymentSweep(t.deps);
    expect(await usedCount(code.code)).toBe(0);

    const second = await buyer([anaTool.id]);
    await second.apply(code.code);
    await second.checkout();
    expect(await usedCount(code.code)).toBe(1);
    // A new checkout cancels the unpaid one (its use given back) and takes the use again.
    const again = (await second.checkout('another-try')).json();
    expect(await usedCount(code.code)).toBe(1);
    expect((await second.pay(again.payment_intent_id)).statusCode).toBe(200);

    await second.call('POST', `/orders/${again.order_id}/request-refund`, { reason: 'Bought the wrong toolkit by mistake' });
    const refund = await as(adminToken)('PUT', `/admin/orders/${again.order_id}/refund`, { decision: 'approve' });
    expect(refund.statusCode).toBe(200);
    expect(await usedCount(code.code)).toBe(1);
    const third = await buyer([anaTool.id]);
    expect((await third.apply(code.code)).json().detail).toBe('Invalid promo code');
  });

  it('an idempotent checkout takes a code’s use once; a deactivated code leaves the cart with a notice', async () => {
    const code = await sellerCode(anaToken, { code: uniqueCode('IDEM'), kind: 'percent', value: 10 });
    const b = await buyer([anaTool.id]);
    await b.apply(code.code);
    const [one, two] = await Promise.all([b.checkout('same-key'), b.checkout('same-key')]);
    expect(one.json().order_id).toBe(two.json().order_id);
    expect(await usedCount(code.code)).toBe(1);

    const c = await buyer([anaTool.id]);
    await c.apply(code.code);
    await as(anaToken)('DELETE', `/seller/promo-codes/${code.id}`);
    const cart = await c.cart();
    expect(cart).toMatchObject({ total: 40, promo_notice: `Promo code ${code.code} is no longer available` });
    expect((await c.checkout()).statusCode).toBe(409);
    expect((await c.call('DELETE', `/cart/promo?code=${code.code}`)).json()).toMatchObject({ promo_notice: null, total: 40 });
  });

  it('a per-buyer limit holds for a seller’s code', async () => {
    const code = await sellerCode(anaToken, { code: uniqueCode('PERBUYER'), kind: 'percent', value: 10, per_customer_limit: 1 });
    const b = await buyer([anaTool.id]);
    await b.apply(code.code);
    const order = (await b.checkout()).json();
    expect((await b.pay(order.payment_intent_id)).statusCode).toBe(200);
    await b.call('POST', '/cart/add', { product_id: anaData.id });
    const again = await b.apply(code.code);
    expect(again.statusCode).toBe(422);
    expect(again.json().detail).toBe(`You have already used ${code.code}`);
  });

  it('a guest checkout never lets a seller’s code discount another seller’s item', async () => {
    const code = await sellerCode(anaToken, { code: uniqueCode('GUESTANA'), kind: 'percent', value: 50 });
    const guest = (productId: string, octet: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/guest/checkout',
        payload: {
          email: `guest-${randomUUID()}@example.com`,
          items: [{ product_id: productId }],
          promo_code: code.code,
          billing_country: 'US',
        },
        remoteAddress: `10.45.0.${octet}`,
      });
    const onBo = await guest(boTool.id, 1);
    expect(onBo.statusCode).toBe(409);
    expect(onBo.json().detail).toBe(`${code.code} does not apply to the items in your cart. Remove it and try again.`);
    expect(await usedCount(code.code)).toBe(0);
    const onAna = await guest(anaTool.id, 2);
    expect(onAna.statusCode).toBe(201);
    expect(onAna.json().amount).toBe(20);
  });

  it('an order with several codes keeps one redemption per code', async () => {
    const rows = await t.db.execute(
      sql`select order_id, count(*)::int as codes from promo_redemptions group by order_id having count(*) > 1`,
    );
    expect(rows.rows.length).toBeGreaterThanOrEqual(1);
  });
});
