import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

describe('admin leads page', () => {
  it('lists the assistant’s leads, linked from the admin sidebar', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    const api = mockApi({
      'GET /api/v1/admin/chatbot/leads': () =>
        json(200, {
          leads: [
            {
              id: 'lead-1',
              name: 'Grace Hopper',
              email: 'grace@example.org',
              need: 'A support bot for invoices',
              session_id: null,
              user_id: null,
              created_at: '2026-05-31T10:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pages: 1,
        }),
    });
    renderRoute('/admin/leads');

    expect(await screen.findByRole('heading', { level: 1, name: 'Chatbot leads' })).toBeTruthy();
    const row = (await screen.findByText('Grace Hopper')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'grace@example.org' }).getAttribute('href')).toBe('mailto:grace@example.org');
    expect(within(row).getByText('A support bot for invoices')).toBeTruthy();
    expect(within(row).getByText('May 31, 2026')).toBeTruthy();
    expect(api.calls('GET /api/v1/admin/chatbot/leads')[0]?.url).toContain('page=1&limit=20');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Chatbot leads' }).getAttribute('href')).toBe('/admin/leads');
  });

  it('says when there are no leads yet', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    mockApi({ 'GET /api/v1/admin/chatbot/leads': () => json(200, { leads: [], total: 0, page: 1, pages: 0 }) });
    renderRoute('/admin/leads');
    expect(await screen.findByText(/No leads yet/)).toBeTruthy();
  });
});
