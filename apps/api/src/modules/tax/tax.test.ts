// @database-server: tax at checkout, on the receipt, in the ledger and in the admin's report, attacked
import { MESSAGE_CATALOGUE, MESSAGE_LANGUAGES } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductFile, createProduct, createPromo, createUser, FACTORY_PASSWORD, signedInUser } from '../../../test/factories';
import { bearer, createTestApp, decodedOutbox, signIn, type TestApp } from '../../../test/helpers';
import { orders, taxRates } from '../../db/schema';

/**
 * Tax (issue 25, docs/decisions/0044): prices are net; the billing country the buyer gives picks
 * the admin's rate; the order keeps what it charged; the split is on the net; refunds give the tax
 * back; the admin's report per country and month nets refunds out. The server decides every figure.
 */

let t: TestApp;
let seller: Awaited<ReturnType<typeof signedInUser>>;
let adminToken: string;
let tool: { id: string };

const card = (number: string) => ({ card_number: number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' });
const US_CARD = '4242424242424242';
const DE_CARD = '4000002760000016';
const GB_CARD = '4000008260000000';

beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_PERCENT: '20' });
  seller = await signedInUser(t, 'seller');
  const admin = await createUser(t.db, 'admin');
  adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
  tool = await product(1000);
});
afterAll(async () => {
  await t.close();
});

async function product(priceCents: number) {
  const row = await createProduct(t.db, seller.user, { priceCents, category: 'ai-tools' });
  await addProductFile(t.deps, row.id, 'tool.py', 'print("tool")\n');
  return row;
}

async function buyer(productId = tool.id) {
  const b = await signedInUser(t, 'buyer');
  expect((await b.call('POST', '/cart/add', { product_id: productId, quantity: 1 })).statusCode).toBe(200);
  const raw = (method: 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload: payload as object, headers: { ...bearer(b.token), ...headers } });
  return {
    ...b,
    checkout: (body?: unknown, key?: string) => raw('POST', '/orders/checkout', body, key ? { 'idempotency-key': key } : {}),
    pay: (intentId: string, number = US_CARD) => b.call('POST', `/payments/confirm-payment/${intentId}`, card(number)),
  };
}

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: bearer(adminToken) });

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function ledger(orderId: string) {
  const rows = (await t.db.execute(sql`select kind, reason, amount_cents from ledger_entries where order_id = ${orderId}`))
    .rows as { kind: string; reason: string; amount_cents: number }[];
  const of = (kind: string) =>
    rows.filter((r) => r.kind === kind && r.reason === 'sale').reduce((sum, r) => sum + r.amount_cents, 0);
  return {
    ai: of('ai_pool'),
    platform: of('platform'),
    seller: of('seller'),
    sale: rows.filter((r) => r.reason === 'sale').reduce((s, r) => s + r.amount_cents, 0),
    all: rows.reduce((s, r) => s + r.amount_cents, 0),
  };
}

async function intentAmount(intentId: string) {
  const rows = await t.db.execute(sql`select amount_cents from test_payment_intents where id = ${intentId}`);
  return (rows.rows[0] as { amount_cents: number }).amount_cents;
}

function expectCatalogued(body: { messageId?: string }, id: string) {
  expect(body.messageId).toBe(id);
  for (const language of MESSAGE_LANGUAGES) expect(MESSAGE_CATALOGUE[language][id as 'tax.countryUnknown']).toBeTruthy();
}

async function refund(orderId: string, b: { call: (m: 'POST', u: string, p: object) => Promise<{ statusCode: number }> }) {
  expect(
    (await b.call('POST', `/orders/${orderId}/request-refund`, { reason: 'It does not do what I need at all' })).statusCode,
  ).toBe(201);
  const decided = await admin('PUT', `/admin/orders/${orderId}/refund`, { decision: 'approve', note: 'Refunded as asked' });
  expect(decided.statusCode).toBe(200);
}

describe('the rate table', () => {
  it('starts with the EU standard VAT rates and the UK, and no US state', async () => {
    const { rates } = (await admin('GET', '/admin/tax-rates')).json();
    const by = new Map(
      rates.map((r: { country: string; region: string | null; rate: number }) => [r.country + (r.region ?? ''), r]),
    );
    expect(rates).toHaveLength(28);
    expect(by.get('DE')).toMatchObject({ rate: 19, rate_bps: 1900, label: 'VAT', region: null });
    expect(by.get('FI')).toMatchObject({ rate: 25.5 });
    expect(by.get('HU')).toMatchObject({ rate: 27 });
    expect(by.get('GB')).toMatchObject({ rate: 20 });
    expect(rates.some((r: { country: string }) => r.country === 'US')).toBe(false);
  });

  it('answers the rate a checkout would charge: any case, the state rate for the US only when one is kept', async () => {
    const quote = (q: string) => t.app.inject({ method: 'GET', url: `/api/v1/tax/rate?${q}` });
    expect((await quote('country=%20de%20')).json()).toEqual({
      country: 'DE',
      region: null,
      rate: 19,
      rate_bps: 1900,
      label: 'VAT',
    });
    expect((await quote('country=US&region=CA')).json()).toMatchObject({ rate_bps: 0, label: null });
    const created = await admin('POST', '/admin/tax-rates', { country: 'us', region: 'ca', rate: '7.25', label: 'Sales tax' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ country: 'US', region: 'CA', rate: 7.25, rate_bps: 725 });
    expect((await quote('country=US&region=CA')).json()).toMatchObject({ region: 'CA', rate_bps: 725, label: 'Sales tax' });
    expect((await quote('country=US&region=NY')).json()).toMatchObject({ region: null, rate_bps: 0 });
    expect((await quote('country=US')).json()).toMatchObject({ rate_bps: 0 });
    for (const bad of ['country=XX', 'country=DEU', 'country=', 'country=%3Cscript%3E']) {
      const answer = await quote(bad);
      expect(answer.statusCode, bad).toBe(422);
    }
    expect((await quote('country=DE&region=BY')).statusCode).toBe(422);
    expect((await admin('DELETE', `/admin/tax-rates/${created.json().id}`)).statusCode).toBe(200);
  });

  it('is kept by the admin with clear 422s: place taken, rate range and decimals, label, region outside the US', async () => {
    const post = (body: object) => admin('POST', '/admin/tax-rates', body);
    const taken = await post({ country: 'DE', rate: 7, label: 'VAT' });
    expect(taken.statusCode).toBe(422);
    expectCatalogued(taken.json(), 'tax.rateExists');
    const cases: [object, string][] = [
      [{ country: 'NO', rate: 50.5, label: 'MVA' }, 'tax.rateRange'],
      [{ country: 'NO', rate: -1, label: 'MVA' }, 'tax.rateRange'],
      [{ country: 'NO', rate: 25.125, label: 'MVA' }, 'tax.rateDecimals'],
      [{ country: 'NO', rate: 'lots', label: 'MVA' }, 'tax.rateNumber'],
      [{ country: 'NO', rate: 25, label: '' }, 'tax.labelLength'],
      [{ country: 'NO', rate: 25, label: 'x'.repeat(41) }, 'tax.labelLength'],
      [{ country: 'NO', rate: 25, label: '<b>MVA</b>' }, 'tax.labelLength'],
      [{ country: 'NO', region: 'CA', rate: 25, label: 'MVA' }, 'tax.regionOnlyUs'],
      [{ country: 'ZZ', rate: 25, label: 'MVA' }, 'tax.countryUnknown'],
      [{ country: 'US', region: 'XY', rate: 5, label: 'Sales tax' }, 'tax.regionUnknown'],
    ];
    for (const [body, id] of cases) {
      const answer = await post(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
      expect(
        answer.json().errors.map((e: { messageId?: string }) => e.messageId),
        JSON.stringify(body),
      ).toContain(id);
    }
    const norway = (await post({ country: 'no', rate: 25, label: 'MVA' })).json();
    const changed = await admin('PUT', `/admin/tax-rates/${norway.id}`, { country: 'NO', rate: 15, label: 'MVA' });
    expect(changed.json()).toMatchObject({ rate: 15, rate_bps: 1500 });
    const moved = await admin('PUT', `/admin/tax-rates/${norway.id}`, { country: 'DE', rate: 15, label: 'MVA' });
    expect(moved.statusCode).toBe(422);
    expectCatalogued(moved.json(), 'tax.rateExists');
    expect((await admin('DELETE', `/admin/tax-rates/${norway.id}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `/admin/tax-rates/${norway.id}`)).statusCode).toBe(404);
    expect((await admin('PUT', `/admin/tax-rates/${norway.id}`, { country: 'NO', rate: 15, label: 'MVA' })).statusCode).toBe(404);
    expect((await admin('DELETE', '/admin/tax-rates/not-a-uuid')).statusCode).toBe(404);
  });

  it('and the report are the admin’s alone: anonymous 401, buyer, seller and simple admin 403', async () => {
    const [rate] = await t.db.select().from(taxRates).where(eq(taxRates.country, 'DE'));
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/admin/tax-rates'],
      ['POST', '/admin/tax-rates', { country: 'NO', rate: 25, label: 'MVA' }],
      ['PUT', `/admin/tax-rates/${rate?.id}`, { country: 'DE', rate: 0, label: 'VAT' }],
      ['DELETE', `/admin/tax-rates/${rate?.id}`],
      ['GET', '/admin/tax-report?month=2026-01'],
      ['GET', '/admin/tax-report?month=2026-01&format=csv'],
    ];
    const others = await Promise.all(['buyer', 'seller', 'simple_admin'].map((role) => signedInUser(t, role)));
    for (const [method, url, payload] of routes) {
      expect((await t.app.inject({ method, url: `/api/v1${url}`, payload })).statusCode, url).toBe(401);
      for (const other of others)
        expect((await other.call(method, url, payload)).statusCode, `${other.user.role} ${url}`).toBe(403);
    }
    expect((await t.db.select().from(taxRates).where(eq(taxRates.country, 'DE')))[0]?.rateBps).toBe(1900);
  });
});

describe('a checkout with a billing country', () => {
  it('charges net + tax: the order keeps country, rate and tax, the intent is for the gross, the split is on the net', async () => {
    const b = await buyer();
    const checkout = await b.checkout({ billing_country: 'DE' });
    expect(checkout.statusCode).toBe(201);
    expect(checkout.json()).toMatchObject({
      amount: 11.9,
      net_amount: 10,
      tax: { country: 'DE', rate: 19, rate_bps: 1900, label: 'VAT', amount: 1.9 },
    });
    const { order_id: id, payment_intent_id: intent } = checkout.json();
    expect(await intentAmount(intent)).toBe(1190);
    expect((await b.pay(intent, DE_CARD)).statusCode).toBe(200);
    expect(await orderRow(id)).toMatchObject({
      paymentStatus: 'paid',
      totalCents: 1190,
      taxCents: 190,
      taxRateBps: 1900,
      taxCountry: 'DE',
      taxLabel: 'VAT',
      aiPoolCents: 100,
      cardCountry: 'DE',
      taxFlag: null,
    });
    // 10% pool and 20% platform of the $10.00 net; the seller gets the rest. The $1.90 tax is nobody's revenue.
    expect(await ledger(id)).toMatchObject({ ai: 100, platform: 200, seller: 700, sale: 1000 });
    const shown = (await b.call('GET', `/orders/${id}`)).json();
    expect(shown).toMatchObject({ total_amount: 11.9, net_amount: 10, tax: { country: 'DE', amount: 1.9 } });
    const receipt = decodedOutbox(t.config).find((mail) => mail.to.includes(b.user.email) && /receipt/i.test(mail.subject));
    expect(receipt?.body).toContain('VAT 19% (DE): $1.90');
    expect(receipt?.body).toContain('Total: $11.90');
  });

  it('taxes the net after a promo, and shows the net on the receipt', async () => {
    await createPromo(t.db, { code: 'TAXTEN', kind: 'percent', value: 10 });
    const b = await buyer();
    expect((await b.call('POST', '/cart/promo', { code: 'TAXTEN' })).statusCode).toBe(200);
    const checkout = (await b.checkout({ billing_country: 'FR' })).json();
    // $10.00 − 10% = $9.00 net; 20% VAT = $1.80; $10.80.
    expect(checkout).toMatchObject({ amount: 10.8, net_amount: 9, tax: { country: 'FR', amount: 1.8 } });
    expect((await b.pay(checkout.payment_intent_id, GB_CARD)).statusCode).toBe(200);
    expect(await ledger(checkout.order_id)).toMatchObject({ ai: 90, platform: 180, seller: 630, sale: 900 });
    const receipt = decodedOutbox(t.config).find((mail) => mail.to.includes(b.user.email) && /receipt/i.test(mail.subject));
    expect(receipt?.body).toContain('Net: $9.00');
    expect(receipt?.body).toContain('VAT 20% (FR): $1.80');
    // A British card for a French billing address: the charge stands, the order is flagged for the admin.
    expect(await orderRow(checkout.order_id)).toMatchObject({ cardCountry: 'GB', taxFlag: 'card_country_mismatch' });
  });

  it('ignores every figure the client sends: its own tax, rate, total and amount', async () => {
    const b = await buyer();
    const checkout = await b.checkout({
      billing_country: 'DE',
      tax: 0,
      tax_cents: 0,
      tax_rate: 0,
      tax_amount: 0,
      total_amount: 0.01,
      amount: 0.01,
      net_amount: 11.9,
    });
    expect(checkout.statusCode).toBe(201);
    expect(checkout.json()).toMatchObject({ amount: 11.9, tax: { amount: 1.9 } });
  });

  it('normalises the country’s case and refuses unknown or hostile ones with a clear 422', async () => {
    const b = await buyer();
    const lower = await b.checkout({ billing_country: ' gb ' }, 'lower-key');
    expect(lower.json()).toMatchObject({ amount: 12, tax: { country: 'GB', rate: 20 } });
    for (const bad of [
      'XX',
      'DEU',
      'D',
      '',
      ' ',
      '<script>alert(1)</script>',
      "DE' OR 1=1 --",
      'ÐE',
      'x'.repeat(10_000),
      49,
      null,
      true,
      ['DE'],
      { code: 'DE' },
    ]) {
      const answer = await b.checkout({ billing_country: bad });
      expect(answer.statusCode, String(bad).slice(0, 20)).toBe(422);
      expect(answer.json().errors[0].messageId).toBe('tax.countryUnknown');
    }
    const region = await b.checkout({ billing_country: 'DE', billing_region: 'CA' });
    expect(region.statusCode).toBe(422);
    expectCatalogued(region.json().errors[0], 'tax.regionOnlyUs');
    const state = await b.checkout({ billing_country: 'US', billing_region: 'Narnia' });
    expect(state.json().errors[0].messageId).toBe('tax.regionUnknown');
  });

  it('without a billing country refuses a paid order (422 on the field); an order placed before the rule keeps its flag', async () => {
    const b = await buyer();
    for (const body of [undefined, {}, { billing_region: '' }]) {
      const refused = await b.checkout(body);
      expect(refused.statusCode).toBe(422);
      expectCatalogued(refused.json(), 'tax.countryRequired');
      expect(refused.json().errors).toEqual([
        expect.objectContaining({ field: 'billing_country', messageId: 'tax.countryRequired' }),
      ]);
    }
    expect((await t.db.execute(sql`select count(*)::int as n from orders where user_id = ${b.user.id}`)).rows[0]).toEqual({
      n: 0,
    });
    // An older client's order from before the rule: untaxed, no country, flagged for the admin's report.
    const checkout = (await b.checkout({ billing_country: 'US' })).json();
    expect(checkout).toMatchObject({ amount: 10, net_amount: 10, tax: { country: 'US', rate: 0, amount: 0 } });
    expect((await b.pay(checkout.payment_intent_id)).statusCode).toBe(200);
    await t.db.update(orders).set({ taxCountry: null, taxFlag: 'no_billing_country' }).where(eq(orders.id, checkout.order_id));
    expect(await orderRow(checkout.order_id)).toMatchObject({ taxCents: 0, taxCountry: null, taxFlag: 'no_billing_country' });
  });

  it('for a US buyer charges a state’s rate only where the admin keeps one', async () => {
    const rate = (
      await admin('POST', '/admin/tax-rates', { country: 'US', region: 'TX', rate: 6.25, label: 'Sales tax' })
    ).json();
    const texan = await buyer();
    expect((await texan.checkout({ billing_country: 'US', billing_region: 'tx' })).json()).toMatchObject({
      amount: 10.63,
      tax: { country: 'US', region: 'TX', rate: 6.25, label: 'Sales tax', amount: 0.63 },
    });
    const oregon = await buyer();
    expect((await oregon.checkout({ billing_country: 'US', billing_region: 'OR' })).json()).toMatchObject({
      amount: 10,
      tax: { country: 'US', region: null, rate: 0, amount: 0 },
    });
    await admin('DELETE', `/admin/tax-rates/${rate.id}`);
  });
});

describe('between checkout and payment', () => {
  it('the same Idempotency-Key never moves an order to another country; a new checkout does, and the old intent can no longer be paid', async () => {
    const b = await buyer();
    const first = (await b.checkout({ billing_country: 'DE' }, 'key-1')).json();
    expect((await b.checkout({ billing_country: 'DE' }, 'key-1')).json().order_id).toBe(first.order_id);
    const moved = await b.checkout({ billing_country: 'FR' }, 'key-1');
    expect(moved.statusCode).toBe(409);
    expectCatalogued(moved.json(), 'tax.billingChanged');
    const second = (await b.checkout({ billing_country: 'FR' }, 'key-2')).json();
    expect(second).toMatchObject({ amount: 12, tax: { country: 'FR' } });
    expect(second.order_id).not.toBe(first.order_id);
    // The German order was superseded: paying its intent now is refused, nothing is kept.
    const late = await b.pay(first.payment_intent_id);
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    expect((await orderRow(first.order_id))?.paymentStatus).not.toBe('paid');
    expect((await b.pay(second.payment_intent_id)).statusCode).toBe(200);
    expect(await orderRow(second.order_id)).toMatchObject({ paymentStatus: 'paid', totalCents: 1200, taxCents: 200 });
  });

  it('a rate the admin changes does not change an order placed before: it is paid as charged', async () => {
    const b = await buyer();
    const checkout = (await b.checkout({ billing_country: 'AT' })).json();
    expect(checkout).toMatchObject({ amount: 12, tax: { rate: 20 } });
    const [austria] = await t.db.select().from(taxRates).where(eq(taxRates.country, 'AT'));
    expect((await admin('PUT', `/admin/tax-rates/${austria?.id}`, { country: 'AT', rate: 25, label: 'USt' })).statusCode).toBe(
      200,
    );
    expect((await b.pay(checkout.payment_intent_id)).statusCode).toBe(200);
    expect(await orderRow(checkout.order_id)).toMatchObject({
      paymentStatus: 'paid',
      totalCents: 1200,
      taxCents: 200,
      taxRateBps: 2000,
      taxLabel: 'VAT',
    });
    // The next buyer pays the new rate.
    expect((await (await buyer()).checkout({ billing_country: 'AT' })).json()).toMatchObject({
      amount: 12.5,
      tax: { label: 'USt' },
    });
    await admin('PUT', `/admin/tax-rates/${austria?.id}`, { country: 'AT', rate: 20, label: 'VAT' });
  });
});

describe('a refund', () => {
  it('gives the tax back with the rest: the provider refunds the gross, the ledger goes back to zero', async () => {
    const b = await buyer();
    const checkout = (await b.checkout({ billing_country: 'SE' })).json();
    expect(checkout.amount).toBe(12.5);
    expect((await b.pay(checkout.payment_intent_id)).statusCode).toBe(200);
    await refund(checkout.order_id, b);
    const books = (
      await t.db.execute(
        sql`select amount_cents, amount_refunded_cents from test_payment_intents where id = ${checkout.payment_intent_id}`,
      )
    ).rows[0];
    expect(books).toEqual({ amount_cents: 1250, amount_refunded_cents: 1250 });
    expect((await ledger(checkout.order_id)).all).toBe(0);
    expect(await orderRow(checkout.order_id)).toMatchObject({ paymentStatus: 'refunded', taxCents: 250 });
  });
});

describe('the admin’s tax report', () => {
  it('sums net, tax and gross per country for the month, nets refunds out, lists flagged orders, and exports CSV', async () => {
    const italian = await product(2000);
    const one = await buyer();
    const a = (await one.checkout({ billing_country: 'IT' })).json();
    expect((await one.pay(a.payment_intent_id)).statusCode).toBe(200);
    const two = await buyer(italian.id);
    const c = (await two.checkout({ billing_country: 'IT' })).json();
    expect((await two.pay(c.payment_intent_id)).statusCode).toBe(200);
    await refund(a.order_id, one);
    // Opened but never paid: not in the report.
    await (await buyer()).checkout({ billing_country: 'IT' });

    const month = new Date().toISOString().slice(0, 7);
    const report = await admin('GET', `/admin/tax-report?month=${month}`);
    expect(report.statusCode).toBe(200);
    const italy = report.json().rows.find((row: { country: string }) => row.country === 'IT');
    expect(italy).toEqual({
      country: 'IT',
      orders: 2,
      net: 30,
      tax: 6.6,
      gross: 36.6,
      refunds: 1,
      refunded_net: 10,
      refunded_tax: 2.2,
      refunded_gross: 12.2,
      net_after_refunds: 20,
      tax_after_refunds: 4.4,
      gross_after_refunds: 24.4,
      flagged: 2,
    });
    // Both Italians paid with a US card: flagged, listed with the evidence.
    expect(report.json().flagged_orders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ billing_country: 'IT', card_country: 'US', flag: 'card_country_mismatch', gross: 12.2 }),
        expect.objectContaining({ billing_country: 'FR', card_country: 'GB' }),
        expect.objectContaining({ billing_country: null, flag: 'no_billing_country' }),
      ]),
    );
    const rows = report.json().rows as { country: string | null }[];
    expect(rows.at(-1)?.country).toBeNull();
    // Every row: gross = net + tax, and the figures after refunds subtract.
    for (const row of report.json().rows) {
      expect(Math.round(row.gross * 100)).toBe(Math.round(row.net * 100) + Math.round(row.tax * 100));
      expect(Math.round(row.tax_after_refunds * 100)).toBe(Math.round((row.tax - row.refunded_tax) * 100));
    }

    const csv = await admin('GET', `/admin/tax-report?month=${month}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`tax-report-${month}.csv`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'month,country,orders,net,tax,gross,refunds,refunded_net,refunded_tax,refunded_gross,net_after_refunds,tax_after_refunds,gross_after_refunds,flagged',
    );
    expect(lines).toContain(`${month},IT,2,30.00,6.60,36.60,1,10.00,2.20,12.20,20.00,4.40,24.40,2`);

    const empty = (await admin('GET', '/admin/tax-report?month=2001-01')).json();
    expect(empty).toEqual({ month: '2001-01', rows: [], flagged_orders: [] });
    for (const bad of ['2026-13', '2026-1', '26-01', '', '2026-01-01', "2026-01' or 1=1"]) {
      const answer = await admin('GET', `/admin/tax-report?month=${encodeURIComponent(bad)}`);
      expect(answer.statusCode, bad).toBe(422);
    }
  });
});

describe('the admin’s revenue figures', () => {
  it('leave the tax out: revenue is what the orders paid net, not what the tax authority is owed', async () => {
    const b = await buyer();
    const checkout = (await b.checkout({ billing_country: 'DK' })).json();
    expect((await b.pay(checkout.payment_intent_id)).statusCode).toBe(200);
    const sums = (
      await t.db.execute(
        sql`select coalesce(sum(total_cents - tax_cents), 0)::int as net, coalesce(sum(total_cents), 0)::int as gross from orders where payment_status = 'paid'`,
      )
    ).rows[0] as { net: number; gross: number };
    expect(sums.gross).toBeGreaterThan(sums.net);
    const stats = (await admin('GET', '/admin/dashboard/stats')).json();
    expect(Math.round(stats.total_revenue * 100)).toBe(sums.net);
  });
});

describe('attacks on the amount', () => {
  it('ten concurrent submits with one key make one order with one tax; with another country the same key is refused', async () => {
    const b = await buyer();
    const answers = await Promise.all(Array.from({ length: 10 }, () => b.checkout({ billing_country: 'DE' }, 'race-key')));
    expect(new Set(answers.map((a) => a.json().order_id)).size).toBe(1);
    for (const answer of answers) expect(answer.json()).toMatchObject({ amount: 11.9, tax: { amount: 1.9 } });
    const mixed = await Promise.all(
      ['FR', 'DE', 'IT', 'DE'].map((country) => b.checkout({ billing_country: country }, 'race-key')),
    );
    expect(mixed.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const rows = (await t.db.execute(sql`select count(*)::int as n from orders where user_id = ${b.user.id}`)).rows[0];
    expect(rows).toEqual({ n: 1 });
  });

  it('a buyer’s receipt in German names the tax in German', async () => {
    const b = await buyer();
    expect((await b.call('PUT', '/users/me/preferences', { language: 'de' })).statusCode).toBe(200);
    const checkout = (await b.checkout({ billing_country: 'DE' })).json();
    expect((await b.pay(checkout.payment_intent_id, DE_CARD)).statusCode).toBe(200);
    const receipt = decodedOutbox(t.config).find((mail) => mail.to.includes(b.user.email));
    expect(receipt?.body).toMatch(/VAT \(19\s%, DE\)/);
  });
});
