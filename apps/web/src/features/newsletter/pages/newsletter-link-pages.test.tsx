import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';

describe('newsletter links', () => {
  it('confirms the subscription from the e-mailed link, once', async () => {
    authStore.clear();
    const api = mockApi({
      'POST /api/v1/newsletter/confirm': () => json(200, { status: 'confirmed', email: 'ada@example.com' }),
    });
    renderRoute('/newsletter/confirm?token=abc.def');
    expect(await screen.findByRole('heading', { name: "You're subscribed!" })).toBeTruthy();
    expect(screen.getByText(/ada@example.com will receive our newsletter/)).toBeTruthy();
    expect(api.calls('POST /api/v1/newsletter/confirm').map((request) => request.body)).toEqual([{ token: 'abc.def' }]);
  });

  it('says so when the link is invalid', async () => {
    authStore.clear();
    mockApi({
      'POST /api/v1/newsletter/confirm': () => json(400, { detail: 'This link is invalid or has expired', code: 'BAD_REQUEST' }),
    });
    renderRoute('/newsletter/confirm?token=forged');
    expect(await screen.findByRole('heading', { name: 'We could not confirm your subscription' })).toBeTruthy();
    expect(screen.getByText('This link is invalid or has expired')).toBeTruthy();
  });

  it('unsubscribes only after the reader confirms', async () => {
    authStore.clear();
    const api = mockApi({
      'POST /api/v1/newsletter/unsubscribe': () => json(200, { status: 'unsubscribed', email: 'ada@example.com' }),
    });
    const { user } = renderRoute('/newsletter/unsubscribe?token=tok');
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(api.calls('POST /api/v1/newsletter/unsubscribe')).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByRole('heading', { name: "You're unsubscribed" })).toBeTruthy();
    expect(api.calls('POST /api/v1/newsletter/unsubscribe').map((request) => request.body)).toEqual([{ token: 'tok' }]);
  });
});
