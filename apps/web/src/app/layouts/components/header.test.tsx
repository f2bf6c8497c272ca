import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { menuTrigger, renderRoute } from '@/test/render';

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

  it('Sign in returns the visitor to the page they were on', async () => {
    authStore.clear();
    const api = mockApi({
      'GET /api/v1/community/categories': () => json(200, { categories: [] }),
      'GET /api/v1/community/threads': () => json(200, { threads: [], total: 0, page: 1, pages: 0 }),
      'POST /api/v1/auth/login': () => json(200, makeSession()),
    });
    const { user, router } = renderRoute('/community?sort=new');
    await screen.findByRole('heading', { level: 1 });

    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign in' }));
    await screen.findByLabelText('Email');
    expect(router.state.location.pathname).toBe('/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/community'));
    expect(router.state.location.search).toBe('?sort=new');
    expect(api.calls('POST /api/v1/auth/login')).toHaveLength(1);
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
    await user.click(await menuTrigger('User menu'));
    const menu = await screen.findByRole('menu');
    for (const name of ['Dashboard', 'My Orders', 'Wishlist', 'Sell Products', 'Profile Settings', 'Sign out']) {
      expect(within(menu).getByRole('menuitem', { name })).toBeTruthy();
    }
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Panel' })).toBeNull();
    unmount();

    authStore.setSession(makeSession({ role: 'admin' }));
    const admin = renderRoute('/');
    await admin.user.click(await menuTrigger('User menu'));
    expect((await screen.findByRole('menuitem', { name: 'Admin Panel' })).getAttribute('href')).toBe('/admin');
  });

  it('works the user menu from the keyboard: arrows move, Escape closes and focus returns to the avatar', async () => {
    authStore.setSession(makeSession());
    mockApi();
    const { user, router } = renderRoute('/');
    const trigger = await menuTrigger('User menu');

    trigger.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Dashboard'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('My Orders');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(trigger);

    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/wishlist'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens the navigation sheet from the menu button, traps focus there, closes on Escape and on a link', async () => {
    authStore.clear();
    mockApi();
    const { user, router } = renderRoute('/');
    const open = await menuTrigger('Open menu');

    await user.click(open);
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    const nav = within(sheet).getByRole('navigation', { name: 'Mobile' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Products', 'Community', 'About', 'Contact']);
    expect(within(sheet).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    // Focus stays inside the sheet (Tab cycles through its controls only).
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      expect(sheet.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);

    await user.click(open);
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'About' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists Admin Panel in the navigation sheet for admins only', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    mockApi();
    const { user } = renderRoute('/');
    await user.click(await menuTrigger('Open menu'));
    const sheet = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(sheet).getByRole('link', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
    expect(within(sheet).queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('signs out from a protected page back to / (not to /login)', async () => {
    authStore.setSession(makeSession());
    const api = mockApi({ 'POST /api/v1/auth/logout': () => new Response(null, { status: 204 }) });
    const { user, router } = renderRoute('/wishlist');
    await screen.findByRole('heading', { name: 'Wishlist' });

    await user.click(await menuTrigger('User menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByText('You have been signed out.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(authStore.getState().status).toBe('anonymous');
    expect(api.calls('POST /api/v1/auth/logout')).toHaveLength(1);
  });
});
