// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { runInThisContext } from 'node:vm';
import { MESSAGE_CATALOGUE } from '@app/shared';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addProductFile, createProduct, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type StripeStandIn, standInForStripe } from './stripe-stand-in';

/**
 * The overlay's own script (checkout.js) with Stripe as the provider, run in jsdom on the page the
 * real server paints, talking to the real server (its fetches go to the app through inject).
 *
 * There is no internet here, so https://js.stripe.com/v3/ cannot load: when the script adds its
 * element, the test puts a fake `window.Stripe` in its place and fires the element's load event.
 * That fake stands in only for the remote Stripe.js (and records what the overlay asks of it); on
 * the server, the shop's Stripe client gets its PaymentIntent calls answered by stripe-stand-in.ts
 * for the same reason. Everything else is the shop's code.
 */

/** The few DOM shapes this test touches (the API project has no DOM typings; the environment is jsdom). */
interface El {
  hidden: boolean;
  textContent: string | null;
  value: string;
  disabled: boolean;
  href: string;
  click(): void;
  dispatchEvent(event: unknown): boolean;
  querySelectorAll(selector: string): ArrayLike<El>;
}
interface Frame {
  document: {
    documentElement: unknown;
    getElementById(id: string): El | null;
    querySelectorAll(selector: string): ArrayLike<El>;
    adoptNode(node: unknown): unknown;
    replaceChild(node: unknown, old: unknown): unknown;
  };
  DOMParser: new () => { parseFromString(html: string, type: string): { documentElement: unknown } };
  Event: new (type: string) => unknown;
  Stripe?: unknown;
  sessionStorage: { clear(): void };
}

const frame = globalThis as unknown as Frame;
const $ = (id: string) => frame.document.getElementById(id) as El;
const SOURCE = fs.readFileSync(path.join(import.meta.dirname, 'checkout.js'), 'utf8');
const WEBHOOK_SECRET = 'whsec_overlay_journey';
const PUBLISHABLE = 'pk_test_overlay_in_jsdom';
const EN = MESSAGE_CATALOGUE.en;

let t: TestApp;
let productId: string;
let stripeServer: StripeStandIn;

/** What the frame asked the shop, and ways to lose or hold an answer on its way back. */
interface ShopLine {
  requests: { method: string; path: string }[];
  answers: Map<string, unknown>;
  /** Throws as a dropped connection would, before the request reaches the shop. */
  lose?: (method: string, path: string) => boolean;
  /** Awaited after the shop answered, before the frame gets the answer. */
  hold?: (method: string, path: string) => Promise<void> | undefined;
}
let line: ShopLine;

beforeAll(async () => {
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_overlay_in_jsdom',
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  const product = await createProduct(t.db, await createUser(t.db, 'seller'), { title: 'Stripe prompts', priceCents: 2000 });
  await addProductFile(t.deps, product.id, 'prompts.txt', 'prompts');
  productId = product.id;
});
afterAll(async () => {
  await t.close();
});

beforeEach(() => {
  stripeServer = standInForStripe(t.deps);
  line = { requests: [], answers: new Map() };
  vi.stubGlobal('fetch', async (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
    const method = init.method;
    line.requests.push({ method, path: url });
    if (line.lose?.(method, url)) throw new TypeError('Failed to fetch');
    const answer = await t.app.inject({ method: method as 'GET', url, headers: init.headers, payload: init.body });
    if (answer.headers['content-type']?.toString().startsWith('application/json'))
      line.answers.set(`${method} ${url}`, answer.json());
    await line.hold?.(method, url);
    return new Response(answer.body, { status: answer.statusCode, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete frame.Stripe;
  frame.sessionStorage.clear();
});

/** The overlay as the server paints it, in this document, with its script running. */
async function openOverlay(): Promise<void> {
  const page = await t.app.inject({ method: 'GET', url: `/embed/checkout/${productId}?lang=en` });
  expect(page.statusCode).toBe(200);
  const parsed = new frame.DOMParser().parseFromString(page.body, 'text/html');
  frame.document.replaceChild(frame.document.adoptNode(parsed.documentElement), frame.document.documentElement);
  runInThisContext(SOURCE, { filename: 'checkout.js' });
}

/** The Stripe.js element the overlay added: the only script it may load from elsewhere. */
function stripeScript(): El {
  const added = Array.from(frame.document.querySelectorAll('script[src^="https://"]'));
  expect(added.map((s) => (s as unknown as { src: string }).src)).toEqual(['https://js.stripe.com/v3/']);
  return added[0] as El;
}

/** A fake of the remote Stripe.js: records the overlay's calls; a card is accepted (Stripe's intent succeeds) or declined. */
function fakeStripeJs(outcome: 'accept' | 'decline' | 'processing') {
  const calls = {
    constructed: [] as unknown[][],
    created: [] as string[],
    mountedInto: [] as unknown[],
    confirmed: [] as { secret: string; data: { payment_method: { card: unknown; billing_details: unknown } } }[],
  };
  const card = {
    mount: (target: unknown) => calls.mountedInto.push(target),
    on: () => {},
  };
  const StripeJs = (key: string, options: unknown) => {
    calls.constructed.push([key, options]);
    return {
      elements: () => ({
        create: (type: string) => {
          calls.created.push(type);
          return card;
        },
      }),
      confirmCardPayment: async (secret: string, data: (typeof calls.confirmed)[number]['data']) => {
        calls.confirmed.push({ secret, data });
        if (outcome === 'decline') {
          return { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
        }
        return { paymentIntent: outcome === 'processing' ? stripeServer.process(secret) : stripeServer.succeed(secret) };
      },
    };
  };
  return { StripeJs, calls, card };
}

/** Stripe.js "arrives": the fake takes the place of the remote script, whose load event fires. */
function stripeJsLoads(fake: ReturnType<typeof fakeStripeJs>) {
  frame.Stripe = fake.StripeJs;
  stripeScript().dispatchEvent(new frame.Event('load'));
}

/** The details step: address and billing country; the server answers with the order and its total. */
async function placeOrder(email: string) {
  $('email').value = email;
  $('country').value = 'DE';
  $('details-submit').click();
  await vi.waitFor(() => expect($('step-pay').hidden).toBe(false), { timeout: 10_000 });
  return line.answers.get('POST /api/v1/guest/checkout') as {
    order_id: string;
    order_number: string;
    access_token: string;
    client_secret: string;
    amount: number;
  };
}

async function serverOrder(order: { order_id: string; access_token: string }) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/guest/orders/${order.order_id}`,
    headers: { 'x-order-token': order.access_token },
  });
  return answer.json() as { payment_status: string; order_number: string };
}

/** Stripe's signed webhook: the intent succeeded (it settles a payment whatever the browser heard). */
async function deliverSucceeded(intent: Stripe.PaymentIntent | undefined) {
  Object.assign(intent ?? {}, { status: 'succeeded', amount_received: intent?.amount });
  const payload = JSON.stringify({
    id: `evt_${intent?.id}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
  });
  const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

const confirmCalls = () => line.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/confirm-payment'));

describe('the buy button overlay with Stripe', () => {
  it('loads Stripe.js only from Stripe, mounts the card, pays with the server’s client secret and shows success only once the server says paid', async () => {
    await openOverlay();
    const fake = fakeStripeJs('accept');
    // Before Stripe.js is there, nothing of Stripe runs; no test card fields exist.
    expect(fake.calls.constructed).toEqual([]);
    expect($('card-number' as string)).toBeNull();
    stripeJsLoads(fake);
    await vi.waitFor(() => expect(fake.calls.constructed).toEqual([[PUBLISHABLE, { locale: 'en' }]]));

    const order = await placeOrder('stripe-overlay-1@example.org');
    // $20 and German VAT, as the server priced it; the button says that total.
    expect(order.amount).toBe(23.8);
    expect($('pay-submit').textContent).toBe('Pay $23.80');
    await vi.waitFor(() => expect(fake.calls.mountedInto).toEqual([$('card-element')]));
    expect(fake.calls.created).toEqual(['card']);

    // The shop's answer to "is it paid?" is held on its way back to the frame.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    line.hold = (method, url) => {
      if (method !== 'POST' || !url.endsWith('/confirm-payment')) return undefined;
      held = true;
      return gate;
    };
    $('pay-submit').click();
    await vi.waitFor(() => expect(held).toBe(true), { timeout: 10_000 });
    expect(fake.calls.confirmed).toHaveLength(1);
    expect(fake.calls.confirmed[0]?.secret).toBe(order.client_secret);
    expect(fake.calls.confirmed[0]?.data.payment_method).toEqual({
      card: fake.card,
      billing_details: { email: 'stripe-overlay-1@example.org' },
    });
    // The server already has it as paid (it read the intent from Stripe), yet the frame shows no success.
    expect((await serverOrder(order)).payment_status).toBe('paid');
    expect($('step-done').hidden).toBe(true);
    expect($('pay-submit').textContent).toBe(EN['embed.working']);

    release();
    await vi.waitFor(() => expect($('step-done').hidden).toBe(false), { timeout: 10_000 });
    expect($('done-text').textContent).toBe(`Thank you! Order ${order.order_number} is paid.`);
    await vi.waitFor(() =>
      expect(Array.from($('downloads').querySelectorAll('a')).map((a) => a.textContent)).toEqual(['Download prompts.txt']),
    );
    expect($('pay-error').hidden).toBe(true);
  });

  it('shows Stripe’s decline in the alert, asks the shop nothing and lets the buyer try another card', async () => {
    await openOverlay();
    const fake = fakeStripeJs('decline');
    stripeJsLoads(fake);
    const order = await placeOrder('stripe-overlay-2@example.org');
    await vi.waitFor(() => expect(fake.calls.mountedInto).toHaveLength(1));

    $('pay-submit').click();
    await vi.waitFor(() => expect($('pay-error').hidden).toBe(false), { timeout: 10_000 });
    expect($('pay-error').textContent).toBe('Your card was declined.');
    expect(fake.calls.confirmed.map((c) => c.secret)).toEqual([order.client_secret]);
    expect(confirmCalls()).toEqual([]);
    expect((await serverOrder(order)).payment_status).not.toBe('paid');
    // Still on the card step, ready for another try.
    await vi.waitFor(() => expect($('pay-submit').disabled).toBe(false));
    expect($('pay-submit').hidden).toBe(false);
    expect($('pay-submit').textContent).toBe('Pay $23.80');
    expect($('pay-check').hidden).toBe(true);
    expect($('step-done').hidden).toBe(true);
  });

  it('when the shop’s answer is lost after Stripe took the card, offers Check again; the webhook settles it and Check again shows success', async () => {
    await openOverlay();
    const fake = fakeStripeJs('accept');
    stripeJsLoads(fake);
    const order = await placeOrder('stripe-overlay-3@example.org');
    await vi.waitFor(() => expect(fake.calls.mountedInto).toHaveLength(1));

    line.lose = (method, url) => method === 'POST' && url.endsWith('/confirm-payment');
    $('pay-submit').click();
    await vi.waitFor(() => expect($('pay-check').hidden).toBe(false), { timeout: 10_000 });
    expect($('pay-error').textContent).toBe(EN['embed.confirmLost']);
    // The card is never asked for again for this order.
    expect($('pay-submit').hidden).toBe(true);
    expect($('pay-back').hidden).toBe(true);
    expect($('step-done').hidden).toBe(true);
    expect((await serverOrder(order)).payment_status).not.toBe('paid');

    // Stripe's webhook reaches the shop and settles the payment.
    const intent = stripeServer.intents.get([...stripeServer.intents.keys()].at(-1) as string);
    expect(intent?.client_secret).toBe(order.client_secret);
    const delivered = await deliverSucceeded(intent);
    expect(delivered.statusCode).toBe(200);
    expect((await serverOrder(order)).payment_status).toBe('paid');

    line.lose = undefined;
    $('pay-check').click();
    await vi.waitFor(() => expect($('step-done').hidden).toBe(false), { timeout: 10_000 });
    expect($('done-text').textContent).toBe(`Thank you! Order ${order.order_number} is paid.`);
    expect(fake.calls.confirmed).toHaveLength(1);
  });

  it('while Stripe is still processing, keeps asking the shop and shows success once the webhook settled it', async () => {
    await openOverlay();
    const fake = fakeStripeJs('processing');
    stripeJsLoads(fake);
    const order = await placeOrder('stripe-overlay-5@example.org');
    await vi.waitFor(() => expect(fake.calls.mountedInto).toHaveLength(1));

    $('pay-submit').click();
    // The shop read the intent ("processing") and the frame now reads the order until it is paid.
    const reads = () => line.requests.filter((r) => r.method === 'GET' && r.path === `/api/v1/guest/orders/${order.order_id}`);
    await vi.waitFor(() => expect(reads().length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(line.answers.get(`POST /api/v1/guest/orders/${order.order_id}/confirm-payment`)).toMatchObject({
      status: 'processing',
      payment_status: 'processing',
    });
    expect($('step-done').hidden).toBe(true);
    expect($('pay-submit').disabled).toBe(true);
    expect($('pay-submit').textContent).toBe(EN['embed.working']);

    const intent = [...stripeServer.intents.values()].find((i) => i.client_secret === order.client_secret);
    expect((await deliverSucceeded(intent)).statusCode).toBe(200);
    await vi.waitFor(() => expect($('step-done').hidden).toBe(false), { timeout: 10_000 });
    expect($('done-text').textContent).toBe(`Thank you! Order ${order.order_number} is paid.`);
    expect(confirmCalls()).toHaveLength(1);
  });

  it('says so and links to the shop when Stripe.js cannot load', async () => {
    await openOverlay();
    stripeScript().dispatchEvent(new frame.Event('error'));
    await placeOrder('stripe-overlay-4@example.org');
    await vi.waitFor(() => expect($('pay-error').hidden).toBe(false), { timeout: 10_000 });
    expect($('pay-error').textContent).toBe(EN['embed.cardFormFailed']);
    expect($('shop-fallback').hidden).toBe(false);
    expect(Array.from($('shop-fallback').querySelectorAll('a')).map((a) => a.href)).toEqual([
      `http://localhost:3000/products/${productId}`,
    ]);
    $('pay-submit').click();
    await vi.waitFor(() => expect($('pay-submit').disabled).toBe(false));
    expect(confirmCalls()).toEqual([]);
  });
});
