import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession, makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const OTPAUTH = 'otpauth://totp/AI%20Marketplace:root%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=AI%20Marketplace';

function openProfile(role: string, overrides = {}, handlers: Parameters<typeof mockApi>[0] = {}) {
  authStore.setSession(makeSession({ role, ...overrides }));
  const api = mockApi({ 'GET /api/v1/users/me': () => json(200, makeUser({ role, ...overrides })), ...handlers });
  return { ...renderRoute('/profile'), api };
}

describe('two-factor sign-in on the profile', () => {
  it('is only offered to admins', async () => {
    openProfile('buyer');
    await screen.findByRole('heading', { name: 'Profile settings' });
    expect(screen.queryByRole('heading', { name: /Two-factor sign-in/ })).toBeNull();
  });

  it('sets up with the secret and link shown as text, then turns on with a code', async () => {
    const { user, api } = openProfile(
      'admin',
      {},
      {
        'POST /api/v1/auth/totp/setup': () => json(200, { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: OTPAUTH }),
        'POST /api/v1/auth/totp/enable': ({ body }) =>
          (body as { code: string }).code === '123456'
            ? json(200, { message: 'Two-factor sign-in is on', totp_enabled: true })
            : json(422, {
                detail: 'Invalid authentication code',
                code: 'VALIDATION_FAILED',
                errors: [{ field: 'code', message: 'Invalid authentication code' }],
              }),
      },
    );
    const card = (await screen.findByRole('heading', { name: /Two-factor sign-in/ })).closest('.rounded-2xl') as HTMLElement;
    expect(within(card).getByText('Off')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await within(card).findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(within(card).getByRole('link', { name: OTPAUTH }).getAttribute('href')).toBe(OTPAUTH);

    await user.type(within(card).getByLabelText('Authentication code'), '12');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByText('Enter the 6-digit code')).toBeTruthy();

    await user.clear(within(card).getByLabelText('Authentication code'));
    await user.type(within(card).getByLabelText('Authentication code'), '000000');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByText('Invalid authentication code')).toBeTruthy();

    await user.clear(within(card).getByLabelText('Authentication code'));
    await user.type(within(card).getByLabelText('Authentication code'), '123456');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-factor sign-in is on')).toBeTruthy();
    expect(within(card).getByText('On')).toBeTruthy();
    expect(authStore.getState().user?.totp_enabled).toBe(true);
    expect(api.calls('POST /api/v1/auth/totp/enable').at(-1)?.body).toEqual({ code: '123456' });
  });

  it('turns off with a current code', async () => {
    const { user, api } = openProfile(
      'admin',
      { totp_enabled: true },
      {
        'POST /api/v1/auth/totp/disable': () => json(200, { message: 'Two-factor sign-in is off', totp_enabled: false }),
      },
    );
    const card = (await screen.findByRole('heading', { name: /Two-factor sign-in/ })).closest('.rounded-2xl') as HTMLElement;
    await user.type(within(card).getByLabelText('Authentication code'), '654321');
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor sign-in is off')).toBeTruthy();
    expect(api.calls('POST /api/v1/auth/totp/disable')[0]?.body).toEqual({ code: '654321' });
    expect(authStore.getState().user?.totp_enabled).toBe(false);
  });
});
