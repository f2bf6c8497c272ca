// Money-path races and zip streaming (issue: cart, checkout, card payment, orders and downloads).
// Runs the real API server on a fresh embedded database and drives it over loopback HTTP:
//  1. 200 concurrent checkouts of one cart with one Idempotency-Key → how many orders?
//  2. 200 distinct buyers checking out and paying at once → how many paid orders, ledger sums?
//  3. 50 buyers racing for a single-use promo code → how many uses?
//  4. a 1 GiB order zip streamed to a fast and to a slow client → server RSS growth, throughput,
//     against nginx serving one file of the same size in the same run.
//  5. kill -9 of the server in the middle of 200 concurrent card payments, then a restart →
//     charged vs paid vs refunded, charged-but-unpaid before and after, ledger balance.
//  0. statements per paid order (add to cart → checkout → card payment), counted in the server's
//     pg client, then 16 buyers doing full paid orders for a fixed time (each starting at a different
//     product) → orders/s, p50, p99, statements and API CPU per order. `npm run bench:commerce --
//     --paid-orders` runs only this part (`--seconds=N` for the timed run, 20 by default;
//     `--statements` lists each statement's count per order).
// Prints figures; asserts nothing. Bounded in requests and time; loopback only.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, root, rssMiB, startServer, stop, waitFor } from './lib';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-commerce-'));
const serverEnv = { AUTH_RATE_LIMIT_PER_MINUTE: '100000', CATALOG_CACHE_MS: '0' };
const paidOrdersOnly = process.argv.includes('--paid-orders');
const PAID_ORDER_BUYERS = 16;
const PAID_ORDER_SECONDS = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.slice(10) ?? 20);

// Every statement the server sends goes through pg's Client#query (pools and transactions alike):
// a module loaded before the app counts them and answers the running count on a loopback port.
const counterPort = await freePort();
const counterModule = path.join(dataDir, 'count-statements.mjs');
fs.writeFileSync(
  counterModule,
  `import http from 'node:http';
import { createRequire } from 'node:module';
const pg = createRequire(${JSON.stringify(path.join(root, 'apps/api/package.json'))})('pg');
const byText = new Map();
let total = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : config && config.text;
  if (typeof text === 'string') {
    total += 1;
    byText.set(text, (byText.get(text) ?? 0) + 1);
  }
  return query.call(this, config, ...rest);
};
http
  .createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(request.url === '/texts' ? { total, texts: [...byText] } : { total }));
  })
  .listen(${counterPort}, '127.0.0.1')
  .unref();
`,
);
const statementsSoFar = async (): Promise<number> =>
  ((await (await fetch(`http://127.0.0.1:${counterPort}/`)).json()) as { total: number }).total;
const statementTexts = async (): Promise<Map<string, number>> =>
  new Map(((await (await fetch(`http://127.0.0.1:${counterPort}/texts`)).json()) as { texts: [string, number][] }).texts);

let server = await startServer(dataDir, serverEnv, ['--import', counterModule]);
// Whatever happens below (a step that throws included), the server does not outlive the benchmark.
process.on('exit', () => server.child.kill('SIGTERM'));
const connectDb = async () => {
  const client = new pg.Client({
    connectionString: `postgresql://postgres@localhost/marketplace?host=${encodeURIComponent(path.join(dataDir, 'run'))}`,
  });
  await client.connect();
  return client;
};
let db = await connectDb();
let api = `${server.base}/api/v1`;

/** Where every benchmark buyer is billed: a paid checkout needs a country; the US has no seeded rate, so totals stay net. */
const BILLING = { billing_country: 'US' };

async function call(method: string, url: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${api}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

let counter = 0;
async function newBuyer(): Promise<string> {
  counter += 1;
  const response = await call('POST', '/auth/register', undefined, {
    first_name: 'Bench',
    last_name: 'Buyer',
    email: `bench${counter}.${Date.now()}@example.org`,
    password: 'Bench-password-2026',
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${JSON.stringify(response.json)}`);
  return response.json.access_token;
}

const products = (await call('GET', '/products/?limit=3&sort_by=price&sort_order=asc')).json.products as {
  id: string;
  price: number;
}[];
const [cheap, second] = products as [{ id: string; price: number }, { id: string; price: number }];
const card = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' };
const figures: string[] = [];

// 0. Statements per paid order, then 16 buyers doing paid orders for a fixed time.
{
  const catalogue = (await call('GET', '/products/?limit=100&sort_by=price&sort_order=asc')).json.products as { id: string }[];
  /** One full paid order: add a product to the cart, check out, pay by card (test mode). Throws on any other answer. */
  const paidOrder = async (token: string, productId: string, buyAgain: boolean) => {
    const steps: [string, number][] = [];
    let before = await statementsSoFar();
    const step = async (name: string, answer: ReturnType<typeof call>, expected: number) => {
      const { status, json } = await answer;
      if (status !== expected) throw new Error(`${name}: ${status} ${JSON.stringify(json)}`);
      const now = await statementsSoFar();
      steps.push([name, now - before]);
      before = now;
      return json;
    };
    await step('add to cart', call('POST', '/cart/add', token, { product_id: productId, quantity: 1, buy_again: buyAgain }), 200);
    const checkout = await step('checkout', call('POST', '/orders/checkout', token, BILLING), 201);
    const paid = await step('pay', call('POST', `/payments/confirm-payment/${checkout.payment_intent_id}`, token, card), 200);
    if (paid.payment_status !== 'paid') throw new Error(`pay: ${JSON.stringify(paid)}`);
    return steps;
  };

  // One buyer, one order at a time: every statement in the window is that order's (the median of 20 drops a stray timer).
  const token = await newBuyer();
  const counted: [string, number][][] = [];
  const textsBefore = await statementTexts();
  for (let i = 0; i < 20; i += 1)
    counted.push(await paidOrder(token, (catalogue[i % catalogue.length] as { id: string }).id, false));
  const textsAfter = await statementTexts();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const perStep = (counted[0] ?? []).map(
    ([name], index) => [name, median(counted.map((steps) => steps[index]?.[1] ?? 0))] as const,
  );
  const perOrder = median(counted.map((steps) => steps.reduce((sum, [, n]) => sum + n, 0)));
  figures.push(
    `0. statements per paid order (one buyer, median of 20): ${perOrder} (${perStep.map(([name, n]) => `${name} ${n}`).join(', ')})`,
  );
  if (process.argv.includes('--statements')) {
    const rows = [...textsAfter].map(([text, n]) => [text, (n - (textsBefore.get(text) ?? 0)) / 20] as const);
    for (const [text, n] of rows.filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]))
      console.log(`${n.toFixed(2).padStart(6)}  ${text.replace(/\s+/g, ' ').slice(0, 220)}`);
  }

  // 16 buyers, each doing paid orders one after another until the time is up.
  const tokens = await Promise.all(Array.from({ length: PAID_ORDER_BUYERS }, () => newBuyer()));
  const latencies: number[] = [];
  let failures = 0;
  const cpuMs = () => {
    const fields = fs.readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  };
  const statementsBefore = await statementsSoFar();
  const cpuBefore = cpuMs();
  const started = Date.now();
  const endAt = started + PAID_ORDER_SECONDS * 1000;
  await Promise.all(
    tokens.map(async (buyer, b) => {
      for (let i = 0; Date.now() < endAt; i += 1) {
        const orderStarted = process.hrtime.bigint();
        // Each buyer starts at a different product, so the buyers do not all queue on one product's row at once.
        const product = catalogue[(b * 7 + i) % catalogue.length] as { id: string };
        try {
          await paidOrder(buyer, product.id, i >= catalogue.length);
          latencies.push(Number(process.hrtime.bigint() - orderStarted) / 1e6);
        } catch (error) {
          failures += 1;
          if (failures <= 3) console.error(String(error));
        }
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const statements = (await statementsSoFar()) - statementsBefore;
  const cpu = cpuMs() - cpuBefore;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
  figures.push(
    `0. ${PAID_ORDER_BUYERS} buyers doing paid orders for ${seconds.toFixed(1)} s: ${latencies.length} paid orders, ${(latencies.length / seconds).toFixed(1)} orders/s, p50 ${percentile(50).toFixed(0)} ms, p99 ${percentile(99).toFixed(0)} ms per order (add + checkout + pay), ${(statements / Math.max(1, latencies.length)).toFixed(1)} statements and ${(cpu / Math.max(1, latencies.length)).toFixed(1)} ms of API CPU per order, ${failures} failed`,
  );
}

if (paidOrdersOnly) {
  console.log(`\n${figures.join('\n')}`);
  await db.end();
  await stop(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

// 1. One cart, one key, 200 concurrent checkouts.
{
  const token = await newBuyer();
  await call('POST', '/cart/add', token, { product_id: cheap.id, quantity: 1 });
  const started = Date.now();
  const results = await Promise.all(
    Array.from({ length: 200 }, () => call('POST', '/orders/checkout', token, BILLING, { 'idempotency-key': 'same-key-1' })),
  );
  const ids = new Set(results.filter((r) => r.status === 201).map((r) => r.json.order_id));
  const rows = await db.query("select count(*)::int as n from orders where idempotency_key = 'same-key-1'");
  figures.push(
    `1. same cart + same Idempotency-Key, 200 concurrent checkouts: ${results.filter((r) => r.status === 201).length} answered 201, ${ids.size} distinct order id(s), ${rows.rows[0].n} order row(s) in the database (${Date.now() - started} ms)`,
  );
}

// 2. 200 distinct buyers check out and pay at once.
{
  const tokens = await Promise.all(Array.from({ length: 200 }, () => newBuyer()));
  await Promise.all(tokens.map((token) => call('POST', '/cart/add', token, { product_id: second.id, quantity: 1 })));
  const started = Date.now();
  const outcomes = await Promise.all(
    tokens.map(async (token) => {
      const checkout = await call('POST', '/orders/checkout', token, BILLING);
      if (checkout.status !== 201) return 'checkout failed';
      const paid = await call('POST', `/payments/confirm-payment/${checkout.json.payment_intent_id}`, token, card);
      return paid.status === 200 ? 'paid' : `pay failed ${paid.status}`;
    }),
  );
  const elapsed = Date.now() - started;
  const paidOrders = await db.query(
    "select count(*)::int as n from orders o join order_items i on i.order_id = o.id where i.product_id = $1 and o.payment_status = 'paid' and o.order_number not like 'DEMO-%'",
    [second.id],
  );
  const ledger = await db.query(
    "select count(*)::int as orders, sum(o.total_cents)::bigint as total, (select sum(amount_cents) from ledger_entries l where l.order_id in (select order_id from order_items where product_id = $1))::bigint as ledger from orders o join order_items i on i.order_id = o.id where i.product_id = $1 and o.payment_status = 'paid'",
    [second.id],
  );
  figures.push(
    `2. 200 distinct buyers checking out and paying at once: ${outcomes.filter((o) => o === 'paid').length} paid answers, ${paidOrders.rows[0].n} paid orders in the database, ledger ${ledger.rows[0].ledger} cents = order totals ${ledger.rows[0].total} cents (${elapsed} ms, ${(200 / (elapsed / 1000)).toFixed(0)} paid checkouts/s)`,
  );
}

// 3. 50 buyers race for a single-use promo code.
{
  await db.query(
    "insert into promo_codes (code, kind, value, usage_limit, description) values ('RACE1', 'percent', 50, 1, 'bench')",
  );
  const tokens = await Promise.all(Array.from({ length: 50 }, () => newBuyer()));
  for (const token of tokens) {
    await call('POST', '/cart/add', token, { product_id: cheap.id, quantity: 1 });
    await call('POST', '/cart/promo', token, { code: 'RACE1' });
  }
  const results = await Promise.all(tokens.map((token) => call('POST', '/orders/checkout', token, BILLING)));
  const uses = await db.query(
    "select used_count, (select count(*)::int from promo_redemptions r where r.promo_code_id = p.id) as redemptions from promo_codes p where code = 'RACE1'",
  );
  figures.push(
    `3. 50 buyers racing for a single-use code: ${results.filter((r) => r.status === 201).length} checkout(s) with the code, ${results.filter((r) => r.status === 409).length} told it is no longer available; used_count ${uses.rows[0].used_count}, redemptions ${uses.rows[0].redemptions}`,
  );
}

// 4. A 1 GiB order zip, fast and slow client, against nginx serving the same bytes.
{
  const sizeBytes = 1024 * 1024 * 1024;
  const [seller] = (await db.query("select id, first_name || ' ' || last_name as name from users where role = 'seller' limit 1"))
    .rows;
  const product = (
    await db.query(
      "insert into products (seller_id, seller_name, title, price_cents, category, status) values ($1, $2, 'One Gigabyte Dataset', 9900, 'datasets', 'approved') returning id",
      [seller.id, seller.name],
    )
  ).rows[0];
  const key = `product-files/${product.id}/big.bin`;
  const filePath = path.join(dataDir, 'files', key);
  fs.mkdirSync(path.dirname(filePath), { recursive: true });
  spawnSync('dd', ['if=/dev/urandom', `of=${filePath}`, 'bs=1M', `count=${sizeBytes / 1024 / 1024}`, 'status=none']);
  await db.query("insert into product_files (product_id, file_name, storage_key, size_bytes) values ($1, 'big.bin', $2, $3)", [
    product.id,
    key,
    sizeBytes,
  ]);
  const token = await newBuyer();
  await call('POST', '/cart/add', token, { product_id: product.id, quantity: 1 });
  const checkout = await call('POST', '/orders/checkout', token, BILLING);
  await call('POST', `/payments/confirm-payment/${checkout.json.payment_intent_id}`, token, card);
  const zipUrl = `${api}/orders/${checkout.json.order_id}/download-zip`;

  const download = (url: string, extra: string[] = [], headers: string[] = []) => {
    const baseline = rssMiB(server.child.pid as number);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(server.child.pid as number));
    }, 50);
    return new Promise<{ seconds: number; bytes: number; growth: number }>((resolve) => {
      const started = process.hrtime.bigint();
      const curl = spawn('curl', [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{size_download}',
        ...headers.flatMap((h) => ['-H', h]),
        ...extra,
        url,
      ]);
      let out = '';
      curl.stdout.on('data', (c) => (out += c));
      curl.on('exit', () => {
        clearInterval(sampler);
        resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, bytes: Number(out), growth: peak - baseline });
      });
    });
  };
  const fast = await download(zipUrl, [], [`Authorization: Bearer ${token}`]);
  const slow = await download(zipUrl, ['--limit-rate', '100M'], [`Authorization: Bearer ${token}`]);

  const nginxPort = await freePort();
  const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-nginx-'));
  fs.writeFileSync(
    path.join(nginxDir, 'nginx.conf'),
    `daemon off; worker_processes 1; pid ${nginxDir}/nginx.pid; error_log ${nginxDir}/error.log;
events { worker_connections 64; }
http { access_log off; sendfile on; server { listen 127.0.0.1:${nginxPort}; root ${path.dirname(filePath)}; } }`,
  );
  const hasNginx = spawnSync('nginx', ['-v']).error === undefined;
  let reference = { seconds: 1, bytes: 0, growth: 0 };
  if (hasNginx) {
    const nginx = spawn('nginx', ['-c', path.join(nginxDir, 'nginx.conf'), '-p', nginxDir], { stdio: 'ignore' });
    await waitFor(`http://127.0.0.1:${nginxPort}/big.bin`, nginx).catch(() => {});
    reference = await download(`http://127.0.0.1:${nginxPort}/big.bin`);
    await stop(nginx);
  }

  const mbps = (r: { seconds: number; bytes: number }) => r.bytes / 1024 / 1024 / r.seconds;
  figures.push(
    `4. 1 GiB order zip: fast client ${mbps(fast).toFixed(0)} MiB/s (${fast.bytes} bytes), server RSS growth ${fast.growth.toFixed(1)} MiB`,
  );
  figures.push(`   slow client (100 MiB/s cap): ${mbps(slow).toFixed(0)} MiB/s, server RSS growth ${slow.growth.toFixed(1)} MiB`);
  figures.push(
    hasNginx
      ? `   nginx, same file: ${mbps(reference).toFixed(0)} MiB/s → the zip stream reaches ${((mbps(fast) / mbps(reference)) * 100).toFixed(0)}% of nginx`
      : '   nginx is not installed (apt-get install nginx): no reference figure',
  );
  fs.rmSync(nginxDir, { recursive: true, force: true });
}

// 5. kill -9 in the middle of a payment burst, then a restart (twice).
for (const round of [1, 2]) {
  const tokens = await Promise.all(Array.from({ length: 200 }, () => newBuyer()));
  const intents: string[] = [];
  for (const token of tokens) {
    await call('POST', '/cart/add', token, { product_id: cheap.id, quantity: 1 });
    intents.push((await call('POST', '/orders/checkout', token, BILLING)).json.payment_intent_id);
  }
  let answered = 0;
  const burst = tokens.map((token, i) =>
    call('POST', `/payments/confirm-payment/${intents[i]}`, token, card).then(
      () => {
        answered += 1;
      },
      () => {},
    ),
  );
  // Kill once the card processor has charged the first few of this burst: many more are mid-way.
  const chargedSoFar = async () =>
    (await db.query("select count(*)::int as n from test_payment_intents where id = any($1) and status = 'succeeded'", [intents]))
      .rows[0].n as number;
  while ((await chargedSoFar()) < 10) await new Promise((resolve) => setTimeout(resolve, 1));
  server.child.kill('SIGKILL');
  await new Promise((resolve) => server.child.once('exit', resolve));
  await Promise.all(burst);
  // The books of this burst's 200 orders, and the whole ledger against the money kept.
  const books = async () =>
    (
      await db.query(
        `select
          count(*) filter (where i.status = 'succeeded')::int as charged,
          count(*) filter (where o.payment_status = 'paid')::int as paid,
          count(r.id)::int as refunded,
          count(*) filter (where o.payment_status = 'processing')::int as in_flight,
          count(*) filter (where i.status = 'succeeded' and o.payment_status <> 'paid' and r.id is null)::int as charged_unpaid,
          (select coalesce(sum(amount_cents), 0)::bigint from ledger_entries) as ledger,
          (select coalesce(sum(total_cents), 0)::bigint from orders where payment_status = 'paid') as kept
        from test_payment_intents i
        join orders o on o.id = i.order_id
        left join payment_refunds r on r.payment_intent_id = i.id
        where i.id = any($1)`,
        [intents],
      )
    ).rows[0];
  // The embedded PostgreSQL outlives the app: read the books as the crash left them.
  const before = await books();
  await db.end().catch(() => {});
  const restartedAt = Date.now();
  // One instance restarting: charges "in progress" are stale at once (the default, 60 s, is for several instances).
  server = await startServer(dataDir, { ...serverEnv, PAYMENT_STALE_SECONDS: '0' });
  api = `${server.base}/api/v1`;
  db = await connectDb();
  let after = await books();
  while (Number(after.charged_unpaid) + Number(after.in_flight) > 0 && Date.now() - restartedAt < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = await books();
  }
  figures.push(
    `5.${round} kill -9 once 10 of 200 concurrent payments were charged (${answered} answered). At the crash: ${before.charged} charged, ${before.paid} paid, ${before.in_flight} mid-payment, ${before.charged_unpaid} charged-but-unpaid. ${Date.now() - restartedAt} ms after the restart began: ${after.charged} charged = ${after.paid} paid + ${after.refunded} refunded, ${after.charged_unpaid} charged-but-unpaid, ${after.in_flight} mid-payment; whole ledger ${after.ledger} ¢ = money kept ${after.kept} ¢`,
  );
}

console.log(`\n${figures.join('\n')}`);
await db.end();
await stop(server.child);
fs.rmSync(dataDir, { recursive: true, force: true });
