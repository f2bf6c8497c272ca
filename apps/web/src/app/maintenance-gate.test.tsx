import { MAINTENANCE_POLL_MS } from '@app/shared';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { adminDashboardHandlers } from '@/test/marketplace-fixtures';
import { renderRoute } from '@/test/render';

const maintenance = (on: boolean) => () =>
  json(200, {
    site_name: 'Prompt Bazaar',
    admin_email: 'ops@example.com',
    maintenance_mode: on,
    maintenance_message: 'Back at 14:00 UTC with faster downloads.',
  });

describe('maintenance mode', () => {
  it('shows a buyer the maintenance screen on every page', async () => {
    authStore.setSession(makeSession({ role: 'buyer' }));
    mockApi({ 'GET /api/v1/settings/public': maintenance(true) });
    renderRoute('/about');

    expect(await screen.findByRole('heading', { name: 'Under Maintenance' })).toBeTruthy();
    expect(screen.getByText('Prompt Bazaar')).toBeTruthy();
    expect(screen.getByText('Back at 14:00 UTC with faster downloads.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin Access' }).getAttribute('href')).toBe('/admin/login');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('lets an admin use the site and the console', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    mockApi({ 'GET /api/v1/settings/public': maintenance(true), ...adminDashboardHandlers() });
    renderRoute('/admin');

    // The first visit loads the guard, the admin layout and the admin bundle one after another (each lazy).
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('Under Maintenance')).toBeNull();
  });

  it('keeps exactly /admin/login open to visitors', async () => {
    authStore.clear();
    mockApi({ 'GET /api/v1/settings/public': maintenance(true) });
    renderRoute('/admin/login');
    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeTruthy();
    expect(screen.queryByText('Under Maintenance')).toBeNull();
  });

  it('notices maintenance switched on within the 30-second poll, and uses the site name in the header', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    authStore.clear();
    let on = false;
    mockApi({ 'GET /api/v1/settings/public': () => maintenance(on)() });
    renderRoute('/about');
    expect((await screen.findAllByRole('link', { name: /Prompt Bazaar/ })).length).toBeGreaterThan(0);
    expect(screen.queryByText('Under Maintenance')).toBeNull();

    on = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_MS);
    });
    expect(await screen.findByRole('heading', { name: 'Under Maintenance' })).toBeTruthy();
  });
});
