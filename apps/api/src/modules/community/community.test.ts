// @database-server: forum full-text search and posting locks
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidOrder, createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { forumReplies, notifications } from '../../db/schema';

let t: TestApp;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  const categories = (await t.app.inject({ method: 'GET', url: '/api/v1/community/categories' })).json().categories;
  categoryId = categories.find((c: { slug: string }) => c.slug === 'general').id;
});
afterAll(async () => {
  await t.close();
});

async function member(role = 'buyer', names = { firstName: 'Mia', lastName: 'Member' }) {
  const user = await createUser(t.db, role, names);
  return { user, token: await signIn(t.app, user.email, FACTORY_PASSWORD) };
}

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/community${url}`, headers: token ? bearer(token) : {}, ...(payload && { payload }) });

async function postThread(token: string, overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/threads', token, {
    category_id: categoryId,
    title: 'How do I export prompts?',
    body: 'I bought the pack and want to **export** it.',
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('community forum', () => {
  it('seeds the spec categories and lists them for everyone', async () => {
    const response = await call('GET', '/categories');
    expect(response.statusCode).toBe(200);
    expect(response.json().categories.map((c: { slug: string }) => c.slug)).toEqual([
      'general',
      'product-help',
      'showcase',
      'feature-requests',
    ]);
  });

  it('lets a member post a thread and another reply, notifies the author, and shows both to visitors', async () => {
    const author = await member('buyer', { firstName: 'Ada', lastName: 'Author' });
    const replier = await member('buyer', { firstName: 'Ray', lastName: 'Replier' });
    const thread = await postThread(author.token);
    expect(thread).toMatchObject({ author: { name: 'Ada A.' }, can_edit: true, can_delete: true, reply_count: 0 });

    const reply = await call('POST', `/threads/${thread.id}/replies`, replier.token, { body: 'Use the *Export* button.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ author: { name: 'Ray R.' }, is_buyer: false });

    const seen = (await call('GET', `/threads/${thread.id}`)).json();
    expect(seen.thread).toMatchObject({ title: 'How do I export prompts?', reply_count: 1, can_reply: false, can_edit: false });
    expect(seen.replies.map((r: { body: string }) => r.body)).toEqual(['Use the *Export* button.']);

    const inbox = await t.db.select().from(notifications).where(eq(notifications.userId, author.user.id));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ title: 'New reply to your thread', link: `/community/threads/${thread.id}` });
  });

  it('refuses anonymous posting and bad input with the field messages', async () => {
    expect(
      (await call('POST', '/threads', undefined, { category_id: categoryId, title: 'Hello there', body: 'x' })).statusCode,
    ).toBe(401);
    const { token } = await member();
    const bad = await call('POST', '/threads', token, { category_id: categoryId, title: 'Hi', body: '   ' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'Title must be at least 5 characters', messageId: 'community.titleAtLeast5Characters' },
        { field: 'body', message: 'Message is required', messageId: 'community.messageRequired' },
      ]),
    );
    const unknownCategory = await call('POST', '/threads', token, {
      category_id: '00000000-0000-4000-8000-000000000000',
      title: 'Hello there',
      body: 'Body',
    });
    expect(unknownCategory.statusCode).toBe(422);
  });

  it('stores markdown as text: script payloads come back as inert text, never as markup the API adds', async () => {
    const { token } = await member();
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3))';
    const thread = await postThread(token, { body: payload });
    const seen = (await call('GET', `/threads/${thread.id}`)).json();
    expect(seen.thread.body).toBe(payload);
    expect(seen.thread).not.toHaveProperty('body_html');
  });

  it("refuses to change someone else's thread or reply, and hides nothing it should not", async () => {
    const author = await member();
    const other = await member();
    const thread = await postThread(author.token);
    const reply = (await call('POST', `/threads/${thread.id}/replies`, author.token, { body: 'First!' })).json();

    expect((await call('PATCH', `/threads/${thread.id}`, other.token, { title: 'Hijacked title', body: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/threads/${thread.id}`, other.token)).statusCode).toBe(403);
    expect((await call('PATCH', `/replies/${reply.id}`, other.token, { body: 'hijacked' })).statusCode).toBe(403);
    expect((await call('DELETE', `/replies/${reply.id}`, other.token)).statusCode).toBe(403);

    const seen = (await call('GET', `/threads/${thread.id}`)).json();
    expect(seen.thread.title).toBe('How do I export prompts?');
    expect(seen.replies[0].body).toBe('First!');
  });

  it('lets the author edit within 30 minutes and delete their own posts', async () => {
    const author = await member();
    const thread = await postThread(author.token);
    const reply = (await call('POST', `/threads/${thread.id}/replies`, author.token, { body: 'Typo here' })).json();

    const edited = await call('PATCH', `/replies/${reply.id}`, author.token, { body: 'Fixed the typo' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().edited_at).not.toBeNull();

    await t.db.update(forumReplies).set({ createdAt: sql`now() - interval '31 minutes'` }).where(eq(forumReplies.id, reply.id));
    const late = await call('PATCH', `/replies/${reply.id}`, author.token, { body: 'Too late' });
    expect(late.statusCode).toBe(403);
    expect(late.json().detail).toBe('Posts can only be edited within 30 minutes of posting.');

    expect((await call('DELETE', `/replies/${reply.id}`, author.token)).statusCode).toBe(204);
    expect((await call('DELETE', `/replies/${reply.id}`, author.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/threads/${thread.id}`, author.token)).statusCode).toBe(204);
    expect((await call('GET', `/threads/${thread.id}`)).statusCode).toBe(404);
  });

  it('lets admins and simple admins lock, pin and hide; members cannot', async () => {
    const author = await member();
    const other = await member();
    const admin = await member('admin');
    const simpleAdmin = await member('simple_admin');
    const thread = await postThread(author.token, { title: 'A thread to moderate' });

    expect((await call('PATCH', `/threads/${thread.id}/moderation`, author.token, { is_locked: true })).statusCode).toBe(403);
    expect((await call('PATCH', `/threads/${thread.id}/moderation`, undefined, { is_locked: true })).statusCode).toBe(401);

    const locked = await call('PATCH', `/threads/${thread.id}/moderation`, simpleAdmin.token, {
      is_locked: true,
      is_pinned: true,
    });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ is_locked: true, is_pinned: true });

    const refused = await call('POST', `/threads/${thread.id}/replies`, other.token, { body: 'Can I still reply?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('This thread is locked. New replies and edits are closed.');
    expect((await call('PATCH', `/threads/${thread.id}`, author.token, { title: 'Edited title', body: 'x' })).statusCode).toBe(
      403,
    );

    const list = (await call('GET', '/threads?limit=50')).json();
    expect(list.threads[0].id).toBe(thread.id);

    expect((await call('PATCH', `/threads/${thread.id}/moderation`, admin.token, { is_hidden: true })).statusCode).toBe(200);
    expect((await call('GET', `/threads/${thread.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/threads/${thread.id}`, other.token)).statusCode).toBe(404);
    expect((await call('GET', '/threads?limit=50', other.token)).json().threads.map((x: { id: string }) => x.id)).not.toContain(
      thread.id,
    );
    expect((await call('GET', `/threads/${thread.id}`, author.token)).json().thread.is_hidden).toBe(true);
    expect((await call('GET', `/threads/${thread.id}`, admin.token)).statusCode).toBe(200);
    await call('PATCH', `/threads/${thread.id}/moderation`, admin.token, { is_locked: false });
    const authorReply = await call('POST', `/threads/${thread.id}/replies`, author.token, { body: 'Why hidden?' });
    expect(authorReply.statusCode).toBe(403);
    expect(authorReply.json().detail).toBe('A moderator has hidden this thread. New replies are closed.');
    expect((await call('POST', `/threads/${thread.id}/replies`, other.token, { body: 'Sneaky' })).statusCode).toBe(404);
  });

  it('hides a reply from everyone but moderators and its author', async () => {
    const author = await member();
    const replier = await member();
    const visitor = await member();
    const admin = await member('admin');
    const thread = await postThread(author.token);
    const reply = (await call('POST', `/threads/${thread.id}/replies`, replier.token, { body: 'Buy cheap pills here' })).json();

    expect((await call('PATCH', `/replies/${reply.id}/moderation`, visitor.token, { is_hidden: true })).statusCode).toBe(403);
    expect((await call('PATCH', `/replies/${reply.id}/moderation`, admin.token, { is_hidden: true })).statusCode).toBe(200);

    for (const token of [undefined, visitor.token, author.token]) {
      const seen = (await call('GET', `/threads/${thread.id}`, token)).json();
      expect(seen.replies).toHaveLength(0);
      expect(seen.thread.reply_count).toBe(0);
    }
    expect((await call('GET', `/threads/${thread.id}`, replier.token)).json().replies[0].is_hidden).toBe(true);
    expect((await call('GET', `/threads/${thread.id}`, admin.token)).json().replies).toHaveLength(1);
    expect((await call('POST', '/reports', visitor.token, { reply_id: reply.id, reason: 'spam' })).statusCode).toBe(404);
  });

  it('takes one report per member and post, and shows open reports to moderators only', async () => {
    const author = await member();
    const reporter = await member();
    const simpleAdmin = await member('simple_admin');
    const thread = await postThread(author.token, { title: 'Reported thread' });

    const first = await call('POST', '/reports', reporter.token, { thread_id: thread.id, reason: 'Off topic' });
    expect(first.statusCode).toBe(201);
    expect((await call('POST', '/reports', reporter.token, { thread_id: thread.id, reason: 'Again' })).statusCode).toBe(409);
    expect((await call('POST', '/reports', reporter.token, { reason: 'Nothing named' })).statusCode).toBe(422);

    expect((await call('GET', '/reports', reporter.token)).statusCode).toBe(403);
    const open = (await call('GET', '/reports', simpleAdmin.token)).json();
    expect(open.reports.find((r: { id: string }) => r.id === first.json().id)).toMatchObject({
      reason: 'Off topic',
      excerpt: 'Reported thread',
    });
    expect((await call('POST', `/reports/${first.json().id}/resolve`, simpleAdmin.token)).statusCode).toBe(204);
    expect((await call('POST', `/reports/${first.json().id}/resolve`, simpleAdmin.token)).statusCode).toBe(404);
  });

  it('marks replies from people who paid for the thread product with a buyer badge', async () => {
    const seller = await createUser(t.db, 'seller');
    const product = await createProduct(t.db, seller, { title: 'Prompt Pack' });
    const buyer = await member();
    await createPaidOrder(t.db, buyer.user, product);
    const stranger = await member();
    const thread = await postThread(stranger.token, { product_id: product.id });
    expect(thread.product).toEqual({ id: product.id, title: 'Prompt Pack' });

    const fromBuyer = (await call('POST', `/threads/${thread.id}/replies`, buyer.token, { body: 'I own it, works well' })).json();
    expect(fromBuyer.is_buyer).toBe(true);
    await call('POST', `/threads/${thread.id}/replies`, stranger.token, { body: 'Thanks' });
    const seen = (await call('GET', `/threads/${thread.id}`)).json();
    expect(seen.replies.map((r: { is_buyer: boolean }) => r.is_buyer)).toEqual([true, false]);

    // A product its seller gives away counts as bought, in the reply as posted and in the thread.
    const giveaway = await createProduct(t.db, seller, { title: 'Free Prompt Pack', priceCents: 0 });
    const taker = await member();
    await createPaidOrder(t.db, taker.user, giveaway);
    const freeThread = await postThread(stranger.token, { product_id: giveaway.id });
    const fromTaker = (
      await call('POST', `/threads/${freeThread.id}/replies`, taker.token, { body: 'Got it free, works' })
    ).json();
    expect(fromTaker.is_buyer).toBe(true);
    const listed = (await call('GET', `/threads/${freeThread.id}`)).json();
    expect(listed.replies.map((r: { is_buyer: boolean }) => r.is_buyer)).toEqual([true]);
  });

  it('stops naming a linked product once an admin rejects it or its seller deletes it, in the list and the thread', async () => {
    const admin = await member('admin');
    const seller = await createUser(t.db, 'seller');
    const sellerToken = await signIn(t.app, seller.email, FACTORY_PASSWORD);
    const doomed = await createProduct(t.db, seller, { title: 'Recalled Scraper Kit' });
    const removed = await createProduct(t.db, seller, { title: 'Withdrawn Voice Model' });
    const poster = await member();
    const first = await postThread(poster.token, { title: 'Scraper kit questions', product_id: doomed.id });
    const second = await postThread(poster.token, { title: 'Voice model questions', product_id: removed.id });
    expect(first.product).toEqual({ id: doomed.id, title: 'Recalled Scraper Kit' });

    const rejected = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${doomed.id}/reject`,
      headers: bearer(admin.token),
      payload: { reason: 'Breaks the terms of service' },
    });
    expect(rejected.statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/seller/products/${removed.id}`,
      headers: bearer(sellerToken),
    });
    expect(deleted.statusCode).toBeLessThan(300);

    for (const token of [undefined, poster.token, admin.token]) {
      const list = await call('GET', '/threads?limit=50', token);
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain('Recalled Scraper Kit');
      expect(list.body).not.toContain('Withdrawn Voice Model');
      const listed = list.json().threads.filter((th: { id: string }) => [first.id, second.id].includes(th.id));
      expect(listed.map((th: { product: unknown }) => th.product)).toEqual([null, null]);
      for (const id of [first.id, second.id]) {
        const detail = await call('GET', `/threads/${id}`, token);
        expect(detail.statusCode).toBe(200);
        expect(detail.json().thread.product).toBeNull();
        expect(detail.body).not.toMatch(/Recalled Scraper Kit|Withdrawn Voice Model/);
      }
    }
    // The threads themselves stay.
    expect((await call('GET', `/threads/${first.id}`)).json().thread.title).toBe('Scraper kit questions');
  });

  it('hides a linked product while its seller is suspended, and shows it again once reinstated', async () => {
    const admin = await member('admin');
    const seller = await createUser(t.db, 'seller');
    const product = await createProduct(t.db, seller, { title: 'Suspended Seller Toolkit' });
    const poster = await member();
    const thread = await postThread(poster.token, { title: 'Toolkit questions', product_id: product.id });
    const suspend = (isActive: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/users/${seller.id}`,
        headers: bearer(admin.token),
        payload: { is_active: isActive },
      });
    expect((await suspend(false)).statusCode).toBe(200);
    expect((await call('GET', `/threads/${thread.id}`)).json().thread.product).toBeNull();
    expect((await call('GET', '/threads?limit=50')).body).not.toContain('Suspended Seller Toolkit');
    // Nor can a new thread link it meanwhile.
    const linked = await call('POST', '/threads', poster.token, {
      category_id: categoryId,
      title: 'Another toolkit question',
      body: 'Does it still work?',
      product_id: product.id,
    });
    expect(linked.statusCode).toBe(422);
    expect((await suspend(true)).statusCode).toBe(200);
    expect((await call('GET', `/threads/${thread.id}`)).json().thread.product).toEqual({
      id: product.id,
      title: 'Suspended Seller Toolkit',
    });
  });

  it('finds threads by full-text search and pages through them', async () => {
    const { token } = await member();
    const marker = `zebracorn${Date.now()}`;
    await postThread(token, { title: `Question about ${marker} models`, body: 'Body text' });
    await postThread(token, { title: 'Unrelated musings here', body: `Mentions ${marker} in the body` });
    const found = (await call('GET', `/threads?q=${marker}`)).json();
    expect(found.total).toBe(2);
    expect(found.threads[0].title).toBe(`Question about ${marker} models`);
    expect((await call('GET', `/threads?q=${encodeURIComponent(`"${marker}" -- & !(`)}`)).json().total).toBe(2);
    expect((await call('GET', '/threads?q=------')).statusCode).toBe(200);

    const paged = (await call('GET', '/threads?limit=1&page=2')).json();
    expect(paged.threads).toHaveLength(1);
    expect(paged.pages).toBe(paged.total);
    expect((await call('GET', '/threads?category=showcase')).json().total).toBe(0);
    const categories = (await call('GET', '/categories')).json().categories;
    expect(categories.find((c: { slug: string }) => c.slug === 'general').thread_count).toBe(paged.total);
    expect(categories.find((c: { slug: string }) => c.slug === 'showcase').thread_count).toBe(0);
  });

  it('rate-limits replies per member, even when they arrive at once', async () => {
    const author = await member();
    const spammer = await member();
    const thread = await postThread(author.token);
    const limit = t.config.community.repliesPerMinute;
    const results = await Promise.all(
      Array.from({ length: limit + 2 }, (_, i) =>
        call('POST', `/threads/${thread.id}/replies`, spammer.token, { body: `Spam ${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(limit);
    const limited = results.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(2);
    expect(limited[0]?.json().detail).toBe('You are posting too quickly. Please wait a minute and try again.');
    const [stored] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(forumReplies)
      .where(eq(forumReplies.threadId, thread.id));
    expect(stored?.n).toBe(limit);
    // Someone else is not affected.
    expect((await call('POST', `/threads/${thread.id}/replies`, author.token, { body: 'Mine' })).statusCode).toBe(201);
  });

  it('rate-limits new threads per member with a clear 429', async () => {
    const { token } = await member();
    const limit = t.config.community.threadsPerMinute;
    for (let i = 0; i < limit; i += 1) await postThread(token, { title: `Thread number ${i}` });
    const marker = `overflowthread${Date.now()}`;
    const limited = await call('POST', '/threads', token, { category_id: categoryId, title: `Spam ${marker}`, body: 'Spam' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      detail: 'You are posting too quickly. Please wait a minute and try again.',
    });
    expect((await call('GET', `/threads?q=${marker}`)).json().total).toBe(0);
  });
});
