import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, signIn, type TestApp } from '../../../test/helpers';
import { seedBulkCatalogue } from './bulk';
import { seedDemo } from './demo';
import { DEMO_WEIGHT_FORMATS, demoWeights } from './weights';

/**
 * The demo shop as `npm start` seeds it: every figure a page shows agrees with the orders behind
 * it, nothing is dated in the future, and what the README tells a visitor to try works.
 */

let t: TestApp;
let sellerToken: string;
let adminToken: string;
let startedAt: number;

const DAY = 86_400_000;
const CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };

beforeAll(async () => {
  t = await createTestApp({ CHATBOT_RATE_LIMIT_PER_MINUTE: '100' });
  startedAt = Date.now();
  await seedDemo(t.db, t.deps.storage);
  sellerToken = await signIn(t.app, 'seller@example.com', 'Seller-demo-2026');
  adminToken = await signIn(t.app, 'admin@example.com', 'Admin-demo-2026');
}, 120_000);
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.db.execute(query)).rows as T[];
}

interface SellerRow {
  id: string;
  title: string;
  status: string;
  sales_count: number;
}

async function sellerDashboard() {
  const list = await api('GET', '/seller/products?limit=100', sellerToken);
  expect(list.statusCode, list.body).toBe(200);
  const stats = await api('GET', '/seller/dashboard/stats', sellerToken);
  expect(stats.statusCode, stats.body).toBe(200);
  const chart = await api('GET', '/seller/dashboard/sales?days=90', sellerToken);
  expect(chart.statusCode, chart.body).toBe(200);
  const products = list.json().products as SellerRow[];
  expect(products.length).toBe(list.json().total);
  return {
    products,
    rowsSum: products.reduce((sum, p) => sum + p.sales_count, 0),
    total: stats.json().total_sales as number,
    chartSum: (chart.json().series as { sales: number }[]).reduce((sum, d) => sum + d.sales, 0),
  };
}

describe('demo sales figures', () => {
  it('shows for every product exactly its paid order items, and some products sold and some did not', async () => {
    const figures = await rows<{ title: string; shown: number; paid: number; reviews: number }>(sql`
      select p.title, p.sales_count as shown, p.review_count as reviews,
        coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
          where i.product_id = p.id and o.payment_status = 'paid'), 0)::int as paid
      from products p`);
    expect(figures.length).toBeGreaterThan(100);
    for (const product of figures)
      expect({ title: product.title, sales: product.shown }).toEqual({ title: product.title, sales: product.paid });
    // A product with no reviews never claims hundreds of sales: every sale is an order a demo buyer paid.
    const [buyers] = await rows<{ n: number }>(sql`select count(distinct user_id)::int as n from orders`);
    for (const product of figures) expect(product.shown).toBeLessThanOrEqual(buyers?.n ?? 0);
    expect(figures.filter((p) => p.shown > 0).length).toBeGreaterThan(40);
    expect(figures.some((p) => p.shown === 0)).toBe(true);
  });

  it('dates every order, payment, review and ledger entry in the past, spread over the last 90 days', async () => {
    const [dates] = await rows<{
      latest: Date;
      earliest_paid: Date;
      days: number;
      paid_before_created: number;
      ledger_off: number;
      sold_before_listed: number;
    }>(sql`
      select greatest(
          (select max(greatest(created_at, coalesce(paid_at, created_at), updated_at)) from orders),
          (select max(created_at) from reviews),
          (select max(created_at) from ledger_entries),
          (select max(created_at) from products),
          (select max(created_at) from users),
          (select max(created_at) from refund_requests)) as latest,
        (select min(paid_at) from orders) as earliest_paid,
        (select count(distinct (paid_at at time zone 'UTC')::date)::int from orders where paid_at is not null) as days,
        (select count(*)::int from orders where paid_at < created_at) as paid_before_created,
        (select count(*)::int from ledger_entries l join orders o on o.id = l.order_id
          where l.reason = 'sale' and l.created_at <> o.paid_at) as ledger_off,
        (select count(*)::int from order_items i join orders o on o.id = i.order_id join products p on p.id = i.product_id
          where o.paid_at < p.created_at) as sold_before_listed`);
    expect(new Date(dates?.latest as Date).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(dates?.earliest_paid as Date).getTime()).toBeGreaterThan(startedAt - 90 * DAY);
    expect(dates?.days).toBeGreaterThan(30);
    expect(dates?.paid_before_created).toBe(0);
    expect(dates?.ledger_off).toBe(0);
    expect(dates?.sold_before_listed).toBe(0);
    // Buyers signed up before they bought.
    const [early] = await rows<{ n: number }>(sql`
      select count(*)::int as n from orders o join users u on u.id = o.user_id where u.created_at > o.created_at`);
    expect(early?.n).toBe(0);
  });

  it('has reviews only from buyers who paid for the product, written after paying, matching the shown ratings', async () => {
    const [check] = await rows<{ reviews: number; unpaid: number; count_off: number; rating_off: number }>(sql`
      select (select count(*)::int from reviews) as reviews,
        (select count(*)::int from reviews r where not exists (
          select 1 from orders o join order_items i on i.order_id = o.id
          where o.user_id = r.user_id and i.product_id = r.product_id and o.payment_status = 'paid' and o.paid_at <= r.created_at)) as unpaid,
        (select count(*)::int from products p where p.review_count <> (select count(*) from reviews r where r.product_id = p.id)) as count_off,
        (select count(*)::int from products p where p.rating_average <> coalesce(
          (select round(avg(rating)::numeric, 2) from reviews r where r.product_id = p.id), 0)) as rating_off`);
    expect(check?.reviews).toBeGreaterThan(20);
    expect(check?.unpaid).toBe(0);
    expect(check?.count_off).toBe(0);
    expect(check?.rating_off).toBe(0);
  });

  it('gives the admin charts the same orders as the dashboard totals', async () => {
    const totals = (await api('GET', '/admin/dashboard/stats', adminToken)).json();
    const stats = (await api('GET', '/admin/stats?days=90', adminToken)).json();
    const series = stats.series as { revenue: number; orders: number }[];
    expect(series.filter((d) => d.orders > 0).length).toBeGreaterThan(30);
    expect(series.reduce((sum, d) => sum + d.orders, 0)).toBe(totals.paid_orders);
    expect(Math.round(series.reduce((sum, d) => sum + d.revenue, 0) * 100)).toBe(Math.round(totals.total_revenue * 100));
    for (const top of stats.top_products as { product_id: string; units: number }[]) {
      const product = (await api('GET', `/products/${top.product_id}`)).json();
      expect(product.sales_count).toBe(top.units);
    }
  });
});

describe('demo product files', () => {
  it('are scanned like uploads: every file has a verdict and every public product shows when it was scanned', async () => {
    const files = await rows<{ verdict: string | null }>(sql`select scan_verdict as verdict from product_files`);
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => file.verdict !== 'clean')).toEqual([]);
    const page = (await api('GET', '/products/?limit=100')).json() as { products: { scanned_at: string | null }[] };
    expect(page.products.length).toBeGreaterThan(50);
    expect(page.products.filter((product) => !product.scanned_at)).toEqual([]);
  });

  it('preview each public dataset’s CSV: schema, statistics and the first 10 rows', async () => {
    const page = (await api('GET', '/products/?category=datasets&limit=100')).json() as { products: { id: string }[] };
    expect(page.products.length).toBeGreaterThan(0);
    for (const product of page.products) {
      const { previews } = (await api('GET', `/products/${product.id}/dataset-previews`)).json();
      expect(previews).toHaveLength(1);
      expect(previews[0]).toMatchObject({ file_name: 'sample.csv', format: 'csv', row_count: 60 });
      expect(previews[0].columns.map((column: { name: string; type: string }) => `${column.name}:${column.type}`)).toEqual([
        'id:integer',
        'text:string',
        'label:string',
        'rating:integer',
        'language:string',
        'collected_on:date',
        'confidence:number',
      ]);
      expect(previews[0].sample).toHaveLength(10);
    }
  });

  it('give each dataset a card true to the file it ships: rows, columns, format and size as the preview reads them', async () => {
    const page = (await api('GET', '/products/?category=datasets&limit=100')).json() as { products: { id: string }[] };
    for (const product of page.products) {
      const { card, title } = (await api('GET', `/products/${product.id}`)).json();
      const { previews } = (await api('GET', `/products/${product.id}/dataset-previews`)).json();
      const { files } = (await api('GET', `/products/${product.id}/files`)).json();
      const csv = files.find((file: { file_name: string }) => file.file_name === 'sample.csv');
      expect(card.dataset, title).toMatchObject({
        rows: previews[0].row_count,
        columns: previews[0].columns.length,
        file_formats: ['csv'],
        contains_personal_data: false,
      });
      // The size the card shows (in MB) is the file's, to the byte rounded at 100 bytes.
      expect(Math.abs(card.dataset.size_mb * 1_000_000 - csv.size_bytes), title).toBeLessThanOrEqual(50);
    }
  });
});

/** Weights files of every format a model card may name (safetensors, GGUF, ONNX, checkpoints, pickles, SavedModel, Keras). */
const WEIGHTS_FILE = /[.](safetensors|gguf|onnx|pt|pth|ckpt|pkl|pickle|joblib|bin|pb|h5|keras)$/i;

/** The file a key names in the demo's storage, whole. */
async function stored(key: string): Promise<Buffer> {
  const stream = await t.deps.storage.get(key);
  if (!stream) throw new Error(`${key} is not stored`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * How many numbers a weights file holds, read the way its format's own loaders read it, or null when
 * the bytes are not that format. Written apart from the safety scan, so neither can excuse the other.
 */
function parametersIn(format: string, bytes: Buffer): number | null {
  const product = (dims: number[]) => dims.reduce((a, b) => a * b, 1);
  try {
    if (format === 'safetensors') {
      const length = Number(bytes.readBigUInt64LE(0));
      const header = JSON.parse(bytes.subarray(8, 8 + length).toString('utf8')) as Record<
        string,
        { shape: number[]; dtype: string; data_offsets: [number, number] }
      >;
      let count = 0;
      let end = 0;
      for (const [name, tensor] of Object.entries(header)) {
        if (name === '__metadata__') continue;
        if (tensor.dtype !== 'F32' || tensor.data_offsets[1] - tensor.data_offsets[0] !== product(tensor.shape) * 4) return null;
        count += product(tensor.shape);
        end = Math.max(end, tensor.data_offsets[1]);
      }
      return 8 + length + end === bytes.length ? count : null;
    }
    if (format === 'gguf') {
      if (bytes.subarray(0, 4).toString('latin1') !== 'GGUF' || bytes.readUInt32LE(4) !== 3) return null;
      let at = 8;
      const u32 = () => {
        at += 4;
        return bytes.readUInt32LE(at - 4);
      };
      const u64 = () => {
        at += 8;
        return Number(bytes.readBigUInt64LE(at - 8));
      };
      const text = () => {
        const length = u64();
        at += length;
        return bytes.subarray(at - length, at).toString('utf8');
      };
      const tensors = u64();
      const keys = u64();
      for (let k = 0; k < keys; k += 1) {
        text();
        const type = u32();
        if (type === 8) text();
        else if (type === 4) u32();
        else return null; // the demo writes strings and one uint32 only
      }
      let count = 0;
      let dataBytes = 0;
      for (let i = 0; i < tensors; i += 1) {
        text();
        const dims = Array.from({ length: u32() }, u64);
        if (u32() !== 0) return null; // F32
        u64();
        count += product(dims);
        dataBytes += product(dims) * 4;
      }
      const dataStart = Math.ceil(at / 32) * 32;
      return dataStart + dataBytes === bytes.length ? count : null;
    }
    if (format === 'onnx') {
      // Protocol buffers: every field of a ModelProto, its GraphProto and their TensorProto initializers.
      const fields = (buffer: Buffer) => {
        const out: { field: number; value: number | Buffer }[] = [];
        let at = 0;
        const varint = () => {
          let value = 0;
          let scale = 1;
          for (;;) {
            const byte = buffer[at++] as number;
            value += (byte & 0x7f) * scale;
            scale *= 128;
            if (byte < 0x80) return value;
          }
        };
        while (at < buffer.length) {
          const tag = varint();
          if ((tag & 7) === 0) out.push({ field: tag >> 3, value: varint() });
          else if ((tag & 7) === 2) {
            const length = varint();
            out.push({ field: tag >> 3, value: buffer.subarray(at, at + length) });
            at += length;
          } else return null;
        }
        return at === buffer.length ? out : null;
      };
      const model = fields(bytes);
      const graph = model?.find((f) => f.field === 7)?.value;
      if (!model?.some((f) => f.field === 1) || !model.some((f) => f.field === 8) || !Buffer.isBuffer(graph)) return null;
      let count = 0;
      for (const initializer of fields(graph)?.filter((f) => f.field === 5) ?? []) {
        const tensor = fields(initializer.value as Buffer) ?? [];
        const dims = tensor.filter((f) => f.field === 1).map((f) => f.value as number);
        const raw = tensor.find((f) => f.field === 9)?.value as Buffer | undefined;
        if (tensor.find((f) => f.field === 2)?.value !== 1 || raw?.length !== product(dims) * 4) return null;
        count += product(dims);
      }
      return count > 0 ? count : null;
    }
  } catch {
    return null;
  }
  return null;
}

describe('demo models', () => {
  it('ship a real weights file in the format their card names, holding the parameters the card counts', async () => {
    const models = await rows<{
      id: string;
      title: string;
      status: string;
      card: { model: { model_format: string; parameters: number | null } };
    }>(sql`select id, title, status, card from products where card ? 'model'`);
    // Approved, pending and rejected models alike.
    expect(models.length).toBeGreaterThan(10);
    expect(new Set(models.map((model) => model.card.model.model_format)).size).toBeGreaterThanOrEqual(3);
    for (const model of models) {
      const { model_format: format, parameters } = model.card.model;
      const files = await rows<{ file_name: string; storage_key: string; verdict: string }>(
        sql`select file_name, storage_key, scan_verdict as verdict from product_files where product_id = ${model.id}`,
      );
      // Exactly one weights file, and in the card's format: no other format's file, none missing.
      const weights = files.filter((file) => WEIGHTS_FILE.test(file.file_name));
      expect(
        weights.map((file) => file.file_name),
        model.title,
      ).toEqual([`model.${format}`]);
      const file = weights[0] as (typeof weights)[number];
      const bytes = await stored(file.storage_key);
      expect(parametersIn(format, bytes), `${model.title}: model.${format}`).toBe(parameters);
      expect(file.verdict, model.title).toBe('clean');
      // The settings file and the model card say the same.
      const config = JSON.parse(
        (await stored(`product-files/${model.id}/config.json`).catch(() => Buffer.from('{}'))).toString(),
      );
      if (config.model_format) expect([config.model_format, config.parameters], model.title).toEqual([format, parameters]);
    }
    // A visitor sees the same: the card's format, and the file in the list of what they get.
    const page = (await api('GET', '/products/?category=models&limit=100')).json() as { products: { id: string }[] };
    const shown = (await api('GET', `/products/${page.products[0]?.id}`)).json();
    const { files } = (await api('GET', `/products/${shown.id}/files`)).json();
    expect(files.map((f: { file_name: string }) => f.file_name)).toContain(`model.${shown.card.model.model_format}`);
  });

  it('would be caught claiming a format its file is not: each reader refuses the other formats', () => {
    // The readers above are what the test trusts; a file of one format is never read as another.
    for (const format of DEMO_WEIGHT_FORMATS) {
      const { bytes, parameters } = demoWeights(format, 'Probe');
      for (const other of DEMO_WEIGHT_FORMATS)
        expect(parametersIn(other, bytes), `${format} read as ${other}`).toBe(other === format ? parameters : null);
      // Cut short, it is no longer the format it claims.
      expect(parametersIn(format, bytes.subarray(0, bytes.length - 4)), format).toBeNull();
    }
  });
});

describe('demo seller pages', () => {
  it('show each seller’s bio, links and figures that agree with their public products', async () => {
    const page = (await api('GET', '/products/?limit=100')).json() as { products: { seller_id: string }[] };
    const sellerIds = [...new Set(page.products.map((product) => product.seller_id))];
    expect(sellerIds.length).toBeGreaterThan(1);
    for (const id of sellerIds) {
      const seller = (await api('GET', `/sellers/${id}`)).json();
      expect(seller.bio.length, seller.name).toBeGreaterThan(20);
      const listed = (await api('GET', `/products/?seller_id=${id}&limit=1`)).json() as { total: number };
      expect(seller.product_count, seller.name).toBe(listed.total);
      expect(seller.sales_count, seller.name).toBeGreaterThan(0);
    }
  });
});

describe('the demo seller dashboard', () => {
  it('lists per-product sales that add up to the total sales and the sales chart', async () => {
    const seen = await sellerDashboard();
    expect(seen.total).toBeGreaterThan(0);
    expect(seen.rowsSum).toBe(seen.total);
    expect(seen.chartSum).toBe(seen.total);
  });

  it('counts a new paid order on the row, the total and the product page, and takes it back on refund', async () => {
    const before = await sellerDashboard();
    const product = before.products.find((p) => p.status === 'approved') as SellerRow;
    const buyer = await registerUser(t.app);
    expect((await api('POST', '/cart/add', buyer.accessToken, { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
    const order = (await api('POST', '/orders/checkout', buyer.accessToken, { billing_country: 'US' })).json();
    const paid = await api('POST', `/payments/confirm-payment/${order.payment_intent_id}`, buyer.accessToken, CARD);
    expect(paid.statusCode, paid.body).toBe(200);

    const after = await sellerDashboard();
    expect(after.products.find((p) => p.id === product.id)?.sales_count).toBe(product.sales_count + 1);
    expect(after.total).toBe(before.total + 1);
    expect(after.rowsSum).toBe(after.total);
    expect(after.chartSum).toBe(after.total);
    expect((await api('GET', `/products/${product.id}`)).json().sales_count).toBe(product.sales_count + 1);

    const asked = await api('POST', `/orders/${order.order_id}/request-refund`, buyer.accessToken, {
      reason: 'It does not do what I need at all',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const decided = await api('PUT', `/admin/orders/${order.order_id}/refund`, adminToken, { decision: 'approve' });
    expect(decided.statusCode, decided.body).toBe(200);

    const refunded = await sellerDashboard();
    expect(refunded.products.find((p) => p.id === product.id)?.sales_count).toBe(product.sales_count);
    expect(refunded.total).toBe(before.total);
    expect(refunded.rowsSum).toBe(refunded.total);
    expect((await api('GET', `/products/${product.id}`)).json().sales_count).toBe(product.sales_count);
  });
});

describe('the README on the demo shop', () => {
  interface Reply {
    messages: { key: string; products?: { title: string; price: number; id: string }[] }[];
  }
  const chat = async (message: string) => {
    const response = await api('POST', '/chatbot/message', undefined, { session_id: null, message, context: {} });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Reply;
  };

  it.each(['cheapest dataset under $50', 'el dataset más barato por menos de 50 $'])(
    'answers the assistant example "%s" with datasets under 50 dollars',
    async (message) => {
      const reply = await chat(message);
      const products = reply.messages.flatMap((m) => m.products ?? []);
      expect(products.length).toBeGreaterThan(0);
      for (const product of products) {
        expect(product.price).toBeLessThan(50);
        expect((await api('GET', `/products/${product.id}`)).json().category_slug).toBe('datasets');
      }
    },
  );

  it('finds chatbots for the typo "chatbto"', async () => {
    const found = (await api('GET', '/products?search=chatbto')).json();
    expect(found.total).toBeGreaterThan(0);
  });

  it('signs in every demo account, and the demo promo codes apply', async () => {
    for (const [email, password] of [
      ['buyer@example.com', 'Buyer-demo-2026'],
      ['seller@example.com', 'Seller-demo-2026'],
      ['admin@example.com', 'Admin-demo-2026'],
      ['simpleadmin@example.com', 'Simple-admin-demo-2026'],
    ] as const) {
      await signIn(t.app, email, password);
    }
    const product = (await api('GET', '/products?limit=1&sort_by=price&sort_order=desc')).json().products[0];
    const newcomer = await registerUser(t.app);
    await api('POST', '/cart/add', newcomer.accessToken, { product_id: product.id, quantity: 1 });
    for (const code of ['SAVE10', 'WELCOME', 'STUDENT']) {
      const applied = await api('POST', '/cart/promo', newcomer.accessToken, { code });
      expect(applied.statusCode, `${code}: ${applied.body}`).toBe(200);
    }
  });
});

describe('the demo buyer of the README', () => {
  it('owns recent unreviewed orders it can download and ask a refund for; SAVE10 applies, WELCOME is for first orders', async () => {
    const token = await signIn(t.app, 'buyer@example.com', 'Buyer-demo-2026');
    const listed = await api('GET', '/orders?limit=50', token);
    expect(listed.statusCode, listed.body).toBe(200);
    const orders = listed.json().orders as { id: string; created_at: string; payment_status: string }[];
    expect(orders.length).toBeGreaterThanOrEqual(7);
    const recent = orders.filter((o) => Date.parse(o.created_at) > Date.now() - 25 * DAY);
    expect(recent.length).toBeGreaterThan(0);
    const asked = await api('POST', `/orders/${recent[0]?.id}/request-refund`, token, {
      reason: 'Trying the refund flow from the README',
    });
    expect(asked.statusCode, asked.body).toBe(201);

    const product = (await api('GET', '/products?limit=1&sort_by=price&sort_order=desc')).json().products[0];
    await api('POST', '/cart/add', token, { product_id: product.id, quantity: 1 });
    expect((await api('POST', '/cart/promo', token, { code: 'SAVE10' })).statusCode).toBe(200);
    const welcome = await api('POST', '/cart/promo', token, { code: 'WELCOME' });
    expect(welcome.statusCode).toBe(422);
    expect(welcome.json().detail).toBe('WELCOME is for your first order only');
  });
});

describe('the demo forum', () => {
  it('has past threads by demo members with replies, some about approved demo products', async () => {
    const listed = await api('GET', '/community/threads?limit=50');
    expect(listed.statusCode, listed.body).toBe(200);
    const threads = listed.json().threads as { id: string; reply_count: number; product: { id: string } | null }[];
    expect(threads.length).toBeGreaterThanOrEqual(5);
    expect(threads.every((thread) => thread.reply_count > 0)).toBe(true);
    const linked = threads.filter((thread) => thread.product);
    expect(linked.length).toBeGreaterThanOrEqual(2);
    for (const thread of linked) {
      const product = await api('GET', `/products/${thread.product?.id}`);
      expect(product.statusCode).toBe(200);
      expect(product.json().status).toBe('approved');
    }
    const detail = (await api('GET', `/community/threads/${threads[0]?.id}`)).json();
    expect(detail.replies.length).toBeGreaterThan(0);

    const [posts] = await rows<{ latest: Date; strangers: number; before_thread: number; categories: number }>(sql`
      select greatest((select max(created_at) from forum_threads), (select max(created_at) from forum_replies),
          (select max(last_activity_at) from forum_threads)) as latest,
        (select count(*)::int from (select author_id from forum_threads union all select author_id from forum_replies) a
          join users u on u.id = a.author_id where u.email not like '%@example.com') as strangers,
        (select count(*)::int from forum_replies r join forum_threads th on th.id = r.thread_id where r.created_at <= th.created_at) as before_thread,
        (select count(distinct category_id)::int from forum_threads) as categories`);
    expect(new Date(posts?.latest as Date).getTime()).toBeLessThanOrEqual(Date.now());
    expect(posts?.strangers).toBe(0);
    expect(posts?.before_thread).toBe(0);
    expect(posts?.categories).toBeGreaterThanOrEqual(3);
  });
});

describe('after the bulk benchmark seeder (last: it adds products)', () => {
  it('still shows the seller rows that add up to the total: rows come from paid orders, not a stored counter', async () => {
    await seedBulkCatalogue(t.db, t.deps.storage, 60, () => {});
    const seen = await sellerDashboard();
    expect(seen.products.length).toBeGreaterThan(20);
    expect(seen.rowsSum).toBe(seen.total);
  });
});
