// @database-server: session row locks, SKIP LOCKED and pool use under concurrency
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { productListQuerySchema } from '@app/shared';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, outboxMessages, signIn, type TestApp } from '../../../test/helpers';
import { chatLeads, chatSessions } from '../../db/schema';
import type { UserRow } from '../users/repository';
import { sendLeadDigest } from './lead-digest';
import { listLeads } from './service';

let t: TestApp;
let seller: UserRow;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  // Many messages from one test address: the per-address limit has its own test below.
  t = await createTestApp({ CHATBOT_RATE_LIMIT_PER_MINUTE: '100' });
  seller = await createUser(t.db, 'seller');
  // Ten plain products, newest first by number: "Gadget 1" is the newest.
  for (let i = 1; i <= 10; i += 1) {
    await createProduct(t.db, seller, {
      title: `Gadget ${i}`,
      category: 'scripts',
      priceCents: 2000 + i * 100,
      createdAt: minutesAgo(100 + i),
    });
  }
  await createProduct(t.db, seller, {
    title: 'Finance Headlines Dataset',
    category: 'datasets',
    priceCents: 4000,
    createdAt: minutesAgo(300),
  });
  await createProduct(t.db, seller, {
    title: 'Financial Fraud Transactions',
    category: 'datasets',
    priceCents: 12000,
    createdAt: minutesAgo(301),
  });
  await createProduct(t.db, seller, {
    title: 'Weather Archive Dataset',
    category: 'datasets',
    priceCents: 3000,
    createdAt: minutesAgo(302),
  });
  await createProduct(t.db, seller, {
    title: 'Budget Chatbot Kit',
    category: 'ai-tools',
    priceCents: 1500,
    createdAt: minutesAgo(303),
  });
  await createProduct(t.db, seller, {
    title: 'Premium Chatbot Suite',
    category: 'ai-tools',
    priceCents: 9900,
    ratingAverage: 4.5,
    reviewCount: 2,
    createdAt: minutesAgo(304),
  });
  // Never shown: awaiting review, newest and cheapest of all.
  await createProduct(t.db, seller, { title: 'Hidden Chatbot Draft', category: 'ai-tools', priceCents: 100, status: 'pending' });
});
afterAll(async () => {
  await t.close();
});

interface Reply {
  session_id: string;
  messages: {
    key: string;
    text: string;
    products?: { title: string; price: number; url: string; id: string }[];
    link?: { href: string };
    quick_replies?: string[];
    values?: Record<string, string | number>;
    rows?: { label: string; value: string; kind?: string; data?: Record<string, string | number> }[];
    has_more?: boolean;
  }[];
  context: { flow: string; step: string | null; name: string | null; email: string | null; last_intent: string | null };
  action: string | null;
  params: Record<string, unknown>;
}

async function say(message: string, sessionId?: string, headers: Record<string, string> = {}, app = t.app) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/chatbot/message',
    headers,
    payload: { session_id: sessionId ?? null, message, context: {} },
  });
  return response;
}

async function chat(message: string, sessionId?: string, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await say(message, sessionId, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const titles = (reply: Reply) => reply.messages.flatMap((m) => m.products ?? []).map((p) => p.title);

describe('chatbot: menu and products', () => {
  it('greets a new visitor with the four quick replies and opens a session', async () => {
    const reply = await chat('');
    expect(reply.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(reply.messages).toHaveLength(1);
    expect(reply.messages[0]?.key).toBe('greeting');
    expect(reply.messages[0]?.text).toContain('AI Marketplace shopping assistant');
    expect(reply.messages[0]?.quick_replies).toEqual(['products', 'pricing', 'seller_info', 'custom_chatbot']);
    expect(reply.context).toMatchObject({ flow: 'menu', step: null });
    expect(reply.action).toBeNull();
  });

  it('Products shows the 6 newest live products, then Show more pages on until the end', async () => {
    const first = await chat('products');
    expect(titles(first)).toEqual(['Gadget 1', 'Gadget 2', 'Gadget 3', 'Gadget 4', 'Gadget 5', 'Gadget 6']);
    expect(first.action).toBe('show_products');
    expect(first.params).toEqual({ limit: 6, sort_by: 'created_at', sort_order: 'desc', page: 1 });
    const list = first.messages[0];
    expect(list?.quick_replies).toEqual(['show_more', 'pricing', 'main_menu']);
    expect(list?.products?.[0]?.url).toMatch(/^\/products\/[0-9a-f-]{36}$/);
    expect(list?.link?.href).toBe('/products?sort_by=created_at&sort_order=desc');

    const second = await chat('Show more', first.session_id);
    expect(second.session_id).toBe(first.session_id);
    expect(titles(second)).toEqual([
      'Gadget 7',
      'Gadget 8',
      'Gadget 9',
      'Gadget 10',
      'Finance Headlines Dataset',
      'Financial Fraud Transactions',
    ]);
    const third = await chat('show_more', first.session_id);
    expect(titles(third)).toEqual(['Weather Archive Dataset', 'Budget Chatbot Kit', 'Premium Chatbot Suite']);
    expect(third.messages[0]?.quick_replies).toEqual(['pricing', 'main_menu']);
    const end = await chat('show more', first.session_id);
    expect(end.messages[0]?.key).toBe('no_more');
    expect(titles(end)).toEqual([]);
  });

  it('Show more before any list asks for products first', async () => {
    const reply = await chat('show more');
    expect(reply.messages[0]?.key).toBe('no_browse');
  });

  it('answers two Show more messages sent at once with two different pages', async () => {
    const first = await chat('products');
    const [a, b] = await Promise.all([chat('show more', first.session_id), chat('show more', first.session_id)]);
    const pages = [a.params.page, b.params.page].sort();
    expect(pages).toEqual([2, 3]);
    expect(titles(a).filter((title) => titles(b).includes(title))).toEqual([]);
  });

  it('answers more messages at once than the database pool has connections, and keeps answering after', async () => {
    // The test app's pool has 5 connections. Each message used to hold one inside a transaction while
    // the catalogue asked the pool for another: five at once took them all and every request hung.
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => chat(i % 2 === 0 ? 'products' : 'cheapest dataset under $50')),
    );
    expect(replies.filter((reply) => titles(reply).length > 0)).toHaveLength(12);
    expect(titles(await chat('products'))).toContain('Gadget 1');
  });
});

describe('chatbot: free text against the catalogue', () => {
  it('reads "a dataset for finance under $50" as category, price bound and search, and links the same catalogue page', async () => {
    const reply = await chat('a dataset for finance under $50');
    expect(titles(reply)).toEqual(['Finance Headlines Dataset']);
    expect(reply.messages[0]?.text).toBe('Here are Datasets matching “finance” under $50.00, newest first.');
    expect(reply.params).toMatchObject({ category: 'datasets', max_price: 50, search: 'finance' });
    // The parts of the summary travel as values so the storefront can word them in other languages.
    expect(reply.messages[0]?.values).toMatchObject({
      q_category: 'datasets',
      q_search: 'finance',
      q_max_usd: 50,
      q_sort: 'created_at:desc',
    });
    const href = reply.messages[0]?.link?.href ?? '';
    expect(href).toBe('/products?search=finance&category=datasets&max_price=50&sort_by=created_at&sort_order=desc');
    // The link opens a catalogue page listing the same products.
    const query = href.split('?')[1];
    expect(productListQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query))).success).toBe(true);
    const page = (await t.app.inject({ method: 'GET', url: `/api/v1/products/?${query}` })).json();
    expect(page.products.map((p: { title: string }) => p.title)).toEqual(titles(reply));
  });

  it('"cheapest chatbot" sorts the matching live products by price, never showing unapproved ones', async () => {
    const reply = await chat('cheapest chatbot');
    expect(titles(reply)).toEqual(['Budget Chatbot Kit', 'Premium Chatbot Suite']);
    expect(reply.params).toMatchObject({ sort_by: 'price', sort_order: 'asc', search: 'chatbot' });
    expect(reply.messages[0]?.products?.[0]?.price).toBe(15);
  });

  it('"best rated ai tools" sorts by rating within the category', async () => {
    const reply = await chat('best rated ai tools');
    expect(titles(reply)[0]).toBe('Premium Chatbot Suite');
    expect(reply.params).toMatchObject({ category: 'ai-tools', sort_by: 'rating', sort_order: 'desc' });
  });

  it('drops words that match nothing but keeps the other filters, and says so', async () => {
    const reply = await chat('datasets about unicorns under $50');
    expect(reply.messages[0]?.key).toBe('search_relaxed');
    expect(reply.messages[0]?.text).toContain('Nothing matched “unicorns”');
    expect(titles(reply)).toEqual(['Finance Headlines Dataset', 'Weather Archive Dataset']);
  });

  it('answers text that matches nothing with the spec message and the menu', async () => {
    const reply = await chat('zzqx flurbix');
    expect(reply.messages[0]?.text).toBe('No products found for "zzqx flurbix"');
    expect(reply.messages[0]?.quick_replies).toEqual(['products', 'pricing', 'seller_info', 'custom_chatbot']);
    expect(reply.action).toBeNull();
  });

  it('compares two products side by side from the database', async () => {
    const reply = await chat('compare Budget Chatbot Kit and Premium Chatbot Suite');
    const message = reply.messages[0];
    expect(message?.key).toBe('compare');
    // The storefront's compare page has the same two products, with every field.
    const ids = message?.products?.map((product) => product.id).join(',');
    expect(message?.link?.href).toBe(`/compare?ids=${ids}`);
    expect(titles(reply)).toEqual(['Budget Chatbot Kit', 'Premium Chatbot Suite']);
    expect(message?.rows).toContainEqual({
      label: 'Price',
      value: '$15.00 · $99.00',
      kind: 'compare_price',
      data: { a_usd: 15, b_usd: 99 },
    });
    expect(message?.rows).toContainEqual(
      expect.objectContaining({ label: 'Rating', value: 'No reviews yet · 4.5 / 5 (2)', kind: 'compare_rating' }),
    );

    const missing = await chat('Budget Chatbot Kit vs qqqzzz');
    expect(missing.messages[0]?.key).toBe('compare_missing');
    expect(missing.messages[0]?.text).toContain('“qqqzzz”');
  });

  it('says it did not understand small talk and offers the menu', async () => {
    const reply = await chat('hi there');
    expect(reply.messages[0]?.key).toBe('unknown');
  });
});

describe('chatbot: pricing and seller info from real data', () => {
  it('Pricing lists each category’s live price range', async () => {
    const reply = await chat('Pricing');
    const rows = reply.messages[0]?.rows ?? [];
    // The $1.00 pending draft does not count.
    expect(rows).toContainEqual({
      label: 'AI Tools',
      value: '$15.00 – $99.00 · 2 products',
      kind: 'price_range',
      data: { category: 'ai-tools', min_usd: 15, max_usd: 99, count: 2 },
    });
    expect(rows).toContainEqual(expect.objectContaining({ label: 'Datasets', value: '$30.00 – $120.00 · 3 products' }));
    expect(rows).toContainEqual(expect.objectContaining({ label: 'Scripts', value: '$21.00 – $30.00 · 10 products' }));
    expect(rows.map((row) => row.label)).not.toContain('Models');
  });

  it('Seller info gives the fee, the AI pool share and the seller’s earnings', async () => {
    const reply = await chat('seller_info');
    expect(reply.messages[0]?.rows).toEqual([
      { label: 'Platform fee', value: '10%', kind: 'platform_fee', data: { percent: 10 } },
      { label: 'AI token pool', value: '10%', kind: 'ai_pool', data: { percent: 10 } },
      { label: 'Your earnings', value: '80% of each sale', kind: 'seller_share', data: { percent: 80 } },
      { label: 'Approval', value: 'Every new product is reviewed by an admin', kind: 'approval' },
    ]);
    expect(reply.messages[0]?.link?.href).toBe('/seller');
    expect((await chat('how do I sell here and what are the fees')).messages[0]?.key).toBe('seller_info');
  });
});

describe('chatbot: custom chatbot lead flow', () => {
  it('asks name, a valid e-mail and the need, stores the lead, e-mails admins and shows it to them', async () => {
    const admin = await createUser(t.db, 'admin');
    const adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
    const start = await chat('Custom chatbot');
    const session = start.session_id;
    expect(start.messages[0]?.key).toBe('lead_start');
    expect(start.context).toMatchObject({ flow: 'lead', step: 'name' });

    expect((await chat('A', session)).messages[0]?.text).toBe('Please tell me your name (at least 2 characters).');
    const named = await chat('Ada Lovelace', session);
    expect(named.messages[0]?.text).toBe('Thanks, Ada Lovelace! Which e-mail address should we reply to?');
    expect(named.context).toMatchObject({ flow: 'lead', step: 'email', name: 'Ada Lovelace' });

    // Words that look like menu choices are answers inside the flow, except a way out.
    expect((await chat('products', session)).messages[0]?.text).toBe('Please enter a valid email address');
    const emailed = await chat('Ada@Example.org', session);
    expect(emailed.context).toMatchObject({ step: 'need', email: 'ada@example.org' });
    expect((await chat('a bot', session)).messages[0]?.key).toBe('lead_need_invalid');
    const done = await chat('A support bot that answers questions about our invoices.', session);
    expect(done.messages[0]?.text).toBe('Thank you, Ada Lovelace! Our team will reply to ada@example.org soon. Anything else?');
    expect(done.context).toMatchObject({ flow: 'menu', step: null, name: 'Ada Lovelace', email: 'ada@example.org' });

    const leads = await t.app.inject({ method: 'GET', url: '/api/v1/admin/chatbot/leads', headers: bearer(adminToken) });
    expect(leads.statusCode).toBe(200);
    expect(leads.json()).toMatchObject({
      total: 1,
      page: 1,
      pages: 1,
      leads: [
        {
          name: 'Ada Lovelace',
          email: 'ada@example.org',
          need: 'A support bot that answers questions about our invoices.',
          session_id: session,
          user_id: null,
        },
      ],
    });
    // Admins hear of it in the next lead digest, not one e-mail per lead.
    const leadMails = () => outboxMessages(t.config).filter((mail) => mail.includes('New custom chatbot lead: Ada Lovelace'));
    expect(leadMails()).toEqual([]);
    expect(await sendLeadDigest(t.deps)).toBe(1);
    const mails = leadMails();
    expect(mails.some((mail) => mail.includes(`To: ${admin.email}`))).toBe(true);
    expect(mails.some((mail) => mail.includes('To: admin@example.com'))).toBe(true);
  });

  it('leaves the flow on Main menu without storing anything', async () => {
    const start = await chat('custom chatbot');
    await chat('Grace Hopper', start.session_id);
    const menu = await chat('Main menu', start.session_id);
    expect(menu.context).toMatchObject({ flow: 'menu', step: null });
    expect(menu.messages[0]?.quick_replies).toEqual(['products', 'pricing', 'seller_info', 'custom_chatbot']);
    const { leads } = await listLeads(t.deps, 1, 100);
    expect(leads.map((lead) => lead.name)).not.toContain('Grace Hopper');
  });

  it('keeps the leads list for admins only', async () => {
    const buyer = await createUser(t.db, 'buyer');
    const token = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/chatbot/leads' })).statusCode).toBe(401);
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/v1/admin/chatbot/leads', headers: bearer(token) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      detail: 'Admin access required',
      code: 'FORBIDDEN',
      messageId: 'auth.adminAccessRequired',
    });
  });
});

describe('chatbot: sessions and input', () => {
  it('keeps a signed-in user’s session to that user', async () => {
    const owner = await createUser(t.db, 'buyer');
    const other = await createUser(t.db, 'buyer');
    const ownerAuth = bearer(await signIn(t.app, owner.email, FACTORY_PASSWORD));
    const otherAuth = bearer(await signIn(t.app, other.email, FACTORY_PASSWORD));
    const start = await chat('custom chatbot', undefined, ownerAuth);
    const named = await chat('Owner Person', start.session_id, ownerAuth);
    expect(named.session_id).toBe(start.session_id);

    const hijack = await chat('Intruder', start.session_id, otherAuth);
    expect(hijack.session_id).not.toBe(start.session_id);
    expect(hijack.context.name).toBeNull();
    // The owner's conversation is untouched.
    expect((await chat('owner@example.org', start.session_id, ownerAuth)).context.step).toBe('need');
  });

  it('starts over after a day of silence and forgets idle conversations', async () => {
    const old = await chat('custom chatbot');
    await t.db
      .update(chatSessions)
      .set({ updatedAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(chatSessions.id, old.session_id));
    const fresh = await chat('Ada', old.session_id);
    expect(fresh.session_id).not.toBe(old.session_id);
    expect(fresh.context.flow).toBe('menu');
    expect(await t.db.select().from(chatSessions).where(eq(chatSessions.id, old.session_id))).toEqual([]);
  });

  it('opens a new session for an unknown id', async () => {
    const unknown = crypto.randomUUID();
    const reply = await chat('products', unknown);
    expect(reply.session_id).not.toBe(unknown);
  });

  it.each([
    [{ session_id: 'not-an-id', message: 'hi' }, 'session_id must be a valid id'],
    [{ message: 'x'.repeat(501) }, 'Messages can be at most 500 characters'],
    [{ message: 42 }, 'message must be text'],
  ])('refuses bad input %j with a 422', async (payload, detail) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/chatbot/message', payload });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ detail, code: 'VALIDATION_FAILED' });
  });
});

describe('chatbot: rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ CHATBOT_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('limits one session to the configured messages per minute', async () => {
    const first = (await say('', undefined, {}, limited.app)).json();
    expect((await say('products', first.session_id, {}, limited.app)).statusCode).toBe(200);
    expect((await say('pricing', first.session_id, {}, limited.app)).statusCode).toBe(200);
    const refused = await say('seller info', first.session_id, {}, limited.app);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: 'You are sending messages too quickly. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
      messageId: 'chatbot.youSendingMessagesTooQuickly',
    });
  });

  it('limits one address opening session after session', async () => {
    // 3 per session, 9 per address; the previous test used 4 of them.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await say('', undefined, {}, limited.app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('chatbot: optional language model', () => {
  let server: http.Server;
  let answer: { status: number; body: unknown };
  const received: { authorization?: string; body: { model: string; messages: { content: string }[] } }[] = [];
  let phrased: TestApp;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let data = '';
      request.on('data', (chunk) => (data += chunk));
      request.on('end', () => {
        received.push({ authorization: request.headers.authorization, body: JSON.parse(data) });
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    phrased = await createTestApp({
      CHATBOT_LLM_URL: `http://127.0.0.1:${port}/v1`,
      CHATBOT_LLM_API_KEY: 'sk-test',
      CHATBOT_LLM_MODEL: 'tiny-model',
    });
    await createProduct(phrased.db, await createUser(phrased.db, 'seller'), { title: 'Phrased Chatbot', priceCents: 2500 });
  });
  afterAll(async () => {
    await phrased.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('lets the model reword the answer while products, prices and links stay from the database', async () => {
    answer = { status: 200, body: { choices: [{ message: { content: 'Sure! Here are the freshest picks.' } }] } };
    const reply = (await say('products', undefined, {}, phrased.app)).json() as Reply;
    expect(reply.messages[0]).toMatchObject({ key: 'phrased', text: 'Sure! Here are the freshest picks.' });
    expect(reply.messages[0]?.products?.map((p) => [p.title, p.price])).toEqual([['Phrased Chatbot', 25]]);
    expect(reply.messages[0]?.link?.href).toBe('/products?sort_by=created_at&sort_order=desc');
    expect(received.at(-1)?.authorization).toBe('Bearer sk-test');
    expect(received.at(-1)?.body.model).toBe('tiny-model');
    expect(received.at(-1)?.body.messages[1]?.content).toBe('Here are our newest products.');
  });

  it('keeps its own wording when the model fails', async () => {
    answer = { status: 500, body: { error: 'overloaded' } };
    const reply = (await say('products', undefined, {}, phrased.app)).json() as Reply;
    expect(reply.messages[0]).toMatchObject({ key: 'newest', text: 'Here are our newest products.' });
  });
});

describe('chatbot: free text in the storefront’s other languages', () => {
  it('reads the Spanish "el dataset más barato por menos de 50 $" as live datasets under $50, cheapest first', async () => {
    const reply = await chat('el dataset más barato por menos de 50 $');
    expect(reply.messages[0]?.key).toBe('search_results');
    expect(titles(reply)).toEqual(['Weather Archive Dataset', 'Finance Headlines Dataset']);
    expect(reply.messages[0]?.products?.map((p) => p.price)).toEqual([30, 40]);
    expect(reply.params).toMatchObject({ category: 'datasets', max_price: 50, sort_by: 'price', sort_order: 'asc' });
    expect(reply.params).not.toHaveProperty('search');
  });

  it('reads German and Chinese price ranges and quick-reply labels against the same catalogue', async () => {
    const german = await chat('Datensätze zwischen 35 und 150 Dollar, die günstigsten zuerst');
    expect(german.messages[0]?.key).toBe('search_results');
    expect(titles(german)).toEqual(['Finance Headlines Dataset', 'Financial Fraud Transactions']);
    const chinese = await chat('50美元以下最便宜的数据集');
    expect(titles(chinese)).toEqual(['Weather Archive Dataset', 'Finance Headlines Dataset']);
    expect((await chat('Infos für Verkäufer')).messages[0]?.key).toBe('seller_info');
    expect((await chat('メインメニュー')).messages[0]?.key).toBe('menu');
  });
});

describe('chatbot: prices beyond the catalogue', () => {
  const gadgets = 10;
  const linkQuery = (reply: Reply) => Object.fromEntries(new URLSearchParams(reply.messages[0]?.link?.href.split('?')[1]));

  it.each([
    ['en', 'scripts under $21474837', 'over $99999999999', 'between $1 and $99999999999'],
    ['es', 'scripts por menos de 21474837 $', 'más de 99999999999 $', 'entre 1 y 99999999999 dólares'],
    ['fr', 'scripts à moins de 21474837 $', 'plus de 99999999999 $', 'entre 1 et 99999999999 $'],
    ['de', 'Skripte unter 21474837 $', 'über 99999999999 $', 'zwischen 1 und 99999999999 Dollar'],
    ['zh', '21474837美元以下的脚本', '99999999999美元以上', '1到99999999999美元之间'],
    ['ja', '21474837ドル以下のスクリプト', '99999999999ドル以上', '1ドルから99999999999ドル'],
  ])(
    '%s: a ceiling above every price is no ceiling, a floor above every price kindly finds nothing',
    async (_language, under, over, between) => {
      const all = await chat(under);
      expect(all.messages[0]?.key).toBe('search_results');
      expect(all.params).toMatchObject({ category: 'scripts' });
      expect(all.params).not.toHaveProperty('max_price');
      expect(all.messages[0]?.values).not.toHaveProperty('q_max_usd');
      expect(titles(all)).toHaveLength(6);
      expect(all.messages[0]?.has_more).toBe(true);
      // The catalogue link the reply offers is one the /products page accepts.
      expect(productListQuerySchema.safeParse(linkQuery(all)).success).toBe(true);

      const none = await chat(over);
      expect(none.messages).toHaveLength(1);
      expect(none.messages[0]).toMatchObject({
        key: 'price_too_high',
        text: 'Nothing in our catalogue costs that much. Try a lower amount, or see the prices by category.',
        quick_replies: ['pricing', 'products', 'main_menu'],
      });
      expect(none.action).toBeNull();

      const from = await chat(between);
      expect(from.messages[0]?.key).toBe('search_results');
      expect(from.params).toMatchObject({ min_price: 1 });
      expect(from.params).not.toHaveProperty('max_price');
      expect(productListQuerySchema.safeParse(linkQuery(from)).success).toBe(true);
      const more = await chat('show more', from.session_id);
      expect(more.messages[0]?.key).toBe('more');
    },
  );

  it('answers "under $0", "under $-5" and a reversed range with a reply, never an error', async () => {
    const zero = await chat('under $0');
    expect(zero.messages[0]).toMatchObject({ key: 'no_results', values: { q_max_usd: 0 } });
    const negative = await chat('under $-5');
    expect(negative.messages[0]?.quick_replies).toEqual(['products', 'pricing', 'seller_info', 'custom_chatbot']);
    const reversed = await chat('scripts between $50 and $1');
    expect(reversed.params).toMatchObject({ category: 'scripts', min_price: 1, max_price: 50 });
    expect(titles(reversed)).toHaveLength(6);
    expect(reversed.messages[0]?.has_more).toBe(true);
  });

  it('filters the catalogue safely whatever bound it is given; the public list refuses an absurd one with a 422', async () => {
    const { browseProducts } = await import('../catalog/service');
    const huge = await browseProducts(t.deps, { category: 'scripts', max_price: 99_999_999_999 }, null);
    expect(huge.total).toBe(gadgets);
    const floor = await browseProducts(t.deps, { min_price: 99_999_999_999 }, null);
    expect(floor.total).toBe(0);
    const below = await browseProducts(t.deps, { max_price: -99_999_999_999 }, null);
    expect(below.total).toBe(0);
    const endless = await browseProducts(t.deps, { category: 'scripts', min_price: -Infinity, max_price: Infinity }, null);
    expect(endless.total).toBe(gadgets);
    for (const param of ['min_price', 'max_price']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/products/?${param}=99999999999` });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ detail: `${param} is too large`, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('chatbot: lead limits and the admins’ lead digest', () => {
  let leadsApp: TestApp;
  let admins: UserRow[];
  beforeAll(async () => {
    leadsApp = await createTestApp({ CHATBOT_RATE_LIMIT_PER_MINUTE: '1000', CHATBOT_LEADS_PER_HOUR: '15' });
    admins = [await createUser(leadsApp.db, 'admin'), await createUser(leadsApp.db, 'admin')];
  });
  afterAll(async () => {
    await leadsApp.close();
  });

  const send = (message: string, sessionId: string | undefined, ip: string) =>
    leadsApp.app.inject({
      method: 'POST',
      url: '/api/v1/chatbot/message',
      remoteAddress: ip,
      payload: { session_id: sessionId ?? null, message, context: {} },
    });
  /** Walks the custom-chatbot flow; returns the answer to the last step, the one that stores the lead. */
  async function leaveLead(name: string, ip: string, sessionId?: string) {
    const start = await send('Custom chatbot', sessionId, ip);
    expect(start.statusCode).toBe(200);
    const session = start.json().session_id as string;
    for (const step of [name, `${name.replace(/\s+/g, '.').toLowerCase()}@example.org`]) {
      expect((await send(step, session, ip)).statusCode).toBe(200);
    }
    return { session, last: await send('A bot that answers our customers about invoices.', session, ip) };
  }
  const storedLeads = () => leadsApp.db.select().from(chatLeads);
  const TOO_MANY = {
    detail: 'You have sent several messages in the last hour. Please try again later.',
    code: 'RATE_LIMITED',
    messageId: 'chatbot.youSentSeveralMessagesLast',
  };

  it('refuses the 16th lead from one address within the hour with a 429 and stores nothing of it', async () => {
    for (let i = 1; i <= 15; i += 1) {
      const { last } = await leaveLead(`Address Lead ${i}`, '203.0.113.7');
      expect(last.statusCode, last.body).toBe(200);
      expect(last.json().messages[0].key).toBe('lead_saved');
    }
    const { session, last } = await leaveLead('Address Lead 16', '203.0.113.7');
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual(TOO_MANY);
    expect(await storedLeads()).toHaveLength(15);
    // The conversation is kept where it was, so the visitor can send it later; another address is not affected.
    const [row] = await leadsApp.db.select().from(chatSessions).where(eq(chatSessions.id, session));
    expect(row?.context).toMatchObject({ flow: 'lead', step: 'need' });
    expect((await leaveLead('Other Address Lead', '203.0.113.8')).last.statusCode).toBe(200);
  });

  it('refuses the 16th lead from one chat session even when each comes from a new address', async () => {
    let session: string | undefined;
    for (let i = 1; i <= 15; i += 1) {
      const left = await leaveLead(`Session Lead ${i}`, `198.51.100.${i}`, session);
      expect(left.last.statusCode, left.last.body).toBe(200);
      expect(left.session).toBe(session ?? left.session);
      session = left.session;
    }
    const { last } = await leaveLead('Session Lead 16', '198.51.100.99', session);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual(TOO_MANY);
    expect((await storedLeads()).map((lead) => lead.name)).not.toContain('Session Lead 16');
  });

  it('e-mails each admin once per period, listing every new lead, however many came in', async () => {
    const decoded = (mail: string) => mail.replace(/=\r?\n/g, '');
    const mailsTo = (email: string) => outboxMessages(leadsApp.config).filter((mail) => mail.includes(`To: ${email}`));
    expect(mailsTo(admins[0]?.email ?? '')).toEqual([]);
    const names = (await storedLeads()).map((lead) => lead.name);
    expect(names).toHaveLength(31);

    expect(await sendLeadDigest(leadsApp.deps)).toBe(31);
    for (const email of [...admins.map((admin) => admin.email), 'admin@example.com']) {
      const mails = mailsTo(email);
      expect(mails, email).toHaveLength(1);
      const mail = decoded(mails[0] ?? '');
      expect(mail).toContain('Subject: 31 new custom chatbot leads');
      for (const name of names) expect(mail).toContain(`Name: ${name}`);
    }

    // More leads within the period wait for the next digest: no second e-mail yet.
    await leaveLead('Late Lead', '192.0.2.1');
    expect(await sendLeadDigest(leadsApp.deps)).toBe(0);
    expect(mailsTo(admins[0]?.email ?? '')).toHaveLength(1);

    // A period later (CHATBOT_LEAD_DIGEST_MINUTES, 10 by default), the next digest lists only the new one.
    await leadsApp.db
      .update(chatLeads)
      .set({ notifiedAt: new Date(Date.now() - 11 * 60_000) })
      .where(isNotNull(chatLeads.notifiedAt));
    expect(await sendLeadDigest(leadsApp.deps)).toBe(1);
    const second = mailsTo(admins[1]?.email ?? '');
    expect(second).toHaveLength(2);
    expect(second.some((mail) => mail.includes('Subject: New custom chatbot lead: Late Lead'))).toBe(true);
    expect(await sendLeadDigest(leadsApp.deps)).toBe(0);
  });
});
