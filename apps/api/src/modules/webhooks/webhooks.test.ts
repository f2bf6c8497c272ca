// @database-server: sellers' webhooks, delivered to a real receiver on 127.0.0.1
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutAndPay,
  createProduct,
  createUser,
  FACTORY_PASSWORD,
  type SignedInUser,
  signedInUser,
} from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { sellerWebhookDeliveries, sellerWebhookDeliveryAttempts, sellerWebhookEndpoints } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { postgresJobLeases } from '../../lib/job-leases';
import { redactUrl } from '../../lib/log-redaction';
import { startPeriodicJobs } from '../../lib/scheduler';
import { addressRefusal } from './addresses';
import {
  deliverWebhooks,
  pruneWebhookAttempts,
  RETRY_DELAYS_MS,
  SECRET_UNAVAILABLE_ERROR,
  sealWebhookSecrets,
  webhooksJob,
} from './deliver';
import { claimDueDelivery } from './repository';
import { keyId, webhookSecretKeys } from './secrets';
import { checkEndpointUrl } from './service';
import { verifyWebhook } from './signature';

/**
 * Issue 25, "webhooks": a seller registers a URL and gets a signing secret once; their sales,
 * refunds and licence activations are posted to it, signed the Stripe way, retried with back-off,
 * logged for them to see, and never sent anywhere but the seller's own public endpoints.
 */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let receiver: http.Server;
let port: number;
const received: Received[] = [];
/** What the receiver answers next, per path (default 200 'ok'). */
const answers = new Map<string, { status: number; body: string }>();

let t: TestApp; // loopback allowed, as in every test that needs a local receiver
let strict: TestApp; // the production default: no loopback
const logLines: string[] = [];
let ana: SignedInUser;
let ben: SignedInUser;
let adminToken: string;
let product: { id: string; title: string };
let anaEndpoint: { id: string; secret: string };
let benEndpoint: { id: string; secret: string };

const receivedAt = (path: string) => received.filter((r) => r.path === path);
const eventOf = (r: Received) =>
  JSON.parse(r.body) as { id: string; type: string; created: number; data: Record<string, unknown> };

async function addEndpoint(seller: SignedInUser, path: string, events = ['sale.created', 'refund.created', 'license.activated']) {
  const answer = await seller.call('POST', '/seller/webhooks', { url: `http://127.0.0.1:${port}${path}`, events });
  expect(answer.statusCode, answer.body).toBe(201);
  const body = answer.json() as { secret: string; endpoint: { id: string } };
  return { id: body.endpoint.id, secret: body.secret };
}

async function buy(productId: string) {
  const buyer = await signedInUser(t, 'buyer');
  expect((await buyer.call('POST', '/cart/add', { product_id: productId, quantity: 1 })).statusCode).toBe(200);
  const { order_id } = await checkoutAndPay(buyer.call);
  await t.deps.afterReply.settled();
  return { buyer, orderId: order_id };
}

async function deliveriesOf(seller: SignedInUser, endpointId: string) {
  const answer = await seller.call('GET', `/seller/webhooks/${endpointId}/deliveries`);
  expect(answer.statusCode).toBe(200);
  return answer.json().deliveries as {
    id: string;
    event_type: string;
    status: string;
    attempts: number;
    status_code: number | null;
    response_body: string | null;
    error: string | null;
    next_attempt_at: string | null;
  }[];
}

interface Attempt {
  attempt: number;
  attempted_at: string;
  duration_ms: number | null;
  status_code: number | null;
  response_body: string | null;
  error: string | null;
}

async function attemptsOf(seller: SignedInUser, endpointId: string, deliveryId: string) {
  const answer = await seller.call('GET', `/seller/webhooks/${endpointId}/deliveries/${deliveryId}/attempts`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().attempts as Attempt[];
}

async function storedSecret(endpointId: string) {
  const [row] = await t.db
    .select({ secret: sellerWebhookEndpoints.secret })
    .from(sellerWebhookEndpoints)
    .where(eq(sellerWebhookEndpoints.id, endpointId));
  return row?.secret as string;
}

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body });
      const answer = answers.get(path) ?? { status: 200, body: 'ok' };
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  t = await createTestApp({ WEBHOOKS_ALLOW_LOOPBACK: 'true' }, { log: (line) => logLines.push(line) });
  strict = await createTestApp();
  ana = await signedInUser(t, 'seller', { firstName: 'Ana', lastName: 'Berg' });
  ben = await signedInUser(t, 'seller', { firstName: 'Ben', lastName: 'Hale' });
  const admin = await createUser(t.db, 'admin');
  adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
  product = await createProduct(t.db, ana.user, { title: 'Prompt Studio', priceCents: 4000 });
  const keysOn = await ana.call('PUT', `/seller/products/${product.id}/license-settings`, { enabled: true, activation_limit: 3 });
  expect(keysOn.statusCode).toBe(200);
  anaEndpoint = await addEndpoint(ana, '/ana');
  benEndpoint = await addEndpoint(ben, '/ben');
});
afterAll(async () => {
  await t.close();
  await strict.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('endpoints', () => {
  it('shows the signing secret once: the list never carries it', async () => {
    expect(anaEndpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await ana.call('GET', '/seller/webhooks');
    expect(list.json().endpoints).toEqual([expect.objectContaining({ id: anaEndpoint.id, url: `http://127.0.0.1:${port}/ana` })]);
    expect(list.body).not.toContain(anaEndpoint.secret);
  });

  it('refuses bad input (422), buyers (403), strangers (401), and another seller’s endpoint (404)', async () => {
    expect((await ana.call('POST', '/seller/webhooks', { url: 'not a url', events: ['sale.created'] })).statusCode).toBe(422);
    expect(
      (await ana.call('POST', '/seller/webhooks', { url: 'ftp://example.com/x', events: ['sale.created'] })).statusCode,
    ).toBe(422);
    expect((await ana.call('POST', '/seller/webhooks', { url: `http://127.0.0.1:${port}/x`, events: [] })).statusCode).toBe(422);
    expect(
      (await ana.call('POST', '/seller/webhooks', { url: `http://127.0.0.1:${port}/x`, events: ['order.paid'] })).statusCode,
    ).toBe(422);
    const withPassword = await ana.call('POST', '/seller/webhooks', {
      url: `http://u:p@127.0.0.1:${port}/x`,
      events: ['sale.created'],
    });
    expect(withPassword.json().detail).toBe('Webhook URLs may not contain a user name or password');
    const buyer = await signedInUser(t, 'buyer');
    expect((await buyer.call('GET', '/seller/webhooks')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/seller/webhooks' })).statusCode).toBe(401);
    expect((await ben.call('GET', `/seller/webhooks/${anaEndpoint.id}/deliveries`)).statusCode).toBe(404);
    expect((await ben.call('POST', `/seller/webhooks/${anaEndpoint.id}/test`)).statusCode).toBe(404);
    expect((await ben.call('DELETE', `/seller/webhooks/${anaEndpoint.id}`)).statusCode).toBe(404);
  });

  it('answers 403 to a seller API token, whatever its scopes', async () => {
    const created = (
      await ana.call('POST', '/seller/api-tokens', { name: 'ci', scopes: ['products:read', 'sales:read', 'licenses:read'] })
    ).json();
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/seller/webhooks', headers: bearer(created.token) });
    expect(answer.statusCode).toBe(403);
  });
});

describe('deliveries', () => {
  it('posts a sale to the seller’s endpoint, signed with its secret and timestamped; another seller’s endpoint gets nothing', async () => {
    const before = { ana: receivedAt('/ana').length, ben: receivedAt('/ben').length };
    const { orderId } = await buy(product.id);
    const got = receivedAt('/ana').slice(before.ana);
    expect(got).toHaveLength(1);
    const delivery = got[0] as Received;
    const signature = delivery.headers['marketplace-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(anaEndpoint.secret, signature, delivery.body)).toBe(true);
    // Another secret, a changed body or an old timestamp do not verify (replay protection).
    expect(verifyWebhook(benEndpoint.secret, signature, delivery.body)).toBe(false);
    expect(verifyWebhook(anaEndpoint.secret, signature, delivery.body.replace('Prompt', 'Prompd'))).toBe(false);
    expect(verifyWebhook(anaEndpoint.secret, signature, delivery.body, Math.floor(Date.now() / 1000) + 3600)).toBe(false);
    const event = eventOf(delivery);
    expect(event.type).toBe('sale.created');
    expect(delivery.headers['marketplace-event-id']).toBe(event.id);
    expect(event.data).toMatchObject({ order_id: orderId, currency: 'usd', items: [{ title: 'Prompt Studio', quantity: 1 }] });
    expect(event.data.amount).toBeGreaterThan(0);
    expect(event.data.amount).toBeLessThan(40);
    expect(receivedAt('/ben').length).toBe(before.ben);
    const log = await deliveriesOf(ana, anaEndpoint.id);
    expect(log[0]).toMatchObject({
      event_type: 'sale.created',
      status: 'succeeded',
      attempts: 1,
      status_code: 200,
      response_body: 'ok',
    });
    expect(await deliveriesOf(ben, benEndpoint.id)).toEqual([]);
  });

  it('retries after a 500 with back-off, logging the truncated answer, and delivers the same event on the next attempt', async () => {
    answers.set('/ana', { status: 500, body: 'x'.repeat(5000) });
    const before = receivedAt('/ana').length;
    const started = Date.now();
    await buy(product.id);
    const [failed] = await deliveriesOf(ana, anaEndpoint.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, status_code: 500 });
    expect(failed?.response_body).toHaveLength(1000);
    const next = Date.parse(failed?.next_attempt_at as string);
    expect(next - started).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0] as number);
    expect(next - Date.now()).toBeLessThanOrEqual((RETRY_DELAYS_MS[0] as number) + 1000);
    // Not due yet: a run now sends nothing.
    await deliverWebhooks(t.deps);
    expect(receivedAt('/ana').length).toBe(before + 1);
    answers.delete('/ana');
    const result = await deliverWebhooks(t.deps, { now: new Date(Date.now() + 61_000) });
    expect(result.succeeded).toBe(1);
    const [first, second] = receivedAt('/ana').slice(before);
    expect(eventOf(second as Received).id).toBe(eventOf(first as Received).id);
    expect(await deliveriesOf(ana, anaEndpoint.id)).toContainEqual(
      expect.objectContaining({ status: 'succeeded', attempts: 2, status_code: 200, next_attempt_at: null }),
    );
    // The log keeps both attempts, newest first: the 500 with the start of its answer, then the 200.
    const attempts = await attemptsOf(ana, anaEndpoint.id, failed?.id as string);
    expect(attempts).toEqual([
      expect.objectContaining({ attempt: 2, status_code: 200, response_body: 'ok', error: null }),
      expect.objectContaining({ attempt: 1, status_code: 500, error: null }),
    ]);
    expect(attempts[1]?.response_body).toBe('x'.repeat(1000));
    for (const one of attempts) {
      expect(one.duration_ms).toBeGreaterThanOrEqual(0);
      expect(one.duration_ms).toBeLessThan(20_000);
    }
    expect(Date.parse(attempts[0]?.attempted_at as string)).toBeGreaterThan(Date.parse(attempts[1]?.attempted_at as string));
  });

  it('gives a delivery up after the last attempt, each wait longer than the one before', async () => {
    answers.set('/ana', { status: 503, body: 'down' });
    await buy(product.id);
    let now = Date.now();
    for (const delay of RETRY_DELAYS_MS) {
      now += delay + 1000;
      await deliverWebhooks(t.deps, { now: new Date(now) });
    }
    answers.delete('/ana');
    const [latest] = await deliveriesOf(ana, anaEndpoint.id);
    expect(latest).toMatchObject({ status: 'failed', attempts: RETRY_DELAYS_MS.length + 1, status_code: 503 });
    const attempts = await attemptsOf(ana, anaEndpoint.id, latest?.id as string);
    expect(attempts.map((a) => a.attempt)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(new Set(attempts.map((a) => `${a.status_code} ${a.response_body}`))).toEqual(new Set(['503 down']));
    expect([...RETRY_DELAYS_MS].sort((a, b) => a - b)).toEqual(RETRY_DELAYS_MS);
    expect(RETRY_DELAYS_MS.at(-1)).toBe(24 * 3600_000);
  });

  it('never posts one delivery twice, even with two runners at once', async () => {
    answers.set('/ana', { status: 500, body: 'later' });
    await buy(product.id);
    answers.delete('/ana');
    const before = receivedAt('/ana').length;
    const due = new Date(Date.now() + 61_000);
    const results = await Promise.all([1, 2, 3].map(() => deliverWebhooks(t.deps, { now: due })));
    expect(results.reduce((sum, r) => sum + r.succeeded, 0)).toBe(1);
    expect(receivedAt('/ana').length).toBe(before + 1);
  });

  it('runs as a job on two instances at once (job leases): a due delivery is posted once', async () => {
    answers.set('/ana', { status: 500, body: 'later' });
    await buy(product.id);
    answers.delete('/ana');
    const [due] = await t.db
      .update(sellerWebhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(sellerWebhookDeliveries.status, 'pending'))
      .returning({ id: sellerWebhookDeliveries.id });
    expect(due).toBeDefined();
    const before = receivedAt('/ana').length;
    const stops = ['instance-a', 'instance-b'].map((owner) =>
      startPeriodicJobs([webhooksJob(t.deps, () => {})], () => {}, { leases: postgresJobLeases(t.db, { owner }) }),
    );
    const deadline = Date.now() + 10_000;
    while (receivedAt('/ana').length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    for (const stop of stops) await stop();
    expect(receivedAt('/ana').length).toBe(before + 1);
    const [row] = await t.db
      .select()
      .from(sellerWebhookDeliveries)
      .where(eq(sellerWebhookDeliveries.id, due?.id as string));
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('sends again a delivery whose runner died mid-attempt, once its lease is over, and never while it holds it', async () => {
    answers.set('/ana', { status: 500, body: 'later' });
    await buy(product.id);
    answers.delete('/ana');
    const due = new Date(Date.now() + 61_000);
    // A runner claims it and dies before posting anything.
    const claimed = await claimDueDelivery(t.db, due, []);
    expect(claimed).toBeDefined();
    const before = receivedAt('/ana').length;
    // Still held: nobody else posts it.
    await deliverWebhooks(t.deps, { now: due });
    expect(receivedAt('/ana').length).toBe(before);
    // Its lease has run out: the next run sends it, as the next attempt.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await deliverWebhooks(t.deps, { now: due, staleDeliveringMs: 10 });
    expect(receivedAt('/ana').length).toBe(before + 1);
    const [row] = await t.db
      .select()
      .from(sellerWebhookDeliveries)
      .where(eq(sellerWebhookDeliveries.id, claimed?.id as string));
    expect(row).toMatchObject({ status: 'succeeded', attempts: 3 });
    // The interrupted attempt is in the log too, without an answer or a duration.
    const attempts = await attemptsOf(ana, anaEndpoint.id, claimed?.id as string);
    expect(attempts).toEqual([
      expect.objectContaining({ attempt: 3, status_code: 200 }),
      expect.objectContaining({ attempt: 2, status_code: null, duration_ms: null, error: 'interrupted while delivering' }),
      expect.objectContaining({ attempt: 1, status_code: 500, response_body: 'later' }),
    ]);
  });

  it('posts a licence activation and a refund to the seller', async () => {
    const { buyer, orderId } = await buy(product.id);
    const key = (await buyer.call('GET', `/licenses/mine?order_id=${orderId}`)).json().licenses[0].key as string;
    const before = receivedAt('/ana').length;
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/activate',
      payload: { product_id: product.id, key, instance: 'studio-laptop' },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    await t.deps.afterReply.settled();
    const activation = receivedAt('/ana').slice(before).map(eventOf);
    expect(activation.map((e) => e.type)).toEqual(['license.activated']);
    expect(activation[0]?.data).toMatchObject({ product_id: product.id, order_id: orderId, instance: 'studio-laptop' });
    expect(JSON.stringify(activation[0])).not.toContain(key);
    // The same instance again changes nothing and tells nothing.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/activate',
      payload: { product_id: product.id, key, instance: 'studio-laptop' },
    });
    await t.deps.afterReply.settled();
    expect(receivedAt('/ana').length).toBe(before + 1);

    const asked = await buyer.call('POST', `/orders/${orderId}/request-refund`, { reason: 'It does not do what I need at all' });
    expect(asked.statusCode).toBe(201);
    const refunded = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/orders/${orderId}/refund`,
      headers: bearer(adminToken),
      payload: { decision: 'approve', note: 'Refunded as asked' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await t.deps.afterReply.settled();
    await deliverWebhooks(t.deps);
    const refund = receivedAt('/ana')
      .slice(before + 1)
      .map(eventOf);
    expect(refund.map((e) => e.type)).toEqual(['refund.created']);
    expect(refund[0]?.data.order_id).toBe(orderId);
    expect(refund[0]?.data.amount).toBeLessThan(0);
  });

  it('sends only the events an endpoint subscribed to', async () => {
    const onlyRefunds = await addEndpoint(ana, '/ana-refunds', ['refund.created']);
    await buy(product.id);
    expect(receivedAt('/ana-refunds')).toEqual([]);
    expect((await ana.call('DELETE', `/seller/webhooks/${onlyRefunds.id}`)).statusCode).toBe(200);
  });

  it('tells each seller of a two-seller order of their own lines, posting only to an endpoint that subscribed', async () => {
    const cleo = await signedInUser(t, 'seller', { firstName: 'Cleo', lastName: 'Park' });
    const cleoProduct = await createProduct(t.db, cleo.user, { title: 'Vision Kit', priceCents: 2500 });
    const cleoEndpoint = await addEndpoint(cleo, '/cleo-refunds', ['refund.created']);
    const before = receivedAt('/ana').length;
    const buyer = await signedInUser(t, 'buyer');
    for (const id of [product.id, cleoProduct.id]) {
      expect((await buyer.call('POST', '/cart/add', { product_id: id, quantity: 1 })).statusCode).toBe(200);
    }
    const { order_id } = await checkoutAndPay(buyer.call);
    await t.deps.afterReply.settled();
    // Delivered right after the answer, with Ana's lines only.
    const got = receivedAt('/ana').slice(before).map(eventOf);
    expect(got.map((e) => e.type)).toEqual(['sale.created']);
    expect(got[0]?.data).toMatchObject({ order_id, items: [{ title: 'Prompt Studio', quantity: 1 }] });
    // Cleo's event is written (the outbox keeps it), with no delivery: her endpoint wants refunds only.
    expect(receivedAt('/cleo-refunds')).toEqual([]);
    expect(await deliveriesOf(cleo, cleoEndpoint.id)).toEqual([]);
    const events = await t.db.execute(
      sql`select seller_id, payload from seller_webhook_events where key like ${`sale.created:${order_id}:%`} order by seller_id = ${ana.user.id}`,
    );
    expect(events.rows).toEqual([
      { seller_id: cleo.user.id, payload: expect.objectContaining({ items: [{ title: 'Vision Kit', quantity: 1 }] }) },
      { seller_id: ana.user.id, payload: expect.objectContaining({ items: [{ title: 'Prompt Studio', quantity: 1 }] }) },
    ]);
  });

  it('sends a signed test event on request, to that endpoint only', async () => {
    const before = { ana: receivedAt('/ana').length, ben: receivedAt('/ben').length };
    const answer = await ana.call('POST', `/seller/webhooks/${anaEndpoint.id}/test`);
    expect(answer.statusCode).toBe(202);
    await t.deps.afterReply.settled();
    const [test] = receivedAt('/ana').slice(before.ana);
    expect(eventOf(test as Received).type).toBe('webhook.test');
    expect(verifyWebhook(anaEndpoint.secret, test?.headers['marketplace-signature'] as string, test?.body as string)).toBe(true);
    expect(receivedAt('/ben').length).toBe(before.ben);
  });

  it('gives up what waits for a removed endpoint and posts nothing more to it', async () => {
    const gone = await addEndpoint(ana, '/gone');
    answers.set('/gone', { status: 500, body: 'no' });
    await buy(product.id);
    expect((await ana.call('DELETE', `/seller/webhooks/${gone.id}`)).statusCode).toBe(200);
    const before = receivedAt('/gone').length;
    await deliverWebhooks(t.deps, { now: new Date(Date.now() + 3600_000) });
    expect(receivedAt('/gone').length).toBe(before);
    const [row] = await t.db.select().from(sellerWebhookDeliveries).where(eq(sellerWebhookDeliveries.endpointId, gone.id));
    expect(row?.status).toBe('failed');
    expect((await ana.call('GET', `/seller/webhooks/${gone.id}/deliveries`)).statusCode).toBe(404);
  });
});

describe('server-side request forgery', () => {
  const refused = 'This URL points to a private, loopback or reserved address; webhooks only go to public addresses';

  it('refuses private, link-local and loopback targets, and names resolving to them, when loopback is not allowed', async () => {
    const seller = await signedInUser(strict, 'seller');
    for (const url of [
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${port}/hook`,
      `http://127.0.0.1:${port}/hook`,
      `http://localhost:${port}/hook`,
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:a9fe:a9fe]/hook',
      'http://192.168.1.10/hook',
      'http://0.0.0.0/hook',
    ]) {
      const answer = await seller.call('POST', '/seller/webhooks', { url, events: ['sale.created'] });
      expect(answer.statusCode, url).toBe(422);
      expect(answer.json().detail, url).toBe(refused);
    }
    expect((await seller.call('GET', '/seller/webhooks')).json().endpoints).toEqual([]);
  });

  it('refuses private targets even when loopback is allowed', async () => {
    for (const url of ['http://10.0.0.1/hook', 'http://169.254.169.254/', 'http://172.16.0.5/', 'http://[fd00::1]/']) {
      expect((await ana.call('POST', '/seller/webhooks', { url, events: ['sale.created'] })).statusCode, url).toBe(422);
    }
  });

  it('checks the resolved address again at delivery: a name that now resolves to 127.0.0.1 is not posted to (DNS rebinding)', async () => {
    const seller = await signedInUser(strict, 'seller');
    const sellerProduct = await createProduct(strict.db, seller.user, { priceCents: 1000 });
    // Registered while the name resolved to a public address…
    const publicAnswer = async () => [{ address: '93.184.216.34', family: 4 }];
    const url = await checkEndpointUrl(strict.deps, `http://rebind.example:${port}/rebind`, publicAnswer);
    await strict.db
      .insert(sellerWebhookEndpoints)
      .values({ userId: seller.user.id, url, secret: 'whsec_test', events: ['sale.created'] });
    const buyer = await signedInUser(strict, 'buyer');
    await buyer.call('POST', '/cart/add', { product_id: sellerProduct.id, quantity: 1 });
    await checkoutAndPay(buyer.call);
    await strict.deps.afterReply.settled();
    // …and now to loopback.
    const before = receivedAt('/rebind').length;
    await deliverWebhooks(strict.deps, {
      now: new Date(Date.now() + 3600_000),
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(receivedAt('/rebind').length).toBe(before);
    const rows = await strict.db.select().from(sellerWebhookDeliveries);
    expect(rows[0]?.lastError).toMatch(/^refused: rebind\.example resolves to a loopback address/);
  });

  it('asks for https in production', async () => {
    const production = { config: { env: 'production', webhooks: { allowLoopback: false } } } as unknown as AppDeps;
    await expect(
      checkEndpointUrl(production, 'http://example.com/hook', async () => [{ address: '93.184.216.34', family: 4 }]),
    ).rejects.toThrow('Webhook URLs must use https');
    await expect(
      checkEndpointUrl(production, 'https://example.com/hook', async () => [{ address: '93.184.216.34', family: 4 }]),
    ).resolves.toBe('https://example.com/hook');
  });

  it('classifies addresses', () => {
    expect(addressRefusal('8.8.8.8', false)).toBeNull();
    expect(addressRefusal('2606:4700::1111', false)).toBeNull();
    expect(addressRefusal('127.0.0.1', true)).toBeNull();
    expect(addressRefusal('127.0.0.1', false)).toBe('a loopback address');
    expect(addressRefusal('::1', false)).toBe('a loopback address');
    expect(addressRefusal('169.254.169.254', true)).toBe('a private, link-local or reserved address');
    expect(addressRefusal('fe80::1', true)).toBe('a private, link-local or reserved address');
    expect(addressRefusal('::ffff:10.0.0.1', true)).toBe('a private, link-local or reserved address');
  });
});

describe('secrets in logs', () => {
  it('never writes a signing secret or an API token to the log, even in URLs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp(t.deps, { logger: { level: 'trace', stream } });
    await logged.ready();
    try {
      const token = await signIn(logged, ana.user.email, FACTORY_PASSWORD);
      const created = await logged.inject({
        method: 'POST',
        url: '/api/v1/seller/webhooks',
        headers: bearer(token),
        payload: { url: `http://127.0.0.1:${port}/ana?token=abc`, events: ['sale.created'] },
      });
      const secret = created.json().secret as string;
      const apiToken = (
        await logged.inject({
          method: 'POST',
          url: '/api/v1/seller/api-tokens',
          headers: bearer(token),
          payload: { name: 'log test', scopes: ['products:read'] },
        })
      ).json().token as string;
      await logged.inject({ method: 'GET', url: `/api/v1/seller/products?key=${apiToken}`, headers: bearer(apiToken) });
      await logged.inject({
        method: 'POST',
        url: `/api/v1/seller/webhooks/${created.json().endpoint.id}/test`,
        headers: bearer(token),
      });
      answers.set('/ana?token=abc', { status: 500, body: `echo ${secret}` });
      await t.deps.afterReply.settled();
      await deliverWebhooks(t.deps, { now: new Date(Date.now() + 3600_000) });
      answers.delete('/ana?token=abc');
      const all = [...lines, ...logLines].join('\n');
      expect(lines.length).toBeGreaterThan(0);
      expect(all).not.toContain(secret);
      expect(all).not.toContain(apiToken);
      expect(redactUrl(`/api/v1/x?key=${apiToken}`)).not.toContain(apiToken);
      expect(redactUrl(`/hooks/${secret}`)).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe('the attempt log', () => {
  it('records a network error as an attempt without a status code', async () => {
    const seller = await signedInUser(t, 'seller');
    const own = await createProduct(t.db, seller.user, { priceCents: 1500 });
    const closed = await seller.call('POST', '/seller/webhooks', { url: 'http://127.0.0.1:9/closed', events: ['sale.created'] });
    expect(closed.statusCode).toBe(201);
    const endpointId = closed.json().endpoint.id as string;
    await buy(own.id);
    const [delivery] = await deliveriesOf(seller, endpointId);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, status_code: null });
    const [attempt] = await attemptsOf(seller, endpointId, delivery?.id as string);
    expect(attempt).toMatchObject({ attempt: 1, status_code: null, response_body: null });
    expect(attempt?.error).toMatch(/ECONNREFUSED/);
  });

  it('answers 404 for another seller’s delivery, one of another endpoint, and one that does not exist', async () => {
    const [anaDelivery] = await deliveriesOf(ana, anaEndpoint.id);
    const path = (endpointId: string, deliveryId: string) => `/seller/webhooks/${endpointId}/deliveries/${deliveryId}/attempts`;
    const missing = await ana.call('GET', path(anaEndpoint.id, randomUUID()));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Webhook delivery not found');
    for (const [who, url] of [
      [ben, path(anaEndpoint.id, anaDelivery?.id as string)],
      [ben, path(benEndpoint.id, anaDelivery?.id as string)],
      [ana, path(anaEndpoint.id, 'not-a-uuid')],
    ] as const) {
      const answer = await who.call('GET', url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).not.toContain('response_body');
    }
    const other = await addEndpoint(ana, '/ana-other');
    expect((await ana.call('GET', path(other.id, anaDelivery?.id as string))).json().detail).toBe('Webhook delivery not found');
    expect((await ana.call('DELETE', `/seller/webhooks/${other.id}`)).statusCode).toBe(200);
  });

  it('deletes attempts older than 30 days in the webhooks job (deliveries stay) and all of a delivery’s with it', async () => {
    const [delivery] = await deliveriesOf(ana, anaEndpoint.id);
    const deliveryId = delivery?.id as string;
    const before = await attemptsOf(ana, anaEndpoint.id, deliveryId);
    expect(before.length).toBeGreaterThan(0);
    await t.db
      .update(sellerWebhookDeliveryAttempts)
      .set({ attemptedAt: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where(eq(sellerWebhookDeliveryAttempts.deliveryId, deliveryId));
    const others = await t.db.$count(sellerWebhookDeliveryAttempts, sql`delivery_id <> ${deliveryId}`);
    expect(await pruneWebhookAttempts(t.deps)).toBe(before.length);
    expect(await attemptsOf(ana, anaEndpoint.id, deliveryId)).toEqual([]);
    expect(await t.db.$count(sellerWebhookDeliveryAttempts, sql`delivery_id <> ${deliveryId}`)).toBe(others);
    expect((await deliveriesOf(ana, anaEndpoint.id)).map((d) => d.id)).toContain(deliveryId);
    // A delivery removed (its seller's account deleted) takes its attempts with it.
    const [another] = (await deliveriesOf(ana, anaEndpoint.id)).filter((d) => d.id !== deliveryId);
    expect((await attemptsOf(ana, anaEndpoint.id, another?.id as string)).length).toBeGreaterThan(0);
    await t.db.delete(sellerWebhookDeliveries).where(eq(sellerWebhookDeliveries.id, another?.id as string));
    expect(
      await t.db.$count(sellerWebhookDeliveryAttempts, eq(sellerWebhookDeliveryAttempts.deliveryId, another?.id as string)),
    ).toBe(0);
  });
});

describe('signing secrets at rest (decision 0050)', () => {
  async function sellerWithProduct() {
    const seller = await signedInUser(t, 'seller');
    const own = await createProduct(t.db, seller.user, { priceCents: 2500 });
    return { seller, product: own };
  }

  it('stores only the sealed secret: the column never holds it, and a delivery signed from it verifies with the secret shown once', async () => {
    const { seller, product: own } = await sellerWithProduct();
    const endpoint = await addEndpoint(seller, '/sealed');
    const stored = await storedSecret(endpoint.id);
    expect(stored).not.toBe(endpoint.secret);
    expect(stored).not.toContain(endpoint.secret.slice('whsec_'.length));
    expect(stored.startsWith(`wsk1.${keyId(webhookSecretKeys(t.deps).current)}.`)).toBe(true);
    // Nowhere in the table, in any form a query could find.
    const dump = await t.db.execute(sql`select row_to_json(e)::text as row from seller_webhook_endpoints e`);
    expect(JSON.stringify(dump.rows)).not.toContain(endpoint.secret);
    const before = receivedAt('/sealed').length;
    await buy(own.id);
    const [got] = receivedAt('/sealed').slice(before);
    expect(verifyWebhook(endpoint.secret, got?.headers['marketplace-signature'] as string, got?.body as string)).toBe(true);
  });

  it('encrypts secrets stored in the clear on start (the job’s first run) and on first use, and they still verify', async () => {
    const { seller, product: own } = await sellerWithProduct();
    const legacy = [`whsec_${randomBytes(32).toString('base64url')}`, `whsec_${randomBytes(32).toString('base64url')}`];
    const [onStart, onUse] = await t.db
      .insert(sellerWebhookEndpoints)
      .values(
        legacy.map((secret, index) => ({
          userId: seller.user.id,
          url: `http://127.0.0.1:${port}/legacy-${index}`,
          secret,
          events: ['sale.created'],
        })),
      )
      .returning({ id: sellerWebhookEndpoints.id });
    // First use: a delivery signs with the secret as it was, and leaves it sealed.
    const before = receivedAt('/legacy-1').length;
    await t.db
      .update(sellerWebhookEndpoints)
      .set({ deletedAt: new Date() })
      .where(eq(sellerWebhookEndpoints.id, onStart?.id as string));
    await buy(own.id);
    const [got] = receivedAt('/legacy-1').slice(before);
    expect(verifyWebhook(legacy[1] as string, got?.headers['marketplace-signature'] as string, got?.body as string)).toBe(true);
    expect(await storedSecret(onUse?.id as string)).toMatch(/^wsk1\./);
    // On start: the job seals what is left in the clear (a removed endpoint too), and says so.
    expect(await storedSecret(onStart?.id as string)).toBe(legacy[0]);
    const lines: string[] = [];
    await webhooksJob(t.deps, (line) => lines.push(line)).run();
    expect(await storedSecret(onStart?.id as string)).toMatch(/^wsk1\./);
    expect(lines).toContain('webhooks: 1 signing secret(s) encrypted with the current key');
    expect(lines.join('\n')).not.toContain(legacy[0]);
    await t.db
      .update(sellerWebhookEndpoints)
      .set({ deletedAt: null })
      .where(eq(sellerWebhookEndpoints.id, onStart?.id as string));
    const beforeStart = receivedAt('/legacy-0').length;
    await buy(own.id);
    const [fromSealed] = receivedAt('/legacy-0').slice(beforeStart);
    expect(
      verifyWebhook(legacy[0] as string, fromSealed?.headers['marketplace-signature'] as string, fromSealed?.body as string),
    ).toBe(true);
  });

  it('rotates keys: the previous key still opens old secrets, the job seals them anew; a key that does not fit fails closed', async () => {
    const { seller, product: own } = await sellerWithProduct();
    const endpoint = await addEndpoint(seller, '/rotate');
    const oldKey = webhookSecretKeys(t.deps).current;
    const newKey = randomBytes(32);
    const rotated: AppDeps = {
      ...t.deps,
      config: { ...t.deps.config, webhooks: { ...t.deps.config.webhooks, secretKey: newKey, previousSecretKey: oldKey } },
    };
    const signedWith = (received: Received | undefined) =>
      verifyWebhook(endpoint.secret, received?.headers['marketplace-signature'] as string, received?.body as string);

    // Still sealed with the old key: the rotated app opens it with the previous key.
    answers.set('/rotate', { status: 500, body: 'later' });
    await buy(own.id);
    answers.delete('/rotate');
    let before = receivedAt('/rotate').length;
    expect((await deliverWebhooks(rotated, { now: new Date(Date.now() + 61_000), endpointId: endpoint.id })).succeeded).toBe(1);
    expect(signedWith(receivedAt('/rotate')[before])).toBe(true);

    // The rotated app's job seals it with the new key.
    const lines: string[] = [];
    expect(await sealWebhookSecrets(rotated, (line) => lines.push(line))).toMatchObject({ unreadable: 0 });
    expect((await storedSecret(endpoint.id)).startsWith(`wsk1.${keyId(newKey)}.`)).toBe(true);

    // An instance with only the old key cannot open it: nothing is sent, unsigned or otherwise, and the log says why.
    before = receivedAt('/rotate').length;
    await buy(own.id);
    const log: string[] = [];
    await deliverWebhooks(t.deps, { now: new Date(Date.now() + 61_000), endpointId: endpoint.id, log: (line) => log.push(line) });
    expect(receivedAt('/rotate').length).toBe(before);
    const [waiting] = await deliveriesOf(seller, endpoint.id);
    expect(waiting).toMatchObject({ status: 'pending', status_code: null, error: SECRET_UNAVAILABLE_ERROR });
    const attempts = await attemptsOf(seller, endpoint.id, waiting?.id as string);
    expect(attempts.every((a) => a.error === SECRET_UNAVAILABLE_ERROR && a.status_code === null)).toBe(true);
    expect(log).toEqual([
      `webhooks: delivery ${waiting?.id} not sent: the signing secret of webhook endpoint ${endpoint.id} cannot be decrypted: ` +
        `it was sealed with key id ${keyId(newKey)}, but WEBHOOK_SECRET_KEY is key id ${keyId(oldKey)} and WEBHOOK_SECRET_KEY_PREVIOUS is not set`,
    ]);
    // The old-key instance's sweep leaves what it cannot open as it is (the rotated sweep sealed every endpoint anew).
    const sweep: string[] = [];
    const endpoints = await t.db.$count(sellerWebhookEndpoints);
    expect(await sealWebhookSecrets(t.deps, (line) => sweep.push(line))).toEqual({ sealed: 0, unreadable: endpoints });
    expect(sweep.join('\n')).toContain(`webhook endpoint ${endpoint.id} cannot be decrypted`);
    expect((await storedSecret(endpoint.id)).startsWith(`wsk1.${keyId(newKey)}.`)).toBe(true);

    // Once the right key is back, the retry goes out signed.
    expect((await deliverWebhooks(rotated, { now: new Date(Date.now() + 3600_000), endpointId: endpoint.id })).succeeded).toBe(1);
    expect(signedWith(receivedAt('/rotate')[before])).toBe(true);
  });
});
