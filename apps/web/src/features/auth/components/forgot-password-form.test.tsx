import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';

describe('forgot password', () => {
  it('validates, sends, then shows the check-your-email screen with resend', async () => {
    authStore.clear();
    let resendFails = false;
    const api = mockApi({
      'POST /api/v1/auth/forgot-password': () =>
        resendFails
          ? json(429, { detail: 'Too many requests', code: 'RATE_LIMITED' })
          : json(200, { message: 'If that account exists, a reset link is on its way.' }),
    });
    const { user } = renderRoute('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email address is required')).toBeTruthy();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText(/expires in 24 hours/)).toBeTruthy();
    expect(screen.getByText('Reset Link Sent!')).toBeTruthy();
    expect(api.calls('POST /api/v1/auth/forgot-password')[0]?.body).toEqual({ email: 'ada@example.com' });

    resendFails = true;
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Resend Failed')).toBeTruthy();
    expect(screen.getByText('Too many requests')).toBeTruthy();
  });
});
