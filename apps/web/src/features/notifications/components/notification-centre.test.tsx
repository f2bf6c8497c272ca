import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { NOTIFICATIONS_POLL_MS } from '../api/get-notifications';

const approved = {
  id: 'n-1',
  type: 'success',
  title: '"Prompt Toolkit" is live',
  message: 'Your product was approved and is now visible in the marketplace.',
  link: '/seller',
  read: false,
  timestamp: new Date(Date.now() - 5 * 60_000).toISOString(),
};
const announcement = {
  id: 'n-2',
  type: 'info',
  title: 'Spring sale',
  message: 'Everything is 10% off this weekend.',
  link: null,
  read: false,
  timestamp: new Date(Date.now() - 2 * 86_400_000).toISOString(),
};

function withRead(ids: string[] | 'all') {
  const list = [approved, announcement].map((note) => ({ ...note, read: ids === 'all' || ids.includes(note.id) }));
  return { notifications: list, unread: list.filter((note) => !note.read).length };
}

describe('notification centre', () => {
  it('is not offered to visitors', async () => {
    authStore.clear();
    const api = mockApi();
    renderRoute('/about');
    await screen.findByRole('link', { name: 'Sign in' });
    expect(screen.queryByRole('button', { name: 'Notifications' })).toBeNull();
    expect(api.calls('GET /api/v1/notifications')).toHaveLength(0);
  });

  it('shows the unread count, lists notifications and marks one, then all, as read', async () => {
    authStore.setSession(makeSession());
    const api = mockApi({
      'GET /api/v1/notifications': () => json(200, withRead([])),
      'PUT /api/v1/notifications/n-2/read': () => json(200, withRead(['n-2'])),
      'PUT /api/v1/notifications/read-all': () => json(200, withRead('all')),
    });
    const { user } = renderRoute('/about');

    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(bell.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(bell.getAttribute('aria-describedby') ?? '')?.textContent).toContain('2 unread');

    await user.click(bell);
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('"Prompt Toolkit" is live')).toBeTruthy();
    expect(within(panel).getByText('Everything is 10% off this weekend.')).toBeTruthy();
    expect(within(panel).getByText('5 minutes ago')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/seller');

    await user.click(within(panel).getByRole('button', { name: 'Mark "Spring sale" as read' }));
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Mark "Spring sale" as read' })).toBeNull());
    expect(document.getElementById(bell.getAttribute('aria-describedby') ?? '')?.textContent).toContain('1 unread');

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell.getAttribute('aria-describedby')).toBeNull());
    expect(within(panel).queryByRole('button', { name: /as read/ })).toBeNull();
    expect(api.calls('PUT /api/v1/notifications/read-all')).toHaveLength(1);
  });

  it('checks for new notifications every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    authStore.setSession(makeSession());
    const api = mockApi();
    renderRoute('/about');
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(api.calls('GET /api/v1/notifications')).toHaveLength(1));

    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS);
    });
    await waitFor(() => expect(api.calls('GET /api/v1/notifications')).toHaveLength(2));
  });
});
