import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

describe('header', () => {
  it('offers Sign in and Get started to visitors', async () => {
    authStore.clear();
    mockApi();
    renderRoute('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getAllByRole('link', { name: 'Sign in' })[0]?.getAttribute('href')).toBe('/login');
    expect(within(banner).getAllByRole('link', { name: 'Get started' })[0]?.getAttribute('href')).toBe('/register');
    expect(within(banner).queryByRole('button', { name: 'User menu' })).toBeNull();
  });

  it('searches the catalogue on submit', async () => {
    authStore.clear();
    mockApi();
    const { user, router } = renderRoute('/');

    const [box] = screen.getAllByRole('combobox', { name: 'Search products' });
    await user.type(box as HTMLElement, '  chat bot {Enter}');

    expect(await screen.findByRole('heading', { name: 'Results for "chat bot"' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/products');
    expect(router.state.location.search).toBe('?search=chat%20bot');
  });

  it('greets a signed-in user and lists the user menu; Admin Panel only for admins', async () => {
    authStore.setSession(makeSession());
    mockApi();
    const { user, unmount } = renderRoute('/');

    expect(screen.getByText('Welcome back,').textContent).toBe('Welcome back, Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    for (const name of ['Dashboard', 'My Orders', 'Wishlist', 'Sell Products', 'Profile Settings']) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).toBeNull();
    unmount();

    authStore.setSession(makeSession({ role: 'admin' }));
    const admin = renderRoute('/');
    await admin.user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.getByRole('link', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
  });

  it('signs out from a protected page back to / (not to /login)', async () => {
    authStore.setSession(makeSession());
    const api = mockApi({ 'POST /api/v1/auth/logout': () => new Response(null, { status: 204 }) });
    const { user, router } = renderRoute('/wishlist');
    await screen.findByRole('heading', { name: 'Wishlist' });

    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('You have been signed out.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(authStore.getState().status).toBe('anonymous');
    expect(api.calls('POST /api/v1/auth/logout')).toHaveLength(1);
  });
});
