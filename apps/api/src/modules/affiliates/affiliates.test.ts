import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductFile, createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { affiliateClicks, auditLog, ledgerEntries, orders } from '../../db/schema';
import type { UserRow } from '../users/repository';
import { REFERRAL_COOKIE, signReferral } from './referral-cookie';

/**
 * The affiliate programme as members, buyers and admins meet it: a link sets a server-signed
 * cookie, a referred order pays its commission out of the platform fee, a refund takes it back,
 * and nothing the client forges, replays or races changes who earns what.
 */

let t: TestApp;
let seller: UserRow;
let adminToken: string;
let tool: { id: string; title: string; priceCents: number };
const DAY = 86_400_000;
const CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AffiliateTest/1.0';

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_STALE_SECONDS: '0', AFFILIATE_VISITS_PER_MINUTE: '10000' });
  seller = await createUser(t.db, 'seller');
  const admin = await createUser(t.db, 'admin');
  adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
  tool = await createProduct(t.db, seller, { title: 'Forecast Toolkit', priceCents: 4000, category: 'datasets' });
  await addProductFile(t.deps, tool.id, 'forecast.py', 'print("forecast")\n');
});
afterAll(async () => {
  await t.close();
});

async function member(role = 'buyer', existing?: UserRow) {
  const user = existing ?? (await createUser(t.db, role));
  const token = await signIn(t.app, user.email, FACTORY_PASSWORD);
  let referral: string | undefined;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      payload,
      headers: { ...bearer(token), ...headers },
      cookies: referral ? { [REFERRAL_COOKIE]: referral } : {},
    });
  return {
    user,
    call,
    /** Follows a referral link the way a browser does: keeps the cookie it is given. */
    async follow(path: string, agent = BROWSER) {
      const response = await t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': agent } });
      const cookie = response.cookies.find((c) => c.name === REFERRAL_COOKIE);
      if (cookie) referral = cookie.value;
      return response;
    },
    setReferral(value: string | undefined) {
      referral = value;
    },
    async buy(productId = tool.id) {
      expect((await call('POST', '/cart/add', { product_id: productId, quantity: 1 })).statusCode).toBeLessThan(300);
      const checkout = await call('POST', '/orders/checkout', { billing_country: 'US' });
      expect(checkout.statusCode).toBe(201);
      const order = checkout.json();
      const paid = await call('POST', `/payments/confirm-payment/${order.payment_intent_id}`, CARD);
      expect(paid.statusCode).toBe(200);
      return order as { order_id: string; payment_intent_id: string };
    },
  };
}

type Member = Awaited<ReturnType<typeof member>>;

async function linkOf(m: Member): Promise<{ code: string; link: string }> {
  const response = await m.call('GET', '/affiliates/me');
  expect(response.statusCode).toBe(200);
  return response.json();
}

const admin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: bearer(adminToken) });

async function ledgerOf(orderId: string) {
  return t.db
    .select({
      kind: ledgerEntries.kind,
      reason: ledgerEntries.reason,
      userId: ledgerEntries.sellerId,
      cents: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId));
}

async function ledgerSum(orderId: string): Promise<number> {
  return (await ledgerOf(orderId)).reduce((sum, entry) => sum + entry.cents, 0);
}

async function orderRow(orderId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return row as typeof orders.$inferSelect;
}

async function refund(buyer: Member, orderId: string): Promise<LightMyRequestResponse> {
  const asked = await buyer.call('POST', `/orders/${orderId}/request-refund`, { reason: 'It does not do what I need at all' });
  expect(asked.statusCode).toBe(201);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/orders/${orderId}/refund`,
    headers: bearer(adminToken),
    payload: { decision: 'approve', note: 'Refunded as asked' },
  });
}

describe('who may call what', () => {
  it('answers 401 to the anonymous and 403 to non-admins on the programme settings and overview', async () => {
    for (const url of ['/affiliates/me', '/affiliates/me/sales', '/affiliates/payout-account']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}` });
      expect(response.statusCode, url).toBe(401);
    }
    for (const [method, url] of [
      ['GET', '/affiliates/admin/settings'],
      ['PUT', '/affiliates/admin/settings'],
      ['GET', '/affiliates/admin/affiliates'],
    ] as const) {
      expect((await t.app.inject({ method, url: `/api/v1${url}`, payload: { enabled: false } })).statusCode).toBe(401);
      for (const role of ['buyer', 'seller', 'simple_admin']) {
        const m = await member(role);
        const response = await m.call(method, url, { enabled: false });
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await admin('GET', '/affiliates/admin/settings')).json()).toMatchObject({ enabled: true });
  });
});

describe('a referral link', () => {
  it('is stable, unique per member and hard to guess', async () => {
    const a = await member();
    const b = await member();
    const first = await linkOf(a);
    expect(first.code).toMatch(/^[a-z2-9]{10}$/);
    expect(first.link).toBe(`http://localhost:3000/r/${first.code}`);
    expect((await linkOf(a)).code).toBe(first.code);
    expect((await linkOf(b)).code).not.toBe(first.code);
    // A member opening the page in three tabs at once still gets one code.
    const c = await member();
    const racing = await Promise.all([linkOf(c), linkOf(c), linkOf(c)]);
    expect(new Set(racing.map((l) => l.code)).size).toBe(1);
  });

  it('sets an httpOnly, SameSite=Lax cookie for the configured window and redirects only within the site', async () => {
    const a = await member();
    const { code } = await linkOf(a);
    const visitor = await member();
    const response = await visitor.follow(`/r/${code}?to=/products/${tool.id}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/products/${tool.id}`);
    const cookie = response.cookies.find((c) => c.name === REFERRAL_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1', maxAge: 30 * 86_400 });
    for (const to of ['//evil.example', 'https://evil.example/', '/\\evil.example', '/api/v1/users/me']) {
      const away = await visitor.follow(`/r/${code}?to=${encodeURIComponent(to)}`);
      expect(away.headers.location, to).toBe('/');
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/r/nosuchcode1' });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.cookies.find((c) => c.name === REFERRAL_COOKIE)).toBeUndefined();
  });

  it('counts one click per address a day, whatever browser string each request sends', async () => {
    const a = await member();
    const { code } = await linkOf(a);
    const visitor = await member();
    for (let i = 0; i < 10; i += 1) {
      const response = await visitor.follow(`/r/${code}`, `Mozilla/5.0 FakeBrowser/${i}.0`);
      expect(response.statusCode).toBe(302);
    }
    expect((await linkOf(a)) as unknown).toMatchObject({ stats: { clicks: 1 } });
    const rows = await t.db.select().from(affiliateClicks).where(eq(affiliateClicks.affiliateId, a.user.id));
    expect(rows).toHaveLength(1);
  });

  it('counts one click per visitor a day, however often a script reloads it', async () => {
    const a = await member();
    const { code } = await linkOf(a);
    const visitor = await member();
    for (let i = 0; i < 8; i += 1) await visitor.follow(`/r/${code}`);
    await visitor.follow(`/r/${code}`, 'Another browser/2.0');
    const visit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/affiliates/visits',
      payload: { code: code.toUpperCase() },
      headers: { 'user-agent': BROWSER },
    });
    expect(visit.json()).toEqual({ attributed: true });
    expect((await linkOf(a)) as unknown).toMatchObject({ stats: { clicks: 1 } });
    const rows = await t.db.select().from(affiliateClicks).where(eq(affiliateClicks.affiliateId, a.user.id));
    // Only a keyed hash of the visitor is kept, never the address or the browser string.
    expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
    expect(JSON.stringify(rows)).not.toContain('AffiliateTest');
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/affiliates/visits', payload: { code: 'x"; drop' } });
    expect(bad.statusCode).toBe(422);
  });
});

describe('visits from one address', () => {
  it('are capped per minute, so a script can not even make the server count them', async () => {
    const limited = await createTestApp({ AFFILIATE_VISITS_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: '/r/abcdefghjk', headers: { 'user-agent': `bot/${i}` } })).statusCode,
        );
      }
      expect(statuses).toEqual([302, 302, 302, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('a referred order', () => {
  it('pays 5% of the total out of the platform fee when paid, and takes it back on refund', async () => {
    const a = await member();
    const { code } = await linkOf(a);
    const buyer = await member();
    await buyer.follow(`/r/${code}`);
    const order = await buyer.buy();
    expect(await orderRow(order.order_id)).toMatchObject({ affiliateId: a.user.id, affiliateCommissionBps: 500 });
    const entries = await ledgerOf(order.order_id);
    expect(entries).toEqual(
      expect.arrayContaining([
        { kind: 'affiliate', reason: 'sale', userId: a.user.id, cents: 200 },
        { kind: 'platform', reason: 'sale', userId: null, cents: 200 },
        { kind: 'ai_pool', reason: 'sale', userId: null, cents: 400 },
        { kind: 'seller', reason: 'sale', userId: seller.id, cents: 3200 },
      ]),
    );
    expect(await ledgerSum(order.order_id)).toBe(4000);

    const dashboard = await linkOf(a);
    expect(dashboard).toMatchObject({
      stats: { clicks: 1, orders: 1, refunded_orders: 0, sales: 40, earnings_pending: 2, earnings_available: 0 },
      payout: { has_account: false },
    });
    const sales = (await a.call('GET', '/affiliates/me/sales')).json();
    expect(sales.total).toBe(1);
    expect(Object.keys(sales.sales[0]).sort()).toEqual(['amount', 'available_on', 'commission', 'date', 'reference', 'status']);
    expect(sales.sales[0]).toMatchObject({ amount: 40, commission: 2, status: 'pending' });
    expect(JSON.stringify(sales)).not.toContain(buyer.user.email);

    // The seller's own figures are untouched: the commission comes out of the platform's share.
    const sellerToken = await signIn(t.app, seller.email, FACTORY_PASSWORD);
    const statement = await t.app.inject({
      method: 'GET',
      url: '/api/v1/seller/payouts/statement',
      headers: bearer(sellerToken),
    });
    expect(statement.json().lines.every((line: { description: string }) => !line.description.startsWith('Referral'))).toBe(true);

    expect((await refund(buyer, order.order_id)).statusCode).toBe(200);
    expect(await ledgerSum(order.order_id)).toBe(0);
    expect(await ledgerOf(order.order_id)).toContainEqual({
      kind: 'affiliate',
      reason: 'refund',
      userId: a.user.id,
      cents: -200,
    });
    expect(await linkOf(a)).toMatchObject({ stats: { orders: 1, refunded_orders: 1, sales: 0, earnings_pending: 0 } });
    expect((await a.call('GET', '/affiliates/me/sales')).json().sales[0]).toMatchObject({ status: 'refunded' });
  });

  it('is never attributed to the buyer themself, to a seller of the order, or to a suspended member', async () => {
    const self = await member();
    await self.follow(`/r/${(await linkOf(self)).code}`);
    const own = await self.buy();
    expect((await orderRow(own.order_id)).affiliateId).toBeNull();

    const sellerMember = await member('seller', seller);
    const buyer = await member();
    await buyer.follow(`/r/${(await linkOf(sellerMember)).code}`);
    const bySeller = await buyer.buy();
    expect((await orderRow(bySeller.order_id)).affiliateId).toBeNull();
    expect((await ledgerOf(bySeller.order_id)).some((e) => e.kind === 'affiliate')).toBe(false);

    const suspended = await member();
    const { code } = await linkOf(suspended);
    const later = await member();
    await later.follow(`/r/${code}`);
    await t.db.execute(sql`update users set is_active = false where id = ${suspended.user.id}`);
    const order = await later.buy();
    expect((await orderRow(order.order_id)).affiliateId).toBeNull();
  });

  it('ignores a forged, altered or expired cookie, and the last link followed wins', async () => {
    const a = await member();
    const b = await member();
    await linkOf(a);
    const { code: codeB } = await linkOf(b);
    const genuine = signReferral(t.deps, { a: a.user.id, t: Date.now() });
    const [payload, signature] = genuine.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ a: b.user.id, t: Date.now() })).toString('base64url');
    for (const forged of [
      `${otherPayload}.${signature}`,
      `${payload}.${Buffer.from('not the signature at all, no').toString('base64url')}`,
      a.user.id,
      `${payload}`,
      `${payload}.${signature}.extra`,
      signReferral({ ...t.deps, downloadSigningKey: 'someone-elses-key' }, { a: a.user.id, t: Date.now() }),
      signReferral(t.deps, { a: a.user.id, t: Date.now() - 31 * DAY }),
      signReferral(t.deps, { a: a.user.id, t: Date.now() + 5 * DAY }),
      signReferral(t.deps, { a: 'not-a-uuid', t: Date.now() }),
    ]) {
      const buyer = await member();
      buyer.setReferral(forged);
      const order = await buyer.buy();
      expect((await orderRow(order.order_id)).affiliateId, forged).toBeNull();
    }
    // Inside the window it counts; a later link replaces an earlier one.
    const buyer = await member();
    buyer.setReferral(signReferral(t.deps, { a: a.user.id, t: Date.now() - 29 * DAY }));
    await buyer.follow(`/r/${codeB}`);
    const order = await buyer.buy();
    expect((await orderRow(order.order_id)).affiliateId).toBe(b.user.id);
    const stillValid = await member();
    stillValid.setReferral(genuine);
    expect((await orderRow((await stillValid.buy()).order_id)).affiliateId).toBe(a.user.id);
  });

  it('books the commission once when the same payment is replayed and raced, and reverses it once', async () => {
    const a = await member();
    const { code } = await linkOf(a);
    const buyer = await member();
    await buyer.follow(`/r/${code}`);
    await buyer.call('POST', '/cart/add', { product_id: tool.id, quantity: 1 });
    const order = (await buyer.call('POST', '/orders/checkout', { billing_country: 'US' })).json();
    const pay = () => buyer.call('POST', `/payments/confirm-payment/${order.payment_intent_id}`, CARD);
    const saves = () =>
      buyer.call('POST', '/orders/save-order', {
        payment_intent_id: order.payment_intent_id,
        status: 'completed',
        payment_status: 'paid',
      });
    const answers = await Promise.all([pay(), pay(), pay(), saves(), saves()]);
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    expect((await pay()).statusCode).toBeLessThan(500);
    const commission = (await ledgerOf(order.order_id)).filter((e) => e.kind === 'affiliate');
    expect(commission).toEqual([{ kind: 'affiliate', reason: 'sale', userId: a.user.id, cents: 200 }]);
    expect(await ledgerSum(order.order_id)).toBe(4000);

    await buyer.call('POST', `/orders/${order.order_id}/request-refund`, { reason: 'Bought the wrong toolkit by mistake' });
    const decide = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/orders/${order.order_id}/refund`,
        headers: bearer(adminToken),
        payload: { decision: 'approve' },
      });
    const decisions = await Promise.all(Array.from({ length: 6 }, decide));
    expect(decisions.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await decide()).statusCode).toBeGreaterThanOrEqual(400);
    const reversals = (await ledgerOf(order.order_id)).filter((e) => e.kind === 'affiliate' && e.reason === 'refund');
    expect(reversals).toEqual([{ kind: 'affiliate', reason: 'refund', userId: a.user.id, cents: -200 }]);
    expect(await ledgerSum(order.order_id)).toBe(0);
    // Paying the refunded order again brings nothing back.
    expect((await pay()).statusCode).toBe(409);
    expect(await ledgerSum(order.order_id)).toBe(0);
  });

  it('keeps the payment analytics summing: net = platform + AI pool + sellers + affiliates', async () => {
    const a = await member();
    const buyer = await member();
    await buyer.follow(`/r/${(await linkOf(a)).code}`);
    await buyer.buy();
    const today = new Date().toISOString().slice(0, 10);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/admin/analytics?start_date=${today}&end_date=${today}`,
      headers: bearer(adminToken),
    });
    expect(report.statusCode).toBe(200);
    const totals = report.json().totals;
    expect(totals.affiliate_commissions).toBeGreaterThan(0);
    const parts = totals.platform_fees + totals.ai_pool + totals.seller_share + totals.affiliate_commissions;
    expect(Math.round(parts * 100)).toBe(Math.round(totals.net * 100));
  });
});

describe('programme settings', () => {
  it('validates, records who changed what, and applies the new rate and window to new orders only', async () => {
    const over = await admin('PUT', '/affiliates/admin/settings', { commission_percent: 12 });
    expect(over.statusCode).toBe(422);
    expect(over.json().detail).toBe('Commission can not exceed the platform fee (10%)');
    for (const body of [
      { cookie_days: 0 },
      { cookie_days: 2.5 },
      { commission_percent: -1 },
      { commission_percent: 1.234 },
      {},
    ]) {
      expect((await admin('PUT', '/affiliates/admin/settings', body)).statusCode, JSON.stringify(body)).toBe(422);
    }

    const a = await member();
    const { code } = await linkOf(a);
    const early = await member();
    await early.follow(`/r/${code}`);
    await early.call('POST', '/cart/add', { product_id: tool.id, quantity: 1 });
    const earlyOrder = (await early.call('POST', '/orders/checkout', { billing_country: 'US' })).json();

    const changed = await admin('PUT', '/affiliates/admin/settings', { commission_percent: 7.5, cookie_days: 7 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ enabled: true, commission_percent: 7.5, cookie_days: 7, max_commission_percent: 10 });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'affiliate.settings_updated')))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(audit?.details).toMatchObject({
      before: { commission_bps: 500, cookie_days: 30 },
      after: { commission_bps: 750, cookie_days: 7 },
    });

    // The order opened before the change keeps its 5%; a new one gets 7.5%.
    await early.call('POST', `/payments/confirm-payment/${earlyOrder.payment_intent_id}`, CARD);
    expect((await ledgerOf(earlyOrder.order_id)).find((e) => e.kind === 'affiliate')?.cents).toBe(200);
    const late = await member();
    await late.follow(`/r/${code}`);
    const lateOrder = await late.buy();
    expect((await ledgerOf(lateOrder.order_id)).find((e) => e.kind === 'affiliate')?.cents).toBe(300);
    expect((await ledgerOf(lateOrder.order_id)).find((e) => e.kind === 'platform')?.cents).toBe(100);

    // A cookie older than the shortened window no longer counts.
    const stale = await member();
    stale.setReferral(signReferral(t.deps, { a: a.user.id, t: Date.now() - 8 * DAY }));
    expect((await orderRow((await stale.buy()).order_id)).affiliateId).toBeNull();

    // Paused: links set no cookie and existing cookies attribute nothing.
    expect((await admin('PUT', '/affiliates/admin/settings', { enabled: false })).statusCode).toBe(200);
    const paused = await member();
    const visit = await paused.follow(`/r/${code}`);
    expect(visit.cookies.find((c) => c.name === REFERRAL_COOKIE)).toBeUndefined();
    paused.setReferral(signReferral(t.deps, { a: a.user.id, t: Date.now() }));
    expect((await orderRow((await paused.buy()).order_id)).affiliateId).toBeNull();
    expect((await linkOf(a)) as unknown).toMatchObject({ programme_enabled: false });

    const overview = await admin('GET', '/affiliates/admin/affiliates?limit=100');
    expect(overview.statusCode).toBe(200);
    const row = overview.json().affiliates.find((r: { user_id: string }) => r.user_id === a.user.id);
    expect(row).toMatchObject({ code, orders: 2, sales: 80, earnings: 5, earnings_pending: 5 });
    expect(
      (await admin('PUT', '/affiliates/admin/settings', { enabled: true, commission_percent: 5, cookie_days: 30 })).statusCode,
    ).toBe(200);
  });
});

describe('payouts', () => {
  it('pays a member without a seller account their released commission in the payout run', async () => {
    const a = await member();
    const buyer = await member();
    await buyer.follow(`/r/${(await linkOf(a)).code}`);
    const order = await buyer.buy();
    // The sale leaves the refund hold.
    await t.db
      .update(ledgerEntries)
      .set({ createdAt: new Date(Date.now() - 40 * DAY) })
      .where(and(eq(ledgerEntries.orderId, order.order_id), eq(ledgerEntries.reason, 'sale')));
    expect(await linkOf(a)).toMatchObject({ stats: { earnings_pending: 0, earnings_available: 2 }, payout: { available: 2 } });

    const account = await a.call('PUT', '/affiliates/payout-account', {
      account_holder_name: 'Affi Liate',
      bank_name: 'Commerzbank',
      account_type: 'iban',
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    expect(account.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/payments/admin/settings',
          headers: bearer(adminToken),
          payload: { minimum_payout: 1 },
        })
      ).statusCode,
    ).toBe(200);
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/admin/trigger-transfer',
      headers: bearer(adminToken),
      payload: { seller_id: a.user.id },
    });
    expect(run.statusCode).toBe(200);
    expect(run.json().results).toEqual([
      expect.objectContaining({ status: 'paid', payout: expect.objectContaining({ amount: 2 }) }),
    ]);
    expect(await linkOf(a)).toMatchObject({ payout: { has_account: true, available: 0, paid_out: 2 } });
  });
});
