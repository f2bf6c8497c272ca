import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ProtectedRoute } from './protected-route';

function LoginProbe() {
  const location = useLocation();
  return <p>login page, from {(location.state as { from?: string } | null)?.from ?? 'nowhere'}</p>;
}

const routes = [
  { path: '/', element: <p>home</p> },
  { path: '/login', element: <LoginProbe /> },
  { element: <ProtectedRoute />, children: [{ path: '/orders', element: <p>orders content</p> }] },
  { element: <ProtectedRoute roles={['admin']} />, children: [{ path: '/admin', element: <p>admin content</p> }] },
  { element: <ProtectedRoute roles={['seller', 'admin']} />, children: [{ path: '/seller', element: <p>seller content</p> }] },
  {
    element: <ProtectedRoute permission="manage_payments" />,
    children: [{ path: '/payments', element: <p>payments content</p> }],
  },
];

function dd(label: string) {
  return screen.getByText(label).nextElementSibling?.textContent;
}

describe('ProtectedRoute', () => {
  it('says it is checking while the session is being restored, then shows the page', async () => {
    renderRoute('/orders', { routes });
    expect(screen.getByText('Checking authentication...')).toBeTruthy();

    act(() => authStore.setSession(makeSession()));

    expect(await screen.findByText('orders content')).toBeTruthy();
  });

  it('sends a signed-out visitor to /login, remembering the page', async () => {
    authStore.clear();
    const { router } = renderRoute('/orders?status=pending', { routes });

    expect(await screen.findByText('login page, from /orders?status=pending')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows Access Denied with the required and the current role', async () => {
    authStore.setSession(makeSession({ role: 'buyer' }));
    renderRoute('/admin', { routes });

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(dd('Required role')).toBe('admin');
    expect(dd('Your role')).toBe('buyer');
    expect(screen.queryByText('admin content')).toBeNull();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });

  it('treats the legacy role "user" as buyer and lists every allowed role', async () => {
    authStore.setSession(makeSession({ role: 'USER' }));
    renderRoute('/seller', { routes });

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(dd('Required role')).toBe('seller, admin');
    expect(dd('Your role')).toBe('buyer');
  });

  it('lets a matching role through, ignoring case, from role or the roles list', async () => {
    authStore.setSession(makeSession({ role: 'Admin' }));
    const first = renderRoute('/seller', { routes });
    expect(await screen.findByText('seller content')).toBeTruthy();
    first.unmount();

    authStore.setSession(makeSession({ role: 'buyer', roles: ['seller'] }));
    renderRoute('/seller', { routes });
    expect(await screen.findByText('seller content')).toBeTruthy();
  });

  it('shows Insufficient Permissions when a named permission is missing, with Go Back', async () => {
    authStore.setSession(makeSession({ role: 'admin', permissions: ['manage_users'] }));
    const { user, router } = renderRoute('/', { routes });
    await router.navigate('/payments');

    expect(await screen.findByRole('heading', { name: 'Insufficient Permissions' })).toBeTruthy();
    expect(dd('Required permission')).toBe('manage_payments');

    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('home')).toBeTruthy();
  });

  it('lets a holder of the permission through', async () => {
    authStore.setSession(makeSession({ permissions: ['MANAGE_PAYMENTS'] }));
    renderRoute('/payments', { routes });
    expect(await screen.findByText('payments content')).toBeTruthy();
  });
});
