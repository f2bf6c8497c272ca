import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';

describe('reset password page', () => {
  it('resets with the token from the link and goes to /login', async () => {
    authStore.clear();
    const api = mockApi({ 'POST /api/v1/auth/reset-password': () => json(200, { message: 'Your password has been reset.' }) });
    const { user, router } = renderRoute('/reset-password?token=tok-123');
    await screen.findByRole('heading', { name: 'Choose a new password' });

    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('Your password has been reset.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls('POST /api/v1/auth/reset-password')[0]?.body).toEqual({ token: 'tok-123', new_password: 'new-password-1' });
  });

  it('shows an expired link and offers a new one', async () => {
    authStore.clear();
    mockApi({
      'POST /api/v1/auth/reset-password': () =>
        json(400, { detail: 'This reset link is invalid or has expired.', code: 'BAD_REQUEST' }),
    });
    const { user } = renderRoute('/reset-password?token=old');
    await screen.findByRole('heading', { name: 'Choose a new password' });

    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    const box = await screen.findByRole('alert');
    expect(within(box).getByText('This reset link is invalid or has expired.')).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
  });
});
