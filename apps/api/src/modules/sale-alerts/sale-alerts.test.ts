// @database-server: sale alerts written with the payment or refund, once
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, FACTORY_PASSWORD, type SignedInUser, signedInUser } from '../../../test/factories';
import { bearer, createTestApp, decodedOutbox, signIn, type TestApp } from '../../../test/helpers';
import { orderItems, orders } from '../../db/schema';
import { formatMailMoney } from '../../lib/mail-texts';
import type { Mailer } from '../../lib/mailer';
import { centsToDollars } from '../../lib/money';
import { finishApprovedRefund } from '../payments/refunds';
import { settleCharge } from '../payments/settle';
import { queueSaleAlertsInTx } from './queue';
import { sendSaleAlerts } from './send';

/**
 * "You made a sale" (issue 25): every seller of a paid or refunded order hears of it once, in
 * their language, with their own share as the ledger holds it; e-mails can be turned off.
 */

const CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };

let t: TestApp;
let ana: SignedInUser; // sells two products, reads German
let ben: SignedInUser; // sells one product, English
let carl: SignedInUser; // turns sale e-mails off
let adminToken: string;
let studio: { id: string; title: string };
let pack: { id: string; title: string };
let vision: { id: string; title: string };
let helper: { id: string; title: string };

beforeAll(async () => {
  t = await createTestApp();
  ana = await signedInUser(t, 'seller', { firstName: 'Ana', lastName: 'Berg' });
  ben = await signedInUser(t, 'seller', { firstName: 'Ben', lastName: 'Hale' });
  carl = await signedInUser(t, 'seller', { firstName: 'Carl', lastName: 'Yu' });
  expect((await ana.call('PUT', '/users/me/preferences', { language: 'de' })).statusCode).toBe(200);
  const admin = await createUser(t.db, 'admin');
  adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
  studio = await createProduct(t.db, ana.user, { title: 'Prompt Studio', priceCents: 4000 });
  pack = await createProduct(t.db, ana.user, { title: 'Data Pack', priceCents: 1000 });
  vision = await createProduct(t.db, ben.user, { title: 'Vision Kit', priceCents: 2500 });
  helper = await createProduct(t.db, carl.user, { title: 'Code Helper', priceCents: 2000 });
});
afterAll(async () => {
  await t.close();
});

/** A new buyer whose cart holds `productIds`, checked out (not yet paid). */
async function checkedOut(productIds: string[]) {
  const buyer = await signedInUser(t, 'buyer');
  for (const id of productIds) {
    expect((await buyer.call('POST', '/cart/add', { product_id: id, quantity: 1 })).statusCode).toBe(200);
  }
  const checkout = (await buyer.call('POST', '/orders/checkout', { billing_country: 'US' })).json() as {
    order_id: string;
    payment_intent_id: string;
  };
  const pay = () => buyer.call('POST', `/payments/confirm-payment/${checkout.payment_intent_id}`, CARD);
  return { buyer, checkout, pay };
}

async function paidOrder(productIds: string[]) {
  const bought = await checkedOut(productIds);
  expect((await bought.pay()).statusCode).toBe(200);
  return bought;
}

async function orderNumberOf(orderId: string): Promise<string> {
  return ((await t.db.execute(sql`select order_number from orders where id = ${orderId}`)).rows[0] as { order_number: string })
    .order_number;
}

async function alertsOf(orderId: string) {
  return (
    await t.db.execute(
      sql`select seller_id, kind, amount_cents, email_status from sale_alerts where order_id = ${orderId} order by kind, amount_cents`,
    )
  ).rows as { seller_id: string; kind: string; amount_cents: number; email_status: string }[];
}

/** The seller's entry of the order in the ledger, as the split wrote it. */
async function ledgerShare(orderId: string, sellerId: string, reason: 'sale' | 'refund'): Promise<number> {
  const rows = await t.db.execute(
    sql`select amount_cents from ledger_entries where order_id = ${orderId} and seller_id = ${sellerId} and kind = 'seller' and reason = ${reason}`,
  );
  expect(rows.rows).toHaveLength(1);
  return (rows.rows[0] as { amount_cents: number }).amount_cents;
}

async function notificationsAbout(seller: SignedInUser, orderNumber: string) {
  const list = (await seller.call('GET', '/notifications')).json() as {
    notifications: { title: string; message: string; link: string | null; type: string }[];
  };
  return list.notifications.filter((n) => n.message.includes(orderNumber) || n.title.includes(orderNumber));
}

const mailsTo = (seller: SignedInUser, orderNumber: string) =>
  decodedOutbox(t.config).filter((mail) => mail.to.includes(seller.user.email) && mail.body.includes(orderNumber));

async function approveRefund(bought: Awaited<ReturnType<typeof paidOrder>>) {
  const asked = await bought.buyer.call('POST', `/orders/${bought.checkout.order_id}/request-refund`, {
    reason: 'It does not do what I need at all',
  });
  expect(asked.statusCode).toBe(201);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/orders/${bought.checkout.order_id}/refund`,
    headers: bearer(adminToken),
    payload: { decision: 'approve', note: 'Refunded as asked' },
  });
}

describe('sale alerts', () => {
  it('tells each seller of an order about their own products, once per order, with their share from the ledger, in their language', async () => {
    const bought = await paidOrder([studio.id, pack.id, vision.id]);
    const orderId = bought.checkout.order_id;
    const number = await orderNumberOf(orderId);
    const anaShare = await ledgerShare(orderId, ana.user.id, 'sale');
    const benShare = await ledgerShare(orderId, ben.user.id, 'sale');
    // The share is what is left after the platform fee and the AI pool, not the price.
    expect(anaShare).toBeLessThan(5000);
    expect(benShare).toBeLessThan(2500);

    const alerts = await alertsOf(orderId);
    expect(alerts).toHaveLength(2);
    expect(alerts.find((a) => a.seller_id === ana.user.id)).toMatchObject({ kind: 'sale', amount_cents: anaShare });
    expect(alerts.find((a) => a.seller_id === ben.user.id)).toMatchObject({ kind: 'sale', amount_cents: benShare });

    const anaNotes = await notificationsAbout(ana, number);
    expect(anaNotes).toHaveLength(1);
    expect(anaNotes[0]).toMatchObject({
      title: 'Sie haben etwas verkauft: Data Pack, Prompt Studio',
      type: 'success',
      link: '/seller',
    });
    expect(anaNotes[0]?.message).toContain(formatMailMoney('de', centsToDollars(anaShare)));
    expect(anaNotes[0]?.message).not.toContain('Vision Kit');

    const benNotes = await notificationsAbout(ben, number);
    expect(benNotes).toHaveLength(1);
    expect(benNotes[0]?.title).toBe('You made a sale: Vision Kit');
    expect(benNotes[0]?.message).toBe(
      `Order ${number}: Vision Kit. You will receive ${formatMailMoney('en', centsToDollars(benShare))} (your share after the platform fee and the AI pool).`,
    );

    const anaMails = mailsTo(ana, number);
    expect(anaMails).toHaveLength(1);
    expect(anaMails[0]?.subject).toBe('Sie haben etwas verkauft: Data Pack, Prompt Studio');
    expect(anaMails[0]?.body).toContain('Hallo Ana,');
    expect(anaMails[0]?.body).toContain(formatMailMoney('de', centsToDollars(anaShare)));
    expect(anaMails[0]?.body).not.toContain('Vision Kit');
    const benMails = mailsTo(ben, number);
    expect(benMails).toHaveLength(1);
    expect(benMails[0]?.body).toContain(formatMailMoney('en', centsToDollars(benShare)));
    expect(benMails[0]?.body).not.toContain('Prompt Studio');

    // The buyer is told nothing about a sale.
    expect(await notificationsAbout(bought.buyer, number)).toEqual([]);
  });

  it('sends one alert however often the payment is confirmed: twice at once, again, and a replayed charge', async () => {
    const bought = await checkedOut([vision.id]);
    const [first, second] = await Promise.all([bought.pay(), bought.pay()]);
    expect([first.statusCode, second.statusCode]).toContain(200);
    await bought.pay();
    const order = (await t.db.execute(sql`select total_cents from orders where id = ${bought.checkout.order_id}`)).rows[0] as {
      total_cents: number;
    };
    // What a replayed provider webhook does: settle the same charge again.
    expect(
      await settleCharge(t.deps, {
        orderId: bought.checkout.order_id,
        intentId: bought.checkout.payment_intent_id,
        amountCents: order.total_cents,
        currency: 'usd',
      }),
    ).toBe('already_paid');
    await sendSaleAlerts(t.deps);
    const number = await orderNumberOf(bought.checkout.order_id);
    expect(await alertsOf(bought.checkout.order_id)).toHaveLength(1);
    expect(await notificationsAbout(ben, number)).toHaveLength(1);
    expect(mailsTo(ben, number)).toHaveLength(1);
  });

  it('respects a seller who turned sale e-mails off: the notification comes, the e-mail does not; back on, it does', async () => {
    expect((await carl.call('GET', '/seller/sale-alerts')).json()).toEqual({ emails: true });
    const off = await carl.call('PUT', '/seller/sale-alerts', { emails: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ emails: false });
    expect((await carl.call('GET', '/seller/sale-alerts')).json()).toEqual({ emails: false });
    // Another seller's setting is their own.
    expect((await ben.call('GET', '/seller/sale-alerts')).json()).toEqual({ emails: true });

    const quiet = await paidOrder([helper.id, vision.id]);
    const quietNumber = await orderNumberOf(quiet.checkout.order_id);
    await sendSaleAlerts(t.deps);
    expect(await notificationsAbout(carl, quietNumber)).toHaveLength(1);
    expect(mailsTo(carl, quietNumber)).toEqual([]);
    expect((await alertsOf(quiet.checkout.order_id)).find((a) => a.seller_id === carl.user.id)?.email_status).toBe('skipped');
    expect(mailsTo(ben, quietNumber)).toHaveLength(1);

    expect((await carl.call('PUT', '/seller/sale-alerts', { emails: true })).json()).toEqual({ emails: true });
    const loud = await paidOrder([helper.id]);
    expect(mailsTo(carl, await orderNumberOf(loud.checkout.order_id))).toHaveLength(1);
  });

  it('sends one refund alert with the share taken back, whether the refund is approved twice or finished again', async () => {
    const bought = await paidOrder([vision.id]);
    const orderId = bought.checkout.order_id;
    const number = await orderNumberOf(orderId);
    const share = await ledgerShare(orderId, ben.user.id, 'sale');
    expect((await approveRefund(bought)).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/orders/${orderId}/refund`,
      headers: bearer(adminToken),
      payload: { decision: 'approve' },
    });
    expect(again.statusCode).toBe(409);
    const request = (await t.db.execute(sql`select id from refund_requests where order_id = ${orderId}`)).rows[0] as {
      id: string;
    };
    // The reconciler's retry of a refund: nothing more.
    await finishApprovedRefund(t.deps, request.id);
    await sendSaleAlerts(t.deps);

    const refunds = (await alertsOf(orderId)).filter((a) => a.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amount_cents).toBe(await ledgerShare(orderId, ben.user.id, 'refund'));
    expect(refunds[0]?.amount_cents).toBe(-share);
    const notes = await notificationsAbout(ben, number);
    expect(notes.map((n) => n.title).sort()).toEqual([`Refund on order ${number}: Vision Kit`, 'You made a sale: Vision Kit']);
    expect(notes.find((n) => n.title.startsWith('Refund'))?.message).toBe(
      `Order ${number} was refunded: Vision Kit. ${formatMailMoney('en', centsToDollars(share))} is taken back from your earnings.`,
    );
    const mails = mailsTo(ben, number);
    expect(mails.map((m) => m.subject).sort()).toEqual([`Refund on order ${number}: Vision Kit`, 'You made a sale: Vision Kit']);
  });

  it('never sends an e-mail twice after a crash mid-send, and retries one the mail server refused', async () => {
    const original = t.deps.mailer;
    const refusing: Mailer = { send: async () => Promise.reject(new Error('450 try later')) };
    Object.assign(t.deps, { mailer: refusing });
    const bought = await paidOrder([pack.id]);
    Object.assign(t.deps, { mailer: original });
    const orderId = bought.checkout.order_id;
    const number = await orderNumberOf(orderId);
    expect((await alertsOf(orderId))[0]?.email_status).toBe('queued');
    // The alert itself was committed with the payment.
    expect(await notificationsAbout(ana, number)).toHaveLength(1);

    // A runner dies right after taking the mail: it is never sent again.
    await expect(
      sendSaleAlerts(t.deps, {
        afterClaim: () => {
          throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    expect((await alertsOf(orderId))[0]?.email_status).toBe('sending');
    await sendSaleAlerts(t.deps, { staleSendingMs: 0 });
    expect((await alertsOf(orderId))[0]?.email_status).toBe('failed');
    expect(mailsTo(ana, number)).toEqual([]);

    // A refused mail (no crash) goes out on the next run, once.
    Object.assign(t.deps, { mailer: refusing });
    const later = await paidOrder([pack.id]);
    Object.assign(t.deps, { mailer: original });
    const laterNumber = await orderNumberOf(later.checkout.order_id);
    expect((await sendSaleAlerts(t.deps)).sent).toBe(1);
    await sendSaleAlerts(t.deps);
    expect(mailsTo(ana, laterNumber)).toHaveLength(1);
  });

  it('puts back what it had not tried when the mail server refuses one of an order’s e-mails, and sends them all on the next run', async () => {
    const original = t.deps.mailer;
    let refusals = 0;
    const refusingOneSeller: Mailer = {
      send: async (mail) => {
        const toSeller = [ana, ben].some((seller) => String(mail.to).includes(seller.user.email));
        if (toSeller && refusals === 0) {
          refusals += 1;
          throw new Error('450 try later');
        }
        return original.send(mail);
      },
    };
    Object.assign(t.deps, { mailer: refusingOneSeller });
    const bought = await paidOrder([studio.id, vision.id]);
    Object.assign(t.deps, { mailer: original });
    const orderId = bought.checkout.order_id;
    const number = await orderNumberOf(orderId);
    // Both were claimed at once: the refused one counts an attempt, the other goes back as it was.
    const rows = (
      await t.db.execute(
        sql`select email_status, attempts, last_error from sale_alerts where order_id = ${orderId} order by attempts`,
      )
    ).rows;
    expect(rows).toEqual([
      { email_status: 'queued', attempts: 0, last_error: null },
      { email_status: 'queued', attempts: 1, last_error: '450 try later' },
    ]);
    expect((await sendSaleAlerts(t.deps)).sent).toBe(2);
    expect(mailsTo(ana, number)).toHaveLength(1);
    expect(mailsTo(ben, number)).toHaveLength(1);
    expect((await alertsOf(orderId)).map((a) => a.email_status)).toEqual(['sent', 'sent']);
  });

  it('writes nothing twice when an order’s alerts are queued again, and does not wake the webhook runner without a delivery', async () => {
    let woken = 0;
    const afterReply = t.deps.afterReply;
    const counting: typeof afterReply = {
      settled: () => afterReply.settled(),
      run: (work, onError) => {
        woken += 1;
        afterReply.run(work, onError);
      },
    };
    Object.assign(t.deps, { afterReply: counting });
    const bought = await paidOrder([studio.id, vision.id]);
    Object.assign(t.deps, { afterReply });
    // No seller here has a webhook endpoint: the events are written, nothing is woken to deliver them.
    expect(woken).toBe(0);
    const orderId = bought.checkout.order_id;
    const number = await orderNumberOf(orderId);
    const written = async () =>
      (
        await t.db.execute(sql`
          select (select count(*)::int from sale_alerts where order_id = ${orderId}) as alerts,
            (select count(*)::int from notifications where message like ${`%${number}%`}) as notes,
            (select count(*)::int from seller_webhook_events where key like ${`sale.created:${orderId}:%`}) as events`)
      ).rows[0];
    expect(await written()).toEqual({ alerts: 2, notes: 2, events: 2 });
    await t.db.transaction((tx) => queueSaleAlertsInTx(tx, { id: orderId, orderNumber: number }, 'sale'));
    await sendSaleAlerts(t.deps, { orderId });
    expect(await written()).toEqual({ alerts: 2, notes: 2, events: 2 });
    expect(mailsTo(ana, number)).toHaveLength(1);
    expect(mailsTo(ben, number)).toHaveLength(1);
  });

  it('says nothing about a payout: paying a seller out is not a sale', async () => {
    const dora = await signedInUser(t, 'seller', { firstName: 'Dora', lastName: 'Pay' });
    const kit = await createProduct(t.db, dora.user, { title: 'Payout Kit', priceCents: 3000 });
    const bought = await paidOrder([kit.id]);
    // The sale is past the refund hold, so the payout run pays it.
    await t.db.execute(
      sql`update ledger_entries set created_at = now() - interval '40 days' where order_id = ${bought.checkout.order_id}`,
    );
    const admin = (method: 'PUT' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, payload, headers: bearer(adminToken) });
    expect(
      (await admin('PUT', '/payments/admin/settings', { payout_schedule: 'manual', minimum_payout: 0, hold_days: 30 }))
        .statusCode,
    ).toBe(200);
    const account = await dora.call('PUT', '/seller/payout-account', {
      account_holder_name: 'Dora Pay',
      bank_name: 'Commerzbank',
      account_type: 'iban',
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    expect(account.statusCode).toBe(200);
    const mailsBefore = decodedOutbox(t.config).filter((m) => m.to.includes(dora.user.email)).length;

    const run = await admin('POST', '/payments/admin/trigger-transfer', { seller_id: dora.user.id });
    expect(run.json().results).toEqual([expect.objectContaining({ status: 'paid' })]);
    await sendSaleAlerts(t.deps);

    const alerts = (await t.db.execute(sql`select kind from sale_alerts where seller_id = ${dora.user.id}`)).rows;
    expect(alerts).toEqual([{ kind: 'sale' }]);
    const notes = (await dora.call('GET', '/notifications')).json().notifications as { title: string }[];
    expect(notes.filter((n) => n.title.startsWith('You made a sale'))).toHaveLength(1);
    expect(
      decodedOutbox(t.config).filter((m) => m.to.includes(dora.user.email) && m.subject.startsWith('You made a sale')),
    ).toHaveLength(1);
    expect(decodedOutbox(t.config).filter((m) => m.to.includes(dora.user.email)).length).toBe(mailsBefore);
  });

  it('lets only sellers and admins read or change the setting, and refuses a bad body with 422', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/seller/sale-alerts' });
    expect(anonymous.statusCode).toBe(401);
    const buyer = await signedInUser(t, 'buyer');
    expect((await buyer.call('GET', '/seller/sale-alerts')).statusCode).toBe(403);
    expect((await buyer.call('PUT', '/seller/sale-alerts', { emails: false })).statusCode).toBe(403);
    const simple = await createUser(t.db, 'simple_admin');
    const simpleToken = await t.deps.accessTokens.sign({ sub: simple.id, role: 'simple_admin', tv: simple.tokenVersion });
    const asSimple = await t.app.inject({ method: 'GET', url: '/api/v1/seller/sale-alerts', headers: bearer(simpleToken) });
    expect(asSimple.statusCode).toBe(403);
    const admin = await t.app.inject({ method: 'GET', url: '/api/v1/seller/sale-alerts', headers: bearer(adminToken) });
    expect(admin.json()).toEqual({ emails: true });

    for (const body of [{ emails: 'no' }, {}, { emails: false, other: 1 }]) {
      const bad = await ben.call('PUT', '/seller/sale-alerts', body);
      expect(bad.statusCode).toBe(422);
    }
    expect((await ben.call('PUT', '/seller/sale-alerts', { emails: 'no' })).json().errors[0].message).toBe(
      'emails must be true or false',
    );
    expect((await ben.call('GET', '/seller/sale-alerts')).json()).toEqual({ emails: true });
  });
});

describe('sale alerts with Stripe webhooks', () => {
  const secret = 'whsec_sale_alerts_secret';
  const stripe = new Stripe('sk_test_dummy');
  let s: TestApp;

  beforeAll(async () => {
    s = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_dummy', STRIPE_WEBHOOK_SECRET: secret });
  });
  afterAll(async () => {
    await s.close();
  });

  function deliver(eventId: string, intentId: string, orderId: string) {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          object: 'payment_intent',
          id: intentId,
          amount: 4900,
          amount_received: 4900,
          currency: 'usd',
          status: 'succeeded',
          metadata: { order_id: orderId },
        },
      },
    });
    return s.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
    });
  }

  it('a replayed payment webhook (same event, or the same charge under a new event id) sends one alert', async () => {
    const seller = await createUser(s.db, 'seller', { firstName: 'Wendy', lastName: 'Hook' });
    const buyer = await createUser(s.db, 'buyer');
    const product = await createProduct(s.db, seller, { title: 'Webhook Widget', priceCents: 4900 });
    const [order] = await s.db
      .insert(orders)
      .values({
        orderNumber: 'S-ALERT-1',
        userId: buyer.id,
        subtotalCents: 4900,
        totalCents: 4900,
        aiPoolCents: 490,
        paymentProvider: 'stripe',
        paymentIntentId: 'pi_alert_1',
      })
      .returning();
    const orderId = order?.id as string;
    await s.db.insert(orderItems).values({
      orderId,
      productId: product.id,
      productTitle: product.title,
      sellerId: seller.id,
      unitPriceCents: 4900,
    });
    expect((await deliver('evt_alert_1', 'pi_alert_1', orderId)).statusCode).toBe(200);
    expect((await deliver('evt_alert_1', 'pi_alert_1', orderId)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver('evt_alert_2', 'pi_alert_1', orderId)).statusCode).toBe(200);
    await sendSaleAlerts(s.deps);

    const alerts = (await s.db.execute(sql`select seller_id, amount_cents from sale_alerts where order_id = ${orderId}`)).rows;
    const share = (
      await s.db.execute(
        sql`select amount_cents from ledger_entries where order_id = ${orderId} and kind = 'seller' and reason = 'sale'`,
      )
    ).rows[0] as { amount_cents: number };
    expect(alerts).toEqual([{ seller_id: seller.id, amount_cents: share.amount_cents }]);
    const notes = (await s.db.execute(sql`select title from notifications where user_id = ${seller.id}`)).rows;
    expect(notes).toEqual([{ title: 'You made a sale: Webhook Widget' }]);
    expect(decodedOutbox(s.config).filter((m) => m.to.includes(seller.email) && m.body.includes('S-ALERT-1'))).toHaveLength(1);
  });
});
