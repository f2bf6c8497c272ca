// @database-server: a guest order paid through the Stripe webhook
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductFile, createProduct, createUser } from '../../../test/factories';
import { createTestApp, decodedOutbox, GOOD_PASSWORD, type TestApp, uniqueEmail } from '../../../test/helpers';
import { orderItems, orders, users } from '../../db/schema';

/**
 * With Stripe the browser confirms the card and the webhook settles the payment (decision 0046):
 * the guest's address still gets the receipt with working download links and the claim link.
 */

const WEBHOOK_SECRET = 'whsec_test_marketplace_secret';
const stripe = new Stripe('sk_test_dummy');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_dummy', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
});
afterAll(async () => {
  await t.close();
});

function deliver(payload: string) {
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

describe('a guest order paid through the Stripe webhook', () => {
  it('sends the receipt with download links and the claim link to the address; the claim works', async () => {
    const seller = await createUser(t.db, 'seller');
    const product = await createProduct(t.db, seller, { priceCents: 3100 });
    await addProductFile(t.deps, product.id, 'model.bin', 'weights');
    const email = uniqueEmail('stripe-guest');
    const [buyer] = await t.db
      .insert(users)
      .values({
        email,
        firstName: 'stripe-guest',
        lastName: '',
        role: 'buyer',
        authProvider: 'guest',
        unclaimedSince: new Date(),
      })
      .returning();
    const [order] = await t.db
      .insert(orders)
      .values({
        orderNumber: 'S-GUEST-1',
        userId: buyer?.id as string,
        subtotalCents: 3100,
        totalCents: 3100,
        aiPoolCents: 310,
        customerEmail: email,
        paymentProvider: 'stripe',
        paymentIntentId: 'pi_guest_1',
        guestCheckout: true,
      })
      .returning();
    await t.db.insert(orderItems).values({
      orderId: order?.id as string,
      productId: product.id,
      productTitle: product.title,
      sellerId: seller.id,
      unitPriceCents: 3100,
    });
    const payload = JSON.stringify({
      id: 'evt_guest_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          object: 'payment_intent',
          id: 'pi_guest_1',
          amount: 3100,
          amount_received: 3100,
          currency: 'usd',
          status: 'succeeded',
          metadata: { order_id: order?.id },
        },
      },
    });
    expect((await deliver(payload)).statusCode).toBe(200);

    const mails = decodedOutbox(t.config).filter((mail) => mail.to.includes(email));
    const receipt = mails.find((mail) => mail.body.includes('/api/v1/downloads/'));
    const link = receipt?.body.match(/http:\/\/localhost:3000(\/api\/v1\/downloads\/[A-Za-z0-9_.-]+)/)?.[1] as string;
    expect((await t.app.inject({ method: 'GET', url: link })).body).toBe('weights');
    const claimMail = mails.find((mail) => mail.body.includes('/claim-account?token='));
    expect(claimMail?.body).toContain(`/guest/orders/${order?.id}#`);
    const token = claimMail?.body.match(/claim-account\?token=([A-Za-z0-9_-]+)/)?.[1];
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest/claim',
      payload: { token, password: GOOD_PASSWORD },
    });
    expect(claimed.statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders',
      headers: { authorization: `Bearer ${claimed.json().access_token}` },
    });
    expect(list.json().orders.map((row: { id: string }) => row.id)).toEqual([order?.id]);

    // A second delivery of the event sends nothing again.
    const count = decodedOutbox(t.config).length;
    await deliver(payload);
    expect(decodedOutbox(t.config).length).toBe(count);
  });
});
