import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession, makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

function openProfile(role: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  authStore.setSession(makeSession({ role }));
  const api = mockApi({ 'GET /api/v1/users/me': () => json(200, makeUser({ role })), ...handlers });
  return { ...renderRoute('/profile'), api };
}

describe('sale alert settings on the profile', () => {
  it('are not shown to a buyer', async () => {
    const { api } = openProfile('buyer');
    await screen.findByRole('heading', { name: 'Profile settings' });
    expect(screen.queryByText('Sale alerts')).toBeNull();
    expect(api.calls('GET /api/v1/seller/sale-alerts')).toHaveLength(0);
  });

  it('let a seller turn the sale e-mails off and on again, the notifications staying on', async () => {
    let emails = true;
    const { user, api } = openProfile('seller', {
      'GET /api/v1/seller/sale-alerts': () => json(200, { emails }),
      'PUT /api/v1/seller/sale-alerts': (request) => {
        emails = (request.body as { emails: boolean }).emails;
        return json(200, { emails });
      },
    });
    const box = (await screen.findByLabelText('Also e-mail me about every sale and refund')) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(screen.getByText('The notifications stay on: they are your record of each sale.')).toBeTruthy();

    await user.click(box);
    await waitFor(() => expect(api.calls('PUT /api/v1/seller/sale-alerts')[0]?.body).toEqual({ emails: false }));
    expect(await screen.findByText('Sale e-mails turned off')).toBeTruthy();
    await waitFor(() => expect(box.checked).toBe(false));

    await user.click(box);
    await waitFor(() => expect(api.calls('PUT /api/v1/seller/sale-alerts')[1]?.body).toEqual({ emails: true }));
    expect(await screen.findByText('Sale e-mails turned on')).toBeTruthy();
    await waitFor(() => expect(box.checked).toBe(true));
  });

  it('says so when the change is refused, and keeps the e-mails on', async () => {
    const { user } = openProfile('seller', {
      'GET /api/v1/seller/sale-alerts': () => json(200, { emails: true }),
      'PUT /api/v1/seller/sale-alerts': () => json(403, { detail: 'This action requires the seller role', code: 'FORBIDDEN' }),
    });
    const box = (await screen.findByLabelText('Also e-mail me about every sale and refund')) as HTMLInputElement;
    await user.click(box);
    expect(await screen.findByText('This action requires the seller role')).toBeTruthy();
    expect(box.checked).toBe(true);
  });

  it('tells the seller when the setting can not be loaded', async () => {
    openProfile('seller', {
      'GET /api/v1/seller/sale-alerts': () => json(500, { detail: 'Internal server error', code: 'INTERNAL' }),
    });
    expect(await screen.findByText('Your sale alert settings could not be loaded')).toBeTruthy();
  });
});
