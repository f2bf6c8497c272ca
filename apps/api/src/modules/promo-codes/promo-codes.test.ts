// @database-server: single use under concurrency (row locks)
import { randomUUID } from 'node:crypto';
import { messageIdOf } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidOrder, createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { orders, promoCodes, promoRedemptions } from '../../db/schema';
import type { UserRow } from '../users/repository';

let t: TestApp;
let adminToken: string;
let seller: UserRow;
let tool: Awaited<ReturnType<typeof createProduct>>;
let dataset: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, 'admin');
  adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
  seller = await createUser(t.db, 'seller');
  tool = await createProduct(t.db, seller, { title: 'Prompt Toolkit', priceCents: 4900, category: 'ai-tools' });
  dataset = await createProduct(t.db, seller, { title: 'Faces Dataset', priceCents: 2000, category: 'datasets' });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as =
  (token: string | null) =>
  (method: Method, url: string, payload?: unknown, extraHeaders: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(payload !== undefined && { payload: payload as object }),
      headers: { ...(token ? bearer(token) : {}), ...extraHeaders },
    });
const admin = (method: Method, url: string, payload?: unknown) => as(adminToken)(method, url, payload);

async function create(body: Record<string, unknown>) {
  const response = await admin('POST', '/admin/promo-codes', body);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().promo_code;
}

/** A signed-in buyer with the given products in their cart. */
async function buyerWithCart(productIds: string[]) {
  const buyer = await createUser(t.db, 'buyer');
  const token = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
  for (const productId of productIds) await as(token)('POST', '/cart/add', { product_id: productId });
  return { buyer, apply: (code: string) => as(token)('POST', '/cart/promo', { code }) };
}

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();
const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

describe('who may manage promo codes', () => {
  it('is admins only: 401 anonymous, 403 buyer, seller and simple admin, on every route', async () => {
    const code = await create({ code: 'ROLECHECK', kind: 'percent', value: 5 });
    const tokens = await Promise.all(
      ['buyer', 'seller', 'simple_admin'].map(async (role) =>
        signIn(t.app, (await createUser(t.db, role)).email, FACTORY_PASSWORD),
      ),
    );
    const routes: [Method, string, object?][] = [
      ['GET', '/admin/promo-codes'],
      ['GET', `/admin/promo-codes/${code.id}`],
      ['POST', '/admin/promo-codes', { code: 'SNEAKY', kind: 'percent', value: 90 }],
      ['PUT', `/admin/promo-codes/${code.id}`, { value: 100 }],
      ['POST', `/admin/promo-codes/${code.id}/deactivate`],
      ['DELETE', `/admin/promo-codes/${code.id}`],
    ];
    for (const [method, url, body] of routes) {
      expect((await as(null)(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const token of tokens) {
        const response = await as(token)(method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().detail).toBe('Admin access required');
      }
    }
    const unchanged = (await admin('GET', `/admin/promo-codes/${code.id}`)).json();
    expect(unchanged).toMatchObject({ value: 5, active: true });
    expect((await admin('GET', '/admin/promo-codes?search=SNEAKY')).json().total).toBe(0);
  });
});

describe('creating, listing, updating and deactivating', () => {
  it('creates a code with every rule, stored upper-case, amounts in dollars', async () => {
    const startsAt = anHourAgo();
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const response = await admin('POST', '/admin/promo-codes', {
      code: '  summer-sale_26 ',
      kind: 'fixed',
      value: 12.5,
      description: 'Summer sale',
      product_id: tool.id,
      category: 'AI Tools',
      starts_at: startsAt,
      expires_at: expiresAt,
      usage_limit: 100,
      per_customer_limit: 2,
      first_order_only: true,
      min_subtotal: 20,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: 'Promo code created',
      promo_code: {
        code: 'SUMMER-SALE_26',
        kind: 'fixed',
        value: 12.5,
        description: 'Summer sale',
        active: true,
        status: 'active',
        product_id: tool.id,
        product_title: 'Prompt Toolkit',
        category: 'ai-tools',
        starts_at: startsAt,
        expires_at: expiresAt,
        usage_limit: 100,
        used_count: 0,
        per_customer_limit: 2,
        first_order_only: true,
        min_subtotal: 20,
        redemptions: 0,
        revenue_discounted: 0,
      },
    });
    const [row] = await t.db.select().from(promoCodes).where(eq(promoCodes.code, 'SUMMER-SALE_26'));
    expect(row).toMatchObject({ value: 1250, minSubtotalCents: 2000 });
  });

  it('fills in defaults for a bare code and refuses a duplicate in any case, even when two arrive at once', async () => {
    const bare = await create({ code: 'bare10', kind: 'percent', value: 10 });
    expect(bare).toMatchObject({
      code: 'BARE10',
      description: '',
      active: true,
      product_id: null,
      category: null,
      starts_at: null,
      expires_at: null,
      usage_limit: null,
      per_customer_limit: null,
      first_order_only: false,
      min_subtotal: 0,
    });
    const again = await admin('POST', '/admin/promo-codes', { code: 'Bare10', kind: 'fixed', value: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: 'This code already exists', errors: [{ field: 'code' }] });

    const race = await Promise.all(
      [1, 2, 3].map(() => admin('POST', '/admin/promo-codes', { code: 'RACE', kind: 'percent', value: 10 })),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('lists codes with filters, pages and the uses and dollars of paid orders only', async () => {
    const code = await create({ code: 'COUNTED', kind: 'fixed', value: 5, description: 'Counted in stats' });
    const buyer = await createUser(t.db, 'buyer');
    for (let i = 0; i < 2; i += 1) {
      const order = await createPaidOrder(t.db, buyer, tool);
      await t.db.update(orders).set({ discountCents: 500, promoCode: 'COUNTED' }).where(eq(orders.id, order.id));
      await t.db.insert(promoRedemptions).values({ promoCodeId: code.id, orderId: order.id, userId: buyer.id });
    }
    const unpaid = await createPaidOrder(t.db, buyer, tool);
    await t.db
      .update(orders)
      .set({ status: 'pending', paymentStatus: 'unpaid', paidAt: null, discountCents: 500 })
      .where(eq(orders.id, unpaid.id));
    await t.db.insert(promoRedemptions).values({ promoCodeId: code.id, orderId: unpaid.id, userId: buyer.id });
    await t.db.update(promoCodes).set({ usedCount: 3 }).where(eq(promoCodes.id, code.id));

    const found = (await admin('GET', '/admin/promo-codes?search=counted')).json();
    expect(found).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(found.promo_codes[0]).toMatchObject({ code: 'COUNTED', used_count: 3, redemptions: 2, revenue_discounted: 10 });
    expect((await admin('GET', '/admin/promo-codes?search=in%20stats')).json().total).toBe(1);
    expect((await admin('GET', '/admin/promo-codes?search=%25')).json().total).toBe(0);

    await admin('POST', `/admin/promo-codes/${code.id}/deactivate`);
    const inactive = (await admin('GET', '/admin/promo-codes?active=false')).json();
    expect(inactive.promo_codes.map((p: { code: string }) => p.code)).toContain('COUNTED');
    expect(inactive.promo_codes.every((p: { active: boolean; status: string }) => !p.active && p.status === 'inactive')).toBe(
      true,
    );
    const active = (await admin('GET', '/admin/promo-codes?active=true')).json();
    expect(active.promo_codes.map((p: { code: string }) => p.code)).not.toContain('COUNTED');

    const all = (await admin('GET', '/admin/promo-codes?limit=2')).json();
    expect(all.promo_codes).toHaveLength(2);
    expect(all.pages).toBe(Math.ceil(all.total / 2));
    const page2 = (await admin('GET', '/admin/promo-codes?limit=2&page=2')).json();
    expect(page2.promo_codes[0].id).not.toBe(all.promo_codes[0].id);
  });

  it('updates only the fields sent, never the code, and checks the result against the stored rules', async () => {
    const code = await create({ code: 'EDITME', kind: 'percent', value: 10, description: 'Old', usage_limit: 50 });
    const url = `/admin/promo-codes/${code.id}`;

    const updated = await admin('PUT', url, { value: 25, description: 'New words', usage_limit: null });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Promo code updated',
      promo_code: { code: 'EDITME', value: 25, description: 'New words', usage_limit: null, kind: 'percent' },
    });

    for (const body of [{}, undefined, { unknown_field: 1 }, { code: 'EDITME' }]) {
      const response = await admin('PUT', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().detail).toBe('Nothing to update');
    }
    const renamed = await admin('PUT', url, { code: 'OTHER', value: 30 });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json()).toMatchObject({
      errors: [{ field: 'code', message: 'The code cannot be changed after it is created' }],
    });

    const tooMuch = await admin('PUT', url, { value: 150 });
    expect(tooMuch.json()).toMatchObject({
      errors: [{ field: 'value', message: 'Percent must be a whole number from 1 to 100' }],
    });
    const kindOnly = await admin('PUT', url, { kind: 'fixed' });
    expect(kindOnly.statusCode).toBe(422);
    expect(kindOnly.json().errors[0].field).toBe('value');
    const toFixed = await admin('PUT', url, { kind: 'fixed', value: 7.25 });
    expect(toFixed.json().promo_code).toMatchObject({ kind: 'fixed', value: 7.25 });

    await admin('PUT', url, { starts_at: inOneHour() });
    const endBeforeStart = await admin('PUT', url, { expires_at: anHourAgo() });
    expect(endBeforeStart.json()).toMatchObject({
      errors: [{ field: 'expires_at', message: 'The end must be after the start' }],
    });

    await t.db.update(promoCodes).set({ usedCount: 4 }).where(eq(promoCodes.id, code.id));
    const belowUses = await admin('PUT', url, { usage_limit: 3 });
    expect(belowUses.statusCode).toBe(422);
    expect(belowUses.json().detail).toBe('Usage limit cannot be below the 4 uses already made');
    expect((await admin('PUT', url, { usage_limit: 4 })).json().promo_code).toMatchObject({
      usage_limit: 4,
      status: 'scheduled',
    });

    expect((await admin('PUT', url, { product_id: randomUUID() })).json()).toMatchObject({
      errors: [{ field: 'product_id', message: 'Product not found' }],
    });
    const after = (await admin('GET', url)).json();
    expect(after).toMatchObject({ kind: 'fixed', value: 7.25, description: 'New words', usage_limit: 4, product_id: null });
  });

  it('deactivates by POST or DELETE, keeps the code and its orders, and can switch it back on', async () => {
    const code = await create({ code: 'GOODBYE', kind: 'percent', value: 10 });
    const buyer = await createUser(t.db, 'buyer');
    const order = await createPaidOrder(t.db, buyer, tool);
    await t.db.insert(promoRedemptions).values({ promoCodeId: code.id, orderId: order.id, userId: buyer.id });

    const viaDelete = await admin('DELETE', `/admin/promo-codes/${code.id}`);
    expect(viaDelete.statusCode).toBe(200);
    expect(viaDelete.json()).toMatchObject({ message: 'Promo code deactivated', promo_code: { active: false, redemptions: 1 } });
    expect((await admin('POST', `/admin/promo-codes/${code.id}/deactivate`)).statusCode).toBe(200);
    expect(await t.db.select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, code.id))).toHaveLength(1);

    const { apply } = await buyerWithCart([tool.id]);
    expect((await apply('GOODBYE')).json().detail).toBe('Invalid promo code');
    expect((await admin('PUT', `/admin/promo-codes/${code.id}`, { active: true })).json().promo_code.status).toBe('active');
    expect((await apply('GOODBYE')).statusCode).toBe(200);
  });

  it('answers unknown ids with 404', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      for (const [method, url, body] of [
        ['GET', `/admin/promo-codes/${id}`],
        ['PUT', `/admin/promo-codes/${id}`, { value: 5 }],
        ['POST', `/admin/promo-codes/${id}/deactivate`],
        ['DELETE', `/admin/promo-codes/${id}`],
      ] as [Method, string, object?][]) {
        const response = await admin(method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().detail).toBe('Promo code not found');
      }
    }
  });
});

describe('validation', () => {
  const valid = { code: 'VALIDATE', kind: 'percent', value: 10 };
  const cases: [string, unknown, string, string][] = [
    ['missing code', { kind: 'percent', value: 10 }, 'code', 'Code is required'],
    ['short code', { ...valid, code: 'AB' }, 'code', 'Code must be 3 to 40 characters'],
    ['long code', { ...valid, code: 'A'.repeat(41) }, 'code', 'Code must be 3 to 40 characters'],
    ['spaces in code', { ...valid, code: 'TWO WORDS' }, 'code', 'Code may use only letters A–Z, digits, - and _'],
    ['accents in code', { ...valid, code: 'ÉTÉ2026' }, 'code', 'Code may use only letters A–Z, digits, - and _'],
    ['NUL in code', { ...valid, code: 'NUL\u0000CODE' }, 'code', 'Text must not contain NUL characters'],
    ['number as code', { ...valid, code: 12345 }, 'code', 'Code is required'],
    ['unknown kind', { ...valid, kind: 'bogo' }, 'kind', 'Choose percent or fixed amount'],
    ['missing value', { code: 'VALIDATE', kind: 'percent' }, 'value', 'Value is required'],
    ['text value', { ...valid, value: 'ten' }, 'value', 'Value must be a number'],
    ['percent 0', { ...valid, value: 0 }, 'value', 'Percent must be a whole number from 1 to 100'],
    ['percent 101', { ...valid, value: 101 }, 'value', 'Percent must be a whole number from 1 to 100'],
    ['fractional percent', { ...valid, value: 12.5 }, 'value', 'Percent must be a whole number from 1 to 100'],
    ['fixed 0', { ...valid, kind: 'fixed', value: 0 }, 'value', 'Amount must be more than $0 and at most $100,000'],
    [
      'fixed too large',
      { ...valid, kind: 'fixed', value: 100_000.01 },
      'value',
      'Amount must be more than $0 and at most $100,000',
    ],
    ['fixed negative', { ...valid, kind: 'fixed', value: -5 }, 'value', 'Amount must be more than $0 and at most $100,000'],
    [
      'end before start',
      { ...valid, starts_at: inOneHour(), expires_at: anHourAgo() },
      'expires_at',
      'The end must be after the start',
    ],
    [
      'end equal to start',
      { ...valid, starts_at: '2030-01-01T00:00:00Z', expires_at: '2030-01-01T00:00:00Z' },
      'expires_at',
      'The end must be after the start',
    ],
    ['not a date', { ...valid, starts_at: 'tomorrow' }, 'starts_at', 'Start must be a valid date and time'],
    ['impossible date', { ...valid, expires_at: '2030-02-31T25:00:00Z' }, 'expires_at', 'End must be a valid date and time'],
    ['date as number', { ...valid, expires_at: 1_900_000_000_000 }, 'expires_at', 'End must be a valid date and time'],
    ['year 10000', { ...valid, expires_at: '10000-01-01T00:00:00Z' }, 'expires_at', 'End must be a valid date and time'],
    ['zero usage limit', { ...valid, usage_limit: 0 }, 'usage_limit', 'Usage limit must be a whole number from 1 to 1,000,000'],
    [
      'negative per-customer limit',
      { ...valid, per_customer_limit: -1 },
      'per_customer_limit',
      'Uses per customer must be a whole number from 1 to 1,000,000',
    ],
    ['fractional limit', { ...valid, usage_limit: 1.5 }, 'usage_limit', 'Usage limit must be a whole number from 1 to 1,000,000'],
    ['huge limit', { ...valid, usage_limit: 2 ** 40 }, 'usage_limit', 'Usage limit must be a whole number from 1 to 1,000,000'],
    ['text limit', { ...valid, usage_limit: 'many' }, 'usage_limit', 'Usage limit must be a number'],
    ['negative minimum subtotal', { ...valid, min_subtotal: -1 }, 'min_subtotal', 'Minimum subtotal must be 0 or more'],
    ['huge minimum subtotal', { ...valid, min_subtotal: 1e12 }, 'min_subtotal', 'Minimum subtotal is too large'],
    ['unknown category', { ...valid, category: 'Weapons' }, 'category', 'Unknown category'],
    ['NUL in category', { ...valid, category: 'datasets\u0000' }, 'category', 'Text must not contain NUL characters'],
    ['product id not a uuid', { ...valid, product_id: 'abc' }, 'product_id', 'Product id must be a valid id'],
    ['unknown product', { ...valid, product_id: randomUUID() }, 'product_id', 'Product not found'],
    ['NUL in description', { ...valid, description: 'half\u0000way' }, 'description', 'Text must not contain NUL characters'],
    ['long description', { ...valid, description: 'x'.repeat(201) }, 'description', 'Description must be at most 200 characters'],
    ['flag as text', { ...valid, first_order_only: 'yes' }, 'first_order_only', 'First order only must be true or false'],
  ];

  it.each(cases)('refuses %s with a 422 naming the field', async (_name, body, field, message) => {
    const response = await admin('POST', '/admin/promo-codes', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().errors).toContainEqual({ field, message, messageId: messageIdOf(message) });
  });

  it('refuses bodies that are not an object, and every bad body in one go, without a 500', async () => {
    const missing = await admin('POST', '/admin/promo-codes');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['code', 'kind', 'value']),
    );
    for (const payload of [[1, 2], 'text', 42, null]) {
      const response = await as(adminToken)('POST', '/admin/promo-codes', JSON.stringify(payload), {
        'content-type': 'application/json',
      });
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    const broken = await as(adminToken)('POST', '/admin/promo-codes', '{"code": "BROKEN",', {
      'content-type': 'application/json',
    });
    expect(broken.statusCode).toBe(400);
    expect((await admin('GET', '/admin/promo-codes?search=VALIDATE')).json().total).toBe(0);
  });

  it('refuses bad list filters with a 422', async () => {
    for (const [query, message] of [
      ['active=maybe', 'active must be true, false or all'],
      ['page=0', 'page must be 1 or more'],
      ['limit=1000', 'limit must be at most 100'],
      ['page=two', 'page must be a number'],
      ['search=a%00b', 'Text must not contain NUL characters'],
      [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
    ]) {
      const response = await admin('GET', `/admin/promo-codes?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().detail, query).toBe(message);
    }
  });

  it('keeps the API description readable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/v1/admin/promo-codes/{id}');
  });
});

describe('a created code behaves at the cart as configured', () => {
  it('first order only: refused after a paid order, accepted before one', async () => {
    await create({ code: 'FIRSTONLY', kind: 'percent', value: 20, first_order_only: true });
    const newcomer = await buyerWithCart([tool.id]);
    const accepted = await newcomer.apply('firstonly');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ total: 39.2, promoCode: { code: 'FIRSTONLY', discount: 9.8 } });

    const regular = await buyerWithCart([tool.id]);
    await createPaidOrder(t.db, regular.buyer, dataset);
    const refused = await regular.apply('FIRSTONLY');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe('FIRSTONLY is for your first order only');
  });

  it('uses per customer: refused once the buyer has used it that many times', async () => {
    const code = await create({ code: 'TWICE', kind: 'fixed', value: 3, per_customer_limit: 2 });
    const shopper = await buyerWithCart([tool.id]);
    for (let i = 0; i < 2; i += 1) {
      expect((await shopper.apply('TWICE')).statusCode).toBe(200);
      const order = await createPaidOrder(t.db, shopper.buyer, dataset);
      await t.db.insert(promoRedemptions).values({ promoCodeId: code.id, orderId: order.id, userId: shopper.buyer.id });
    }
    const third = await shopper.apply('TWICE');
    expect(third.statusCode).toBe(422);
    expect(third.json().detail).toBe('You have already used TWICE');
    expect((await (await buyerWithCart([tool.id])).apply('TWICE')).json().promoCode).toMatchObject({ discount: 3 });
  });

  it('minimum subtotal: refused below it, accepted once the cart reaches it', async () => {
    await create({ code: 'BIGCART', kind: 'fixed', value: 10, min_subtotal: 60 });
    const small = await buyerWithCart([tool.id]);
    const refused = await small.apply('BIGCART');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe('BIGCART needs a subtotal of at least $60.00');
    const big = await buyerWithCart([tool.id, dataset.id]);
    expect((await big.apply('BIGCART')).json()).toMatchObject({ subtotal: 69, total: 59 });
  });

  it('category: only for carts holding that category, and only its lines are discounted', async () => {
    await create({ code: 'DATA50', kind: 'percent', value: 50, category: 'Datasets' });
    const refused = await (await buyerWithCart([tool.id])).apply('DATA50');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toMatch(/^DATA50 applies only to/);
    const mixed = await (await buyerWithCart([tool.id, dataset.id])).apply('DATA50');
    expect(mixed.json()).toMatchObject({ subtotal: 69, total: 59, promoCode: { discount: 10 } });
  });

  it('validity window: not before the start, not after the end, and editing the window takes effect', async () => {
    const later = await create({ code: 'LATER', kind: 'percent', value: 10, starts_at: inOneHour() });
    expect(later.status).toBe('scheduled');
    const shopper = await buyerWithCart([tool.id]);
    expect((await shopper.apply('LATER')).json().detail).toBe('Invalid promo code');
    await admin('PUT', `/admin/promo-codes/${later.id}`, { starts_at: anHourAgo() });
    expect((await shopper.apply('LATER')).statusCode).toBe(200);

    const ending = await create({ code: 'ENDING', kind: 'percent', value: 10, expires_at: inOneHour() });
    expect((await shopper.apply('ENDING')).statusCode).toBe(200);
    const ended = await admin('PUT', `/admin/promo-codes/${ending.id}`, {
      starts_at: new Date(Date.now() - 7_200_000).toISOString(),
      expires_at: anHourAgo(),
    });
    expect(ended.json().promo_code.status).toBe('expired');
    expect((await shopper.apply('ENDING')).json().detail).toBe('Invalid promo code');
  });

  it('usage limit: a used-up code is shown as such and refused', async () => {
    const code = await create({ code: 'ONEUSE', kind: 'percent', value: 10, usage_limit: 1 });
    await t.db.update(promoCodes).set({ usedCount: 1 }).where(eq(promoCodes.id, code.id));
    expect((await admin('GET', `/admin/promo-codes/${code.id}`)).json().status).toBe('used_up');
    expect((await (await buyerWithCart([tool.id])).apply('ONEUSE')).json().detail).toBe('Invalid promo code');
  });

  it('product: applies only when that product is in the cart', async () => {
    await create({ code: 'TOOLONLY', kind: 'percent', value: 10, product_id: tool.id });
    expect((await (await buyerWithCart([dataset.id])).apply('TOOLONLY')).json().detail).toBe(
      'TOOLONLY does not apply to the items in your cart',
    );
    expect((await (await buyerWithCart([tool.id, dataset.id])).apply('TOOLONLY')).json().promoCode.discount).toBe(4.9);
  });
});
