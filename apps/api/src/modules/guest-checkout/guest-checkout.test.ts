// @database-server: guest checkout, attacked
import { GUEST_CHECKOUTS_PER_EMAIL_HOUR, GUEST_CHECKOUTS_PER_IP_HOUR } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductFile, createProduct, createPromo, signedInUser } from '../../../test/factories';
import { createTestApp, decodedOutbox, GOOD_PASSWORD, registerUser, type TestApp, uniqueEmail } from '../../../test/helpers';
import { orders, users } from '../../db/schema';
import { signGuestOrder } from '../../lib/signed-links';

/**
 * Guest checkout (issue 25, docs/decisions/0046): a visitor buys with only an e-mail address. The
 * server prices every line; the token opens that one order; the e-mail's account is never reachable
 * from the guest's side; the claim link proves the mailbox.
 */

let t: TestApp;
let seller: Awaited<ReturnType<typeof signedInUser>>;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_STALE_SECONDS: '0' });
  seller = await signedInUser(t, 'seller');
});
afterAll(async () => {
  await t.close();
});

const CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };

async function product(values: { priceCents: number; pwywSuggestedCents?: number | null; title?: string }) {
  const row = await createProduct(t.db, seller.user, { category: 'ai-tools', ...values });
  await addProductFile(t.deps, row.id, 'tool.py', 'print("tool")\n');
  return row;
}

/** Each test its own address, so the per-address limit is only met where a test means it. */
function freshIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

/** A guest checkout billed to the US (no seeded rate: totals are net) unless the body names a country or `billing_country: undefined`. */
function guestCheckout(body: unknown, options: { ip?: string; key?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/guest/checkout',
    payload: body && typeof body === 'object' && !Array.isArray(body) ? { billing_country: 'US', ...body } : (body as object),
    remoteAddress: options.ip ?? freshIp(),
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });
}

function asGuest(method: 'GET' | 'POST', url: string, token: string | undefined, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1/guest${url}`,
    headers: token ? { 'x-order-token': token } : {},
    ...(payload ? { payload } : {}),
  });
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

function mailsTo(email: string) {
  return decodedOutbox(t.config).filter((mail) => mail.to.includes(email));
}

function claimTokenIn(body: string): string | undefined {
  return body.match(/claim-account\?token=([A-Za-z0-9_-]+)/)?.[1];
}

async function buyAndPay(email: string, productId: string) {
  const placed = await guestCheckout({ email, items: [{ product_id: productId }] });
  expect(placed.statusCode).toBe(201);
  const body = placed.json();
  const paid = await asGuest('POST', `/orders/${body.order_id}/confirm-payment`, body.access_token, CARD);
  expect(paid.statusCode).toBe(200);
  return body as { order_id: string; access_token: string; amount: number };
}

describe('a guest order is priced by the server', () => {
  it('ignores prices the client sends, pays with the test card, and mails the receipt, the page link and the claim link', async () => {
    const paidProduct = await product({ priceCents: 2500, title: 'Guest Tool' });
    const email = uniqueEmail('guest');
    const placed = await guestCheckout({
      email,
      items: [{ product_id: paidProduct.id, quantity: 2, price: 0.01, unit_price: 0 }],
      total: 0,
      amount: 0,
    });
    expect(placed.statusCode).toBe(201);
    const body = placed.json();
    expect(body).toMatchObject({ amount: 50, provider: 'test', payment_status: 'unpaid', status: 'pending' });
    expect(body.access_token).toEqual(expect.any(String));
    expect(new Date(body.access_expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const row = await orderRow(body.order_id);
    expect(row).toMatchObject({ totalCents: 5000, guestCheckout: true, customerEmail: email });
    const [buyer] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, row?.userId as string));
    expect(buyer?.unclaimedSince).toBeInstanceOf(Date);
    expect(buyer?.passwordHash).toBeNull();

    const paid = await asGuest('POST', `/orders/${body.order_id}/confirm-payment`, body.access_token, CARD);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', payment_status: 'paid' });
    const shown = await asGuest('GET', `/orders/${body.order_id}`, body.access_token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id: body.order_id, payment_status: 'paid' });

    const mails = mailsTo(email);
    expect(mails.length).toBe(2);
    const receipt = mails.find((mail) => mail.body.includes('/api/v1/downloads/'));
    expect(receipt).toBeTruthy();
    const guestMail = mails.find((mail) => mail.body.includes('/claim-account?token='));
    expect(guestMail?.body).toContain(`/guest/orders/${body.order_id}#`);

    // The receipt's download link works without any session.
    const link = receipt?.body.match(/http:\/\/localhost:3000(\/api\/v1\/downloads\/[A-Za-z0-9_.-]+)/)?.[1] as string;
    const download = await t.app.inject({ method: 'GET', url: link });
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('print("tool")');
    const links = await asGuest('GET', `/orders/${body.order_id}/downloads`, body.access_token);
    expect(links.statusCode).toBe(200);
    expect(links.json().links).toHaveLength(1);
  });

  it('refuses $0 for a paid product, an amount below a pay-what-you-want minimum, and unknown products', async () => {
    const paidProduct = await product({ priceCents: 1500 });
    const pwyw = await product({ priceCents: 500, pwywSuggestedCents: 1200 });
    const email = uniqueEmail('cheap');
    const zero = await guestCheckout({ email, items: [{ product_id: paidProduct.id, amount: 0 }] });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().detail).toBe('This product has a fixed price: there is no amount to choose');
    const below = await guestCheckout({ email, items: [{ product_id: pwyw.id, amount: 4.99 }] });
    expect(below.statusCode).toBe(422);
    expect(below.json().detail).toBe('The amount is below the minimum price the seller set for this product');
    for (const amount of [-1, 'NaN', 1e9, 0.001]) {
      expect((await guestCheckout({ email: uniqueEmail('h'), items: [{ product_id: pwyw.id, amount }] })).statusCode).toBe(422);
    }
    const missing = await guestCheckout({ email: uniqueEmail('m'), items: [{ product_id: crypto.randomUUID() }] });
    expect(missing.statusCode).toBe(422);
    for (const quantity of [0, -3, 1000, 1.5]) {
      expect(
        (await guestCheckout({ email: uniqueEmail('q'), items: [{ product_id: paidProduct.id, quantity }] })).statusCode,
      ).toBe(422);
    }
    const twice = await guestCheckout({ email: uniqueEmail('d'), items: [{ product_id: pwyw.id }, { product_id: pwyw.id }] });
    expect(twice.statusCode).toBe(422);
    // A chosen amount at the minimum is what is charged; none chosen is the suggested price.
    const atMinimum = await guestCheckout({ email: uniqueEmail('ok'), items: [{ product_id: pwyw.id, amount: 5 }] });
    expect(atMinimum.json()).toMatchObject({ amount: 5 });
    const suggested = await guestCheckout({ email: uniqueEmail('ok'), items: [{ product_id: pwyw.id }] });
    expect(suggested.json()).toMatchObject({ amount: 12 });
    expect(
      (
        await t.db.execute(
          sql`select count(*)::int as n from orders where customer_email like 'cheap%' or customer_email like 'h.%'`,
        )
      ).rows[0],
    ).toMatchObject({ n: 0 });
  });

  it('applies a promo by its rules and refuses an unknown one', async () => {
    const item = await product({ priceCents: 2000 });
    await createPromo(t.db, { code: 'GUEST10', kind: 'percent', value: 10 });
    const email = uniqueEmail('promo');
    const placed = await guestCheckout({ email, items: [{ product_id: item.id }], promo_code: 'GUEST10' });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().amount).toBe(18);
    const unknown = await guestCheckout({ email, items: [{ product_id: item.id }], promo_code: 'NOPE' });
    expect(unknown.statusCode).toBe(422);
  });

  it('answers a replay with its order even when that order took the code’s last use; another key is refused the code', async () => {
    const item = await product({ priceCents: 2000 });
    await createPromo(t.db, { code: 'REPLAYLAST', kind: 'percent', value: 10, usageLimit: 1 });
    const email = uniqueEmail('replay');
    const key = crypto.randomUUID();
    const body = { email, items: [{ product_id: item.id }], promo_code: 'REPLAYLAST' };
    const placed = await guestCheckout(body, { key });
    expect(placed.statusCode).toBe(201);
    const replayed = await guestCheckout(body, { key });
    expect(replayed.statusCode).toBe(201);
    expect(replayed.json()).toMatchObject({ order_id: placed.json().order_id, amount: 18 });
    expect((await guestCheckout(body, { key: crypto.randomUUID() })).statusCode).toBe(422);
  });

  it('charges the tax of the billing country the guest chose (the rate the server keeps), and refuses an unknown one', async () => {
    const paid = await product({ priceCents: 2000 });
    const email = uniqueEmail('vat');
    const placed = await guestCheckout({
      email,
      items: [{ product_id: paid.id }],
      billing_country: 'de',
      // Figures a client might send are not in the contract and change nothing.
      tax: 0,
      total: 1,
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ amount: 23.8, provider: 'test' });
    const row = await orderRow(placed.json().order_id);
    expect(row).toMatchObject({ taxCountry: 'DE', taxRateBps: 1900, taxCents: 380, totalCents: 2380 });
    const shown = await asGuest('GET', `/orders/${placed.json().order_id}`, placed.json().access_token);
    expect(shown.json().tax).toMatchObject({ country: 'DE' });
    const unknown = await guestCheckout({ email: uniqueEmail('vat'), items: [{ product_id: paid.id }], billing_country: 'XX' });
    expect(unknown.statusCode).toBe(422);
    const regionOutsideUs = await guestCheckout({
      email: uniqueEmail('vat'),
      items: [{ product_id: paid.id }],
      billing_country: 'DE',
      billing_region: 'CA',
    });
    expect(regionOutsideUs.statusCode).toBe(422);
  });

  it('refuses a paid order without a billing country (422 on the field) before anything is written', async () => {
    const paid = await product({ priceCents: 2000 });
    await createPromo(t.db, { code: 'GUESTLAST', kind: 'percent', value: 10, usageLimit: 1 });
    const email = uniqueEmail('no-country');
    const key = crypto.randomUUID();
    for (const omitted of [{ billing_country: undefined }, { billing_country: undefined, billing_region: '' }]) {
      const refused = await guestCheckout(
        { email, items: [{ product_id: paid.id }], promo_code: 'GUESTLAST', language: 'de', ...omitted },
        { key },
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ detail: 'Choose your billing country', messageId: 'tax.countryRequired' });
      expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'billing_country' })]);
    }
    // No account for the address, no order, the promo's last use still there, no mail.
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await t.db.execute(sql`select count(*)::int as n from orders where customer_email = ${email}`)).rows[0]).toEqual({
      n: 0,
    });
    expect((await t.db.execute(sql`select used_count from promo_codes where code = 'GUESTLAST'`)).rows[0]).toEqual({
      used_count: 0,
    });
    expect(mailsTo(email)).toEqual([]);
    // An address that has an account already is refused alike, its account untouched.
    const owner = await signedInUser(t, 'buyer');
    const refusedOwner = await guestCheckout({
      email: owner.user.email,
      items: [{ product_id: paid.id }],
      billing_country: undefined,
    });
    expect(refusedOwner.statusCode).toBe(422);
    expect((await owner.call('GET', '/orders')).json().total).toBe(0);

    // With the country the same request (and key) places the order and takes the promo's use.
    const placed = await guestCheckout(
      { email, items: [{ product_id: paid.id }], promo_code: 'GUESTLAST', billing_country: 'US' },
      { key },
    );
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ amount: 18, tax: { country: 'US', amount: 0 } });
    expect((await t.db.execute(sql`select used_count from promo_codes where code = 'GUESTLAST'`)).rows[0]).toEqual({
      used_count: 1,
    });
    // A replay of a key without the country answers with the order the key placed, as before.
    const again = crypto.randomUUID();
    const first = await guestCheckout({ email, items: [{ product_id: paid.id }], billing_country: 'US' }, { key: again });
    const replay = await guestCheckout({ email, items: [{ product_id: paid.id }], billing_country: undefined }, { key: again });
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toMatchObject({ order_id: first.json().order_id, amount: 20 });
  });

  it('pays a free order at once, without a card and without a billing country', async () => {
    const free = await product({ priceCents: 0 });
    const email = uniqueEmail('free');
    const placed = await guestCheckout({ email, items: [{ product_id: free.id }], billing_country: undefined });
    expect(placed.json()).toMatchObject({ provider: 'free', amount: 0, payment_status: 'paid' });
    expect(mailsTo(email).some((mail) => claimTokenIn(mail.body))).toBe(true);
  });
});

describe('the order token', () => {
  it('opens its own order only: another order, a forged or a missing token get 404, an expired one 403', async () => {
    const item = await product({ priceCents: 900 });
    const first = (await guestCheckout({ email: uniqueEmail('a'), items: [{ product_id: item.id }] })).json();
    const second = (await guestCheckout({ email: uniqueEmail('b'), items: [{ product_id: item.id }] })).json();
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/downloads'],
      ['POST', '/confirm-payment'],
    ] as const) {
      const url = `/orders/${second.order_id}${path}`;
      expect((await asGuest(method, url, first.access_token, CARD)).statusCode).toBe(404);
      expect((await asGuest(method, url, undefined, CARD)).statusCode).toBe(404);
      expect((await asGuest(method, url, `${second.access_token}x`, CARD)).statusCode).toBe(404);
    }
    // The first order's token never paid the second one.
    expect((await orderRow(second.order_id))?.paymentStatus).toBe('unpaid');
    const expired = signGuestOrder(t.deps.downloadSigningKey, { g: first.order_id, exp: Math.floor(Date.now() / 1000) - 1 });
    const late = await asGuest('GET', `/orders/${first.order_id}`, expired);
    expect(late.statusCode).toBe(403);
    expect(late.json().detail).toContain('expired');
    // A download link (another kind of signed token) does not pass for an order token.
    expect((await asGuest('GET', `/orders/${first.order_id}`, 'eyJnIjoiMSJ9.abc')).statusCode).toBe(404);
  });

  it('opens no signed-in buyer order, even with a token for its id', async () => {
    const buyer = await signedInUser(t, 'buyer');
    const item = await product({ priceCents: 700 });
    await buyer.call('POST', '/cart/add', { product_id: item.id });
    const own = (await buyer.call('POST', '/orders/checkout', { billing_country: 'US' })).json();
    const forged = signGuestOrder(t.deps.downloadSigningKey, { g: own.order_id, exp: Math.floor(Date.now() / 1000) + 60 });
    expect((await asGuest('GET', `/orders/${own.order_id}`, forged)).statusCode).toBe(404);
  });
});

describe('double submit', () => {
  it('the same Idempotency-Key gives one order; concurrent submits too', async () => {
    const item = await product({ priceCents: 1100 });
    const email = uniqueEmail('twice');
    const key = crypto.randomUUID();
    const ip = freshIp();
    const answers = await Promise.all(
      [1, 2, 3].map(() => guestCheckout({ email, items: [{ product_id: item.id }] }, { ip, key })),
    );
    const ids = new Set(answers.map((answer) => answer.json().order_id));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(ids.size).toBe(1);
    const count = await t.db.execute(sql`select count(*)::int as n from orders where customer_email = ${email}`);
    expect(count.rows[0]).toMatchObject({ n: 1 });
  });
});

describe('an e-mail address that already has an account', () => {
  it('attaches the order to it without opening the account, and answers exactly as for a new address', async () => {
    const owner = await signedInUser(t, 'buyer');
    const item = await product({ priceCents: 1300 });
    const ownerOrder = await owner.call('POST', '/cart/add', { product_id: item.id });
    expect(ownerOrder.statusCode).toBe(200);
    const ownerCheckout = (await owner.call('POST', '/orders/checkout', { billing_country: 'US' })).json();

    const stranger = await guestCheckout({ email: owner.user.email.toUpperCase(), items: [{ product_id: item.id }] });
    const newcomer = await guestCheckout({ email: uniqueEmail('newcomer'), items: [{ product_id: item.id }] });
    expect(stranger.statusCode).toBe(201);
    expect(Object.keys(stranger.json()).sort()).toEqual(Object.keys(newcomer.json()).sort());
    expect(stranger.json()).toMatchObject({ amount: 13, status: 'pending' });
    // Nothing of the account in the answer or behind the token; the owner's own open order is untouched.
    expect(stranger.body).not.toContain(owner.user.id);
    expect(stranger.body).not.toContain(ownerCheckout.order_id);
    expect((await orderRow(ownerCheckout.order_id))?.status).toBe('pending');
    const token = stranger.json().access_token;
    expect((await asGuest('GET', `/orders/${ownerCheckout.order_id}`, token)).statusCode).toBe(404);
    // The account still signs in with its own password only; the guest order appears in it once paid.
    const paid = await asGuest('POST', `/orders/${stranger.json().order_id}/confirm-payment`, token, CARD);
    expect(paid.statusCode).toBe(200);
    const list = (await owner.call('GET', '/orders')).json();
    expect(list.orders.map((order: { id: string }) => order.id)).toContain(stranger.json().order_id);
    const notice = mailsTo(owner.user.email).find((mail) => mail.body.includes('/guest/orders/'));
    expect(notice?.body).not.toContain('claim-account');
  });
});

describe('claiming the account', () => {
  it('sets the password from the link once, verifies the address, and the orders are there', async () => {
    const item = await product({ priceCents: 1600 });
    const email = uniqueEmail('claim');
    const first = await buyAndPay(email, item.id);
    const other = await product({ priceCents: 800 });
    const second = await buyAndPay(email, other.id);
    const accounts = await t.db.execute(sql`select count(*)::int as n from users where email = ${email}`);
    expect(accounts.rows[0]).toMatchObject({ n: 1 });

    // Unclaimed: no sign-in, whatever is typed.
    const before = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: GOOD_PASSWORD } });
    expect(before.statusCode).toBe(401);

    const token = claimTokenIn(mailsTo(email).at(-1)?.body ?? '') as string;
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest/claim',
      payload: { token, password: GOOD_PASSWORD, first_name: 'Gwen' },
    });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().user).toMatchObject({ email, email_verified: true, first_name: 'Gwen' });
    const access = claimed.json().access_token;
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/orders', headers: { authorization: `Bearer ${access}` } });
    expect(
      list
        .json()
        .orders.map((order: { id: string }) => order.id)
        .sort(),
    ).toEqual([first.order_id, second.order_id].sort());
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.unclaimedSince).toBeNull();

    // Single use.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest/claim',
      payload: { token, password: 'Other-pass-2027' },
    });
    expect(again.statusCode).toBe(400);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: GOOD_PASSWORD } });
    expect(login.statusCode).toBe(200);

    // The guest page keeps working for the order it was made for.
    expect((await asGuest('GET', `/orders/${first.order_id}`, first.access_token)).statusCode).toBe(200);
  });

  it('an expired claim link is refused', async () => {
    const item = await product({ priceCents: 600 });
    const email = uniqueEmail('late');
    await buyAndPay(email, item.id);
    const token = claimTokenIn(mailsTo(email).at(-1)?.body ?? '') as string;
    await t.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 second'
      where user_id = (select id from users where email = ${email})`);
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest/claim',
      payload: { token, password: GOOD_PASSWORD },
    });
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json().detail).toBe('This link is invalid or has expired.');
  });

  it('signing up with the address later shows the orders only after the address is confirmed', async () => {
    const item = await product({ priceCents: 1000 });
    const email = uniqueEmail('later');
    const bought = await buyAndPay(email, item.id);
    const mailsBefore = mailsTo(email).length;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: GOOD_PASSWORD, first_name: 'Lara', last_name: 'Ter' },
    });
    // No session, no second account: the address gets a confirmation (claim) link.
    expect(signUp.statusCode).toBe(409);
    expect(signUp.json().detail).toContain('We sent it a link');
    expect(signUp.json().access_token).toBeUndefined();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: GOOD_PASSWORD } })).statusCode,
    ).toBe(401);
    const confirm = mailsTo(email).slice(mailsBefore).at(-1);
    const token = claimTokenIn(confirm?.body ?? '') as string;
    expect(token).toBeTruthy();
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest/claim',
      payload: { token, password: GOOD_PASSWORD, first_name: 'Lara', last_name: 'Ter' },
    });
    expect(claimed.statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders',
      headers: { authorization: `Bearer ${claimed.json().access_token}` },
    });
    expect(list.json().orders.map((order: { id: string }) => order.id)).toEqual([bought.order_id]);
  });

  it('a password reset claims the account too (it proves the mailbox)', async () => {
    const item = await product({ priceCents: 1000 });
    const email = uniqueEmail('reset');
    await buyAndPay(email, item.id);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } })).statusCode).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const resetMail = mailsTo(email).at(-1)?.body ?? '';
    const token = resetMail.match(/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1] as string;
    expect(token).toBeTruthy();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, new_password: GOOD_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ unclaimedSince: null, emailVerified: true });
  });
});

describe('abuse limits', () => {
  it('limits guest checkouts per e-mail address, with the same answer whether it has an account or not', async () => {
    const item = await product({ priceCents: 500 });
    const owner = await registerUser(t.app, { email: uniqueEmail('limited') });
    for (const email of [owner.email, uniqueEmail('limited')]) {
      for (let i = 0; i < GUEST_CHECKOUTS_PER_EMAIL_HOUR; i += 1) {
        expect((await guestCheckout({ email, items: [{ product_id: item.id }] })).statusCode).toBe(201);
      }
      const refused = await guestCheckout({ email, items: [{ product_id: item.id }] });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toBe('Too many guest purchases for this e-mail address. Please try again in an hour.');
    }
  });

  it('limits guest checkouts per IP address', async () => {
    const item = await product({ priceCents: 500 });
    const ip = freshIp();
    for (let i = 0; i < GUEST_CHECKOUTS_PER_IP_HOUR; i += 1) {
      expect((await guestCheckout({ email: uniqueEmail('ip'), items: [{ product_id: item.id }] }, { ip })).statusCode).toBe(201);
    }
    const refused = await guestCheckout({ email: uniqueEmail('ip'), items: [{ product_id: item.id }] }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe('Too many guest purchases from your network. Please try again in an hour.');
  });
});

describe('refund of a guest order', () => {
  it('after the claim, the buyer asks for a refund; once approved the download links stop working', async () => {
    const admin = await signedInUser(t, 'admin');
    const item = await product({ priceCents: 2100 });
    const email = uniqueEmail('refund');
    const bought = await buyAndPay(email, item.id);
    const links = (await asGuest('GET', `/orders/${bought.order_id}/downloads`, bought.access_token)).json().links;
    const token = claimTokenIn(mailsTo(email).at(-1)?.body ?? '') as string;
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest/claim',
      payload: { token, password: GOOD_PASSWORD },
    });
    const headers = { authorization: `Bearer ${claimed.json().access_token}` };
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${bought.order_id}/request-refund`,
      headers,
      payload: { reason: 'Not what I expected, sorry' },
    });
    expect(asked.statusCode).toBe(201);
    const approved = await admin.call('PUT', `/admin/orders/${bought.order_id}/refund`, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect((await orderRow(bought.order_id))?.paymentStatus).toBe('refunded');
    const download = await t.app.inject({ method: 'GET', url: links[0].url });
    expect(download.statusCode).toBe(403);
    expect((await asGuest('GET', `/orders/${bought.order_id}/downloads`, bought.access_token)).statusCode).toBe(403);
  });
});

describe('download limits', () => {
  it('a capped product gets no link in the e-mail; the receipt page links count and stop at the cap', async () => {
    const item = await product({ priceCents: 1200, title: 'Capped Weights' });
    expect((await seller.call('PUT', `/seller/products/${item.id}/download-limit`, { download_limit: 1 })).statusCode).toBe(200);
    const email = uniqueEmail('capped');
    const bought = await buyAndPay(email, item.id);
    const receipt = mailsTo(email).find((mail) => mail.body.includes('Capped Weights') && !mail.body.includes('claim-account'));
    expect(receipt?.body).not.toContain('/api/v1/downloads/');
    const shown = (await asGuest('GET', `/orders/${bought.order_id}`, bought.access_token)).json();
    expect(shown.items[0]).toMatchObject({ download_limit: 1, downloads_left: 1 });
    const links = (await asGuest('GET', `/orders/${bought.order_id}/downloads`, bought.access_token)).json().links;
    expect((await t.app.inject({ method: 'GET', url: links[0].url })).statusCode).toBe(200);
    const again = (await asGuest('GET', `/orders/${bought.order_id}/downloads`, bought.access_token)).json().links;
    expect((await t.app.inject({ method: 'GET', url: again[0].url })).statusCode).toBe(403);
  });
});

describe('paying a guest order, attacked', () => {
  it('an expired order is not charged; a paid order paid again is charged once', async () => {
    const item = await product({ priceCents: 1900 });
    const late = (await guestCheckout({ email: uniqueEmail('late-pay'), items: [{ product_id: item.id }] })).json();
    await t.db.execute(sql`update orders set expires_at = now() - interval '1 minute' where id = ${late.order_id}`);
    const refused = await asGuest('POST', `/orders/${late.order_id}/confirm-payment`, late.access_token, CARD);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect((await orderRow(late.order_id))?.paymentStatus).not.toBe('paid');

    const bought = await buyAndPay(uniqueEmail('twice-pay'), item.id);
    const again = await Promise.all(
      [1, 2].map(() => asGuest('POST', `/orders/${bought.order_id}/confirm-payment`, bought.access_token, CARD)),
    );
    expect(again.map((answer) => answer.json().payment_status)).toEqual(['paid', 'paid']);
    const charges = await t.db.execute(
      sql`select count(*)::int as n from ledger_entries where order_id = ${bought.order_id} and kind = 'seller'`,
    );
    expect(charges.rows[0]).toMatchObject({ n: 1 });
  });

  it('a declined card leaves the order unpaid and payable with another card', async () => {
    const item = await product({ priceCents: 2300 });
    const placed = (await guestCheckout({ email: uniqueEmail('declined'), items: [{ product_id: item.id }] })).json();
    const declined = await asGuest('POST', `/orders/${placed.order_id}/confirm-payment`, placed.access_token, {
      ...CARD,
      card_number: '4000000000000002',
    });
    expect(declined.statusCode).toBe(402);
    expect((await orderRow(placed.order_id))?.paymentStatus).toBe('unpaid');
    const paid = await asGuest('POST', `/orders/${placed.order_id}/confirm-payment`, placed.access_token, CARD);
    expect(paid.json()).toMatchObject({ status: 'succeeded', payment_status: 'paid' });
  });
});
