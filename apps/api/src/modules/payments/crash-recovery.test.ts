// @database-server: a killed process's transaction is rolled back
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { exited, type SpawnedServer, spawnedServer } from '../../../test/spawned-server';
import type { Database } from '../../db/client';

/**
 * kill -9 in the middle of a burst of card payments, then a restart: every charge the test
 * processor accepted must end in exactly one paid order (or one refund), with nobody left
 * charged-but-unpaid, and the ledger equal to the money kept. Every other buyer also buys a
 * product with licence keys switched on (issue 24): each paid line of it has exactly one key, and
 * no unpaid or failed order has any.
 */

const BUYERS = 40;
/** Buyers with an even index also buy the licensed product. */
const LICENSED_BUYERS = BUYERS / 2;
const LICENSED_PRICE = 1500;
let db: Database;
let server: SpawnedServer;
let port: number;
let productId: string;
let licensedId: string;
const buyers: { email: string }[] = [];

beforeAll(async () => {
  server = await spawnedServer('crash');
  ({ db, port } = server);
  const seller = await createUser(db, 'seller');
  productId = (await createProduct(db, seller, { title: 'Crash Test Dataset', priceCents: 2500 })).id;
  licensedId = (await createProduct(db, seller, { title: 'Crash Test Licensed Tool', priceCents: LICENSED_PRICE })).id;
  await db.$client.query('insert into product_license_settings (product_id, enabled, activation_limit) values ($1, true, 3)', [
    licensedId,
  ]);
  for (let i = 0; i < BUYERS; i += 1) buyers.push(await createUser(db, 'buyer'));
});

afterAll(async () => {
  await server.close();
});

function startServer(): ChildProcess {
  return server.start({
    JWT_SECRET: 'crash-test-secret-crash-test-secret-0123456789',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    PAYMENT_STALE_SECONDS: '0',
    PAYMENT_SWEEP_SECONDS: '1',
  });
}

const api = (pathname: string) => `http://127.0.0.1:${port}/api/v1${pathname}`;

async function call(method: string, pathname: string, token?: string, body?: unknown) {
  const response = await fetch(api(pathname), {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads whatever JSON the server sent
  return { status: response.status, json: (await response.json().catch(() => null)) as any };
}

async function waitUntilHealthy(child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited');
    if (
      await fetch(api('/health')).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error('server never became healthy');
}

async function books() {
  const { rows } = await db.$client.query(
    `
    select
      (select count(*)::int from test_payment_intents where status = 'succeeded') as charged,
      (select count(*)::int from orders where payment_status = 'paid') as paid,
      (select count(*)::int from payment_refunds) as refunded,
      (select count(*)::int from orders where payment_status = 'processing') as in_flight,
      (select count(*)::int from test_payment_intents i join orders o on o.id = i.order_id
         where i.status = 'succeeded' and o.payment_status <> 'paid'
           and not exists (select 1 from payment_refunds r where r.payment_intent_id = i.id)) as charged_unpaid,
      (select count(*)::int from orders o where o.payment_status = 'paid'
         and not exists (select 1 from test_payment_intents i where i.id = o.payment_intent_id and i.status = 'succeeded')) as paid_uncharged,
      (select coalesce(sum(amount_cents), 0)::int from ledger_entries) as ledger,
      (select coalesce(sum(total_cents), 0)::int from orders where payment_status = 'paid') as kept,
      (select count(*)::int from sale_alerts where kind = 'sale') as sale_alerts,
      (select count(*)::int from notifications n join users u on u.id = n.user_id where u.role = 'seller') as seller_notes,
      (select count(*)::int from order_items i join orders o on o.id = i.order_id
         where i.product_id = $1 and o.payment_status = 'paid') as licensed_paid_lines,
      (select count(*)::int from order_items i join orders o on o.id = i.order_id
         where i.product_id = $1 and o.payment_status = 'paid'
           and (select count(*) from license_keys k where k.order_item_id = i.id) <> 1) as licensed_lines_without_one_key,
      (select count(*)::int from license_keys k join orders o on o.id = k.order_id
         where o.payment_status <> 'paid') as keys_of_unpaid,
      (select count(*)::int from license_keys k join order_items i on i.id = k.order_item_id
         where i.product_id <> $1 or k.product_id <> $1) as keys_of_other_products`,
    [licensedId],
  );
  return rows[0] as Record<
    | 'charged'
    | 'paid'
    | 'refunded'
    | 'in_flight'
    | 'charged_unpaid'
    | 'paid_uncharged'
    | 'ledger'
    | 'kept'
    | 'sale_alerts'
    | 'seller_notes'
    | 'licensed_paid_lines'
    | 'licensed_lines_without_one_key'
    | 'keys_of_unpaid'
    | 'keys_of_other_products',
    number
  >;
}

async function keyCount(): Promise<number> {
  const { rows } = await db.$client.query('select count(*)::int as n from license_keys');
  return (rows[0] as { n: number }).n;
}

describe('a crash in the middle of a payment burst', () => {
  it('after kill -9 and a restart, every charge is exactly one paid order and the ledger balances', async () => {
    const first = startServer();
    await waitUntilHealthy(first);
    const sessions: { token: string; intent: string }[] = [];
    for (const [index, buyer] of buyers.entries()) {
      const login = await call('POST', '/auth/login', undefined, { email: buyer.email, password: FACTORY_PASSWORD });
      const token = login.json.access_token as string;
      await call('POST', '/cart/add', token, { product_id: productId, quantity: 1 });
      if (index % 2 === 0) await call('POST', '/cart/add', token, { product_id: licensedId, quantity: 1 });
      const checkout = await call('POST', '/orders/checkout', token, { billing_country: 'US' });
      sessions.push({ token, intent: checkout.json.payment_intent_id });
    }
    const card = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };
    let answered = 0;
    const burst = sessions.map((s) =>
      call('POST', `/payments/confirm-payment/${s.intent}`, s.token, card).then(
        () => {
          answered += 1;
        },
        () => {},
      ),
    );
    // Kill as soon as the first payments are answered: the rest are somewhere mid-way.
    while (answered < 3) await new Promise((resolve) => setTimeout(resolve, 2));
    first.kill('SIGKILL');
    await exited(first);
    await Promise.all(burst);

    const second = startServer();
    try {
      await waitUntilHealthy(second);
      const deadline = Date.now() + 20_000;
      while ((await books()).in_flight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      const afterRestart = await books();
      expect(afterRestart).toMatchObject({ in_flight: 0, charged_unpaid: 0, paid_uncharged: 0 });
      expect(afterRestart.charged).toBe(afterRestart.paid + afterRestart.refunded);
      expect(afterRestart.ledger).toBe(afterRestart.kept);
      // The seller's sale alerts (issue 25) were committed with the payments: one per paid order, none lost or doubled.
      expect(afterRestart.sale_alerts).toBe(afterRestart.paid);
      expect(afterRestart.seller_notes).toBe(afterRestart.paid);
      // Licence keys were issued with the payments: one per paid line of the licensed product, none elsewhere.
      expect(afterRestart).toMatchObject({ licensed_lines_without_one_key: 0, keys_of_unpaid: 0, keys_of_other_products: 0 });
      expect(await keyCount()).toBe(afterRestart.licensed_paid_lines);

      // Whoever was not charged can pay now; nobody can be charged twice.
      for (const s of sessions) {
        const paid = await call('POST', `/payments/confirm-payment/${s.intent}`, s.token, card);
        expect(paid.status).toBe(200);
      }
      const end = await books();
      expect(end).toMatchObject({
        charged: BUYERS,
        paid: BUYERS,
        refunded: 0,
        charged_unpaid: 0,
        ledger: BUYERS * 2500 + LICENSED_BUYERS * LICENSED_PRICE,
      });
      expect(end).toMatchObject({ sale_alerts: BUYERS, seller_notes: BUYERS });
      expect(end).toMatchObject({
        licensed_paid_lines: LICENSED_BUYERS,
        licensed_lines_without_one_key: 0,
        keys_of_unpaid: 0,
        keys_of_other_products: 0,
      });
      expect(await keyCount()).toBe(LICENSED_BUYERS);
    } finally {
      second.kill('SIGTERM');
      await exited(second);
    }
  }, 120_000);
});
