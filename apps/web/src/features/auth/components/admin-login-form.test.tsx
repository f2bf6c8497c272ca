import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { adminDashboardHandlers } from '@/test/marketplace-fixtures';
import { renderRoute } from '@/test/render';

const VALID_CODE = '123456';

describe('admin sign-in with two-factor', () => {
  it('asks for the authenticator code when the server says TOTP_REQUIRED, then resubmits with it', async () => {
    authStore.clear();
    const api = mockApi({
      'POST /api/v1/auth/admin/login': ({ body }) => {
        const { totp_code } = body as { totp_code?: string };
        if (!totp_code) return json(401, { detail: 'Enter the 6-digit code from your authenticator app', code: 'TOTP_REQUIRED' });
        if (totp_code !== VALID_CODE) return json(401, { detail: 'Invalid authentication code', code: 'TOTP_REQUIRED' });
        return json(200, makeSession({ role: 'admin', totp_enabled: true }));
      },
      ...adminDashboardHandlers(),
    });
    const { user, router } = renderRoute('/admin/login');
    await screen.findByRole('heading', { name: 'Admin sign in' });
    expect(screen.queryByLabelText('Authentication code')).toBeNull();

    await user.type(screen.getByLabelText('Email'), 'root@example.com');
    await user.type(screen.getByLabelText('Password'), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = await screen.findByLabelText('Authentication code');
    expect(document.activeElement).toBe(code);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(authStore.getState().status).toBe('anonymous');

    // Checked before it is sent.
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(api.calls('POST /api/v1/auth/admin/login')).toHaveLength(1);

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid authentication code')).toBeTruthy();

    await user.clear(code);
    await user.type(code, VALID_CODE);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
    const calls = api.calls('POST /api/v1/auth/admin/login');
    expect(calls[0]?.body).toEqual({ email: 'root@example.com', password: 'analytical-engine' });
    expect(calls.at(-1)?.body).toEqual({ email: 'root@example.com', password: 'analytical-engine', totp_code: VALID_CODE });
  });
});
