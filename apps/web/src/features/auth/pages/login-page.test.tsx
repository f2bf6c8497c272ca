import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { adminDashboardHandlers, sellerHandlers } from '@/test/marketplace-fixtures';
import { renderRoute } from '@/test/render';

async function signIn(user: ReturnType<typeof renderRoute>['user'], email = 'ada@example.com') {
  await screen.findByRole('heading', { name: 'Welcome back' });
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'analytical-engine');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it('shows the server message in the red Authentication Error box', async () => {
    authStore.clear();
    mockApi({ 'POST /api/v1/auth/login': () => json(401, { detail: 'Invalid email or password', code: 'UNAUTHORIZED' }) });
    const { user } = renderRoute('/login');

    await signIn(user);

    const box = await screen.findByRole('alert');
    expect(within(box).getByText('Authentication Error')).toBeTruthy();
    expect(within(box).getByText('Invalid email or password')).toBeTruthy();
    expect(authStore.getState().status).toBe('anonymous');
  });

  it('asks an account with two-factor sign-in for its authenticator code, then signs in', async () => {
    authStore.clear();
    const api = mockApi({
      'POST /api/v1/auth/login': ({ body }) =>
        (body as { totp_code?: string }).totp_code === '246810'
          ? json(200, makeSession())
          : json(401, { detail: 'Enter the 6-digit code from your authenticator app', code: 'TOTP_REQUIRED' }),
    });
    const { user, router } = renderRoute('/login', { state: { from: '/wishlist' } });

    await signIn(user);
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.queryByText('Authentication Error')).toBeNull();
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Wishlist' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/wishlist');
    expect(api.calls('POST /api/v1/auth/login')[1]?.body).toEqual({
      email: 'ada@example.com',
      password: 'analytical-engine',
      totp_code: '246810',
    });
  });

  it('greets and returns to the remembered page', async () => {
    authStore.clear();
    const api = mockApi({ 'POST /api/v1/auth/login': () => json(200, makeSession()) });
    const { user, router } = renderRoute('/login', { state: { from: '/wishlist' } });

    await signIn(user, 'ADA@example.com');

    expect(await screen.findByText('Welcome!')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Wishlist' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/wishlist');
    expect(api.calls('POST /api/v1/auth/login')[0]?.body).toEqual({ email: 'ada@example.com', password: 'analytical-engine' });
  });

  it('without a remembered page sends each role to its home (seller → /seller)', async () => {
    authStore.clear();
    mockApi({ 'POST /api/v1/auth/login': () => json(200, makeSession({ role: 'seller' })), ...sellerHandlers() });
    const { user, router } = renderRoute('/login');

    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Seller dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/seller');
  });

  it('rejects a reply without user or token', async () => {
    authStore.clear();
    mockApi({ 'POST /api/v1/auth/login': () => json(200, { user: null }) });
    const { user } = renderRoute('/login');

    await signIn(user);

    expect(await screen.findByText('Invalid login response from server')).toBeTruthy();
  });

  it('offers Google only when the server has a client id', async () => {
    authStore.clear();
    const api = mockApi();
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });

    await screen.findByRole('button', { name: 'Sign in' });
    expect(api.calls('GET /api/v1/auth/providers')).toHaveLength(1);
    expect(screen.queryByText('or continue with email')).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });
});

describe('admin login page', () => {
  it("shows the server's refusal inline for a non-admin", async () => {
    authStore.clear();
    mockApi({ 'POST /api/v1/auth/admin/login': () => json(403, { detail: 'Admin access required', code: 'FORBIDDEN' }) });
    const { user } = renderRoute('/admin/login');
    await screen.findByRole('heading', { name: 'Admin sign in' });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(within(await screen.findByRole('alert')).getByText('Admin access required')).toBeTruthy();
  });

  it('falls back to the generic text when the server fails', async () => {
    authStore.clear();
    mockApi({ 'POST /api/v1/auth/admin/login': () => json(500, { detail: 'boom', code: 'INTERNAL' }) });
    const { user } = renderRoute('/admin/login');
    await screen.findByRole('heading', { name: 'Admin sign in' });

    await user.type(screen.getByLabelText('Email'), 'root@example.com');
    await user.type(screen.getByLabelText('Password'), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(within(await screen.findByRole('alert')).getByText('Login failed. Please try again.')).toBeTruthy();
  });

  it('signs an admin in, toasts and opens /admin', async () => {
    authStore.clear();
    mockApi({ 'POST /api/v1/auth/admin/login': () => json(200, makeSession({ role: 'admin' })), ...adminDashboardHandlers() });
    const { user, router } = renderRoute('/admin/login');
    await screen.findByRole('heading', { name: 'Admin sign in' });

    await user.type(screen.getByLabelText('Email'), 'root@example.com');
    await user.type(screen.getByLabelText('Password'), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Admin login successful!')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('sends an admin who is already signed in straight to /admin', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    mockApi(adminDashboardHandlers());
    const { router } = renderRoute('/admin/login');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
  });
});
