import type { ForumReply, ForumThread } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const THREAD_ID = '11111111-1111-4111-8111-111111111111';
const CATEGORY_ID = '33333333-3333-4333-8333-333333333333';
const categories = [
  { id: CATEGORY_ID, slug: 'general', name: 'General', description: '', thread_count: 1 },
  { id: '22222222-2222-4222-8222-222222222222', slug: 'product-help', name: 'Product help', description: '', thread_count: 0 },
];
const thread: ForumThread = {
  id: THREAD_ID,
  category_id: CATEGORY_ID,
  category_slug: 'general',
  title: 'How do I export prompts?',
  author: { id: 'u-author', name: 'Ada A.' },
  product: { id: 'p1', title: 'Prompt Pack' },
  reply_count: 1,
  is_pinned: true,
  is_locked: false,
  is_hidden: false,
  created_at: '2026-11-20T10:00:00.000Z',
  last_activity_at: '2026-11-21T10:00:00.000Z',
  body: 'I want to **export** it.',
  edited_at: null,
  can_edit: false,
  can_delete: false,
  can_reply: true,
  can_moderate: false,
};
const reply: ForumReply = {
  id: 'r1',
  thread_id: THREAD_ID,
  body: 'Try this <img src=x onerror="window.__pwned=1"> [link](javascript:alert(1))',
  author: { id: 'u-buyer', name: 'Ray R.' },
  is_buyer: true,
  is_hidden: false,
  created_at: '2026-11-21T10:00:00.000Z',
  edited_at: null,
  can_edit: false,
  can_delete: false,
};

const detail = (overrides: Partial<ForumThread> = {}) => ({
  thread: { ...thread, ...overrides },
  replies: [reply],
  total: 1,
  page: 1,
  pages: 1,
});

describe('community forum pages', () => {
  it('lists categories and threads for visitors and invites them to sign in', async () => {
    authStore.clear();
    const api = mockApi({
      'GET /api/v1/community/categories': () => json(200, { categories }),
      'GET /api/v1/community/threads': () => json(200, { threads: [thread], total: 1, page: 1, pages: 1 }),
    });
    const { user } = renderRoute('/community');
    expect(await screen.findByRole('heading', { level: 1, name: 'Community' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'How do I export prompts?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to start a thread' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Product help' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the forum' }), 'export');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const last = api.calls('GET /api/v1/community/threads').at(-1);
    expect(last?.url).toContain('category=product-help');
    expect(last?.url).toContain('q=export');
  });

  it('lets a member start a thread and opens it', async () => {
    authStore.setSession(makeSession());
    const api = mockApi({
      'GET /api/v1/community/categories': () => json(200, { categories }),
      'GET /api/v1/community/threads': () => json(200, { threads: [], total: 0, page: 1, pages: 0 }),
      'POST /api/v1/community/threads': () => json(201, { ...thread, product: null }),
      [`GET /api/v1/community/threads/${THREAD_ID}`]: () => json(200, detail()),
    });
    const { user } = renderRoute('/community');
    await user.click(await screen.findByRole('button', { name: 'Start a thread' }));
    const form = screen.getByRole('form', { name: 'Start a thread' });
    await user.click(within(form).getByRole('button', { name: 'Post thread' }));
    expect(await within(form).findByText('Title is required')).toBeTruthy();
    expect(api.calls('POST /api/v1/community/threads')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Title'), 'How do I export prompts?');
    await user.type(within(form).getByLabelText('Message'), 'I want to export it.');
    await user.click(within(form).getByRole('button', { name: 'Post thread' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'How do I export prompts?' })).toBeTruthy();
    expect(api.calls('POST /api/v1/community/threads')[0]?.body).toEqual({
      category_id: CATEGORY_ID,
      title: 'How do I export prompts?',
      body: 'I want to export it.',
    });
  });

  it('shows a thread with the buyer badge, renders payloads inert and posts a reply', async () => {
    authStore.setSession(makeSession());
    const api = mockApi({
      [`GET /api/v1/community/threads/${THREAD_ID}`]: () => json(200, detail()),
      [`POST /api/v1/community/threads/${THREAD_ID}/replies`]: () => json(201, { ...reply, id: 'r2', body: 'Thanks!' }),
    });
    const { user, container } = renderRoute(`/community/threads/${THREAD_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'How do I export prompts?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Prompt Pack' }).getAttribute('href')).toBe('/products/p1');
    const replyArticle = screen.getByRole('article', { name: 'Reply by Ray R.' });
    expect(within(replyArticle).getByText('Verified buyer')).toBeTruthy();
    expect(container.querySelector('img, [onerror]')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();

    await user.type(screen.getByLabelText('Message'), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    await screen.findByRole('button', { name: 'Post reply' });
    expect(api.calls(`POST /api/v1/community/threads/${THREAD_ID}/replies`)[0]?.body).toEqual({ body: 'Thanks!' });
  });

  it('tells members a locked thread is closed, and shows the server refusal', async () => {
    authStore.setSession(makeSession());
    mockApi({ [`GET /api/v1/community/threads/${THREAD_ID}`]: () => json(200, detail({ is_locked: true, can_reply: false })) });
    renderRoute(`/community/threads/${THREAD_ID}`);
    expect(await screen.findByText('This thread is locked. New replies are closed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post reply' })).toBeNull();
  });

  it('gives moderators pin, lock and hide', async () => {
    authStore.setSession(makeSession({ role: 'simple_admin' }));
    const api = mockApi({
      [`GET /api/v1/community/threads/${THREAD_ID}`]: () => json(200, detail({ can_moderate: true })),
      [`PATCH /api/v1/community/threads/${THREAD_ID}/moderation`]: () => json(200, { ...thread, is_locked: true }),
    });
    const { user } = renderRoute(`/community/threads/${THREAD_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Lock' }));
    expect(screen.getByRole('button', { name: 'Unpin' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Hide' })).toHaveLength(2);
    await screen.findByRole('button', { name: 'Lock' });
    expect(api.calls(`PATCH /api/v1/community/threads/${THREAD_ID}/moderation`)[0]?.body).toEqual({ is_locked: true });
  });

  it('shows moderators the open reports and resolves one; members never ask for them', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    const report = {
      id: 'rep-1',
      reason: 'Spam link',
      reporter: { id: 'u2', name: 'Rita R.' },
      thread_id: THREAD_ID,
      reply_id: 'r1',
      excerpt: 'Buy cheap pills',
      created_at: '2026-11-21T10:00:00.000Z',
    };
    let open = [report];
    const api = mockApi({
      'GET /api/v1/community/categories': () => json(200, { categories }),
      'GET /api/v1/community/threads': () => json(200, { threads: [], total: 0, page: 1, pages: 0 }),
      'GET /api/v1/community/reports': () => json(200, { reports: open, total: open.length, page: 1, pages: 1 }),
      'POST /api/v1/community/reports/rep-1/resolve': () => {
        open = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderRoute('/community');
    const panel = await screen.findByRole('region', { name: '1 open report' });
    expect(within(panel).getByRole('link', { name: 'Buy cheap pills' }).getAttribute('href')).toBe(
      `/community/threads/${THREAD_ID}`,
    );
    await user.click(within(panel).getByRole('button', { name: 'Mark resolved' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /open report/ })).toBeNull());
    expect(api.calls('POST /api/v1/community/reports/rep-1/resolve')).toHaveLength(1);

    authStore.setSession(makeSession());
    const member = mockApi({
      'GET /api/v1/community/categories': () => json(200, { categories }),
      'GET /api/v1/community/threads': () => json(200, { threads: [], total: 0, page: 1, pages: 0 }),
    });
    renderRoute('/community');
    await screen.findAllByRole('button', { name: 'Start a thread' });
    expect(member.calls('GET /api/v1/community/reports')).toHaveLength(0);
  });

  it('says when a thread is gone', async () => {
    authStore.clear();
    mockApi({
      [`GET /api/v1/community/threads/${THREAD_ID}`]: () => json(404, { detail: 'Thread not found', code: 'NOT_FOUND' }),
    });
    renderRoute(`/community/threads/${THREAD_ID}`);
    expect(await screen.findByRole('heading', { name: 'Thread not found' })).toBeTruthy();
  });
});
