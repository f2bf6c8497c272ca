import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';

const PENDING = { status: 'pending', detail: 'Please check your inbox and click the link to confirm your subscription.' };

describe('footer newsletter form', () => {
  it('asks for an address, then a valid one, then says only what the server confirmed', async () => {
    authStore.clear();
    const api = mockApi({ 'POST /api/v1/newsletter/subscribe': () => json(202, PENDING) });
    renderRoute('/');
    const user = userEvent.setup();
    // The footer loads beside the page (app/layouts/public-layout.tsx).
    const input = await screen.findByLabelText('Newsletter email');
    const submit = screen.getByRole('button', { name: 'Subscribe' });

    await user.click(submit);
    expect(await screen.findByText('Email Required')).toBeTruthy();
    expect(screen.getByText('Please enter your email address')).toBeTruthy();

    await user.type(input, 'ada@example');
    await user.click(submit);
    expect(await screen.findByText('Invalid Email')).toBeTruthy();
    expect(api.calls('POST /api/v1/newsletter/subscribe')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'ada@example.com');
    await user.click(submit);
    expect(await screen.findByText('Almost there!')).toBeTruthy();
    expect(screen.getByText('Please check your inbox and click the link to confirm your subscription.')).toBeTruthy();
    expect(screen.queryByText('Subscribed!')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('');
    expect(api.calls('POST /api/v1/newsletter/subscribe').map((request) => request.body)).toEqual([{ email: 'ada@example.com' }]);
  });

  it('keeps the address and shows the server error when the subscription fails', async () => {
    authStore.clear();
    mockApi({
      'POST /api/v1/newsletter/subscribe': () =>
        json(429, { detail: 'Too many requests. Please wait 1 minute and try again.', code: 'RATE_LIMITED' }),
    });
    renderRoute('/');
    const user = userEvent.setup();
    // The footer loads beside the page (app/layouts/public-layout.tsx).
    const input = await screen.findByLabelText('Newsletter email');
    await user.type(input, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscription failed')).toBeTruthy();
    expect(screen.getByText('Too many requests. Please wait 1 minute and try again.')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('ada@example.com');
  });
});
