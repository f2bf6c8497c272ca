import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const subscriber = {
  id: 's1',
  email: 'ada@example.com',
  status: 'confirmed',
  registered: true,
  created_at: '2026-11-20T10:00:00.000Z',
  confirmed_at: '2026-11-20T10:05:00.000Z',
  unsubscribed_at: null,
};

afterEach(() => vi.restoreAllMocks());

describe('admin newsletter page', () => {
  it('lists subscribers, filters by status and exports the CSV', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    const createUrl = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    const api = mockApi({
      'GET /api/v1/admin/newsletter/subscribers': () => json(200, { subscribers: [subscriber], total: 1, page: 1, pages: 1 }),
      'GET /api/v1/admin/newsletter/subscribers.csv': () =>
        new Response('email,status\r\nada@example.com,confirmed\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    const { user } = renderRoute('/admin/newsletter');
    const row = (await screen.findByText('ada@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Confirmed')).toBeTruthy();
    expect(within(row).getByText('Registered')).toBeTruthy();
    expect(screen.getByText('1 subscriber')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    expect(api.calls('GET /api/v1/admin/newsletter/subscribers').at(-1)?.url).toContain('status=pending');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(createUrl).toHaveBeenCalled());
    const exported = api.calls('GET /api/v1/admin/newsletter/subscribers.csv');
    expect(exported).toHaveLength(1);
    expect(exported[0]?.url).toContain('status=pending');
    expect(exported[0]?.headers.get('authorization')).toBe('Bearer access-token-1');
  });

  it('is not open to buyers', async () => {
    authStore.setSession(makeSession());
    const api = mockApi();
    renderRoute('/admin/newsletter');
    await screen.findByRole('heading', { name: /access denied/i });
    expect(api.calls('GET /api/v1/admin/newsletter/subscribers')).toHaveLength(0);
  });
});
