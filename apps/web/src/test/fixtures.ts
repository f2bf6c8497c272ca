import type { AuthResponse, PublicUser } from '@app/shared';

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    role: 'buyer',
    auth_provider: 'local',
    newsletter_subscribed: true,
    avatar: null,
    picture: null,
    email_verified: true,
    is_active: true,
    totp_enabled: false,
    total_purchases: 0,
    total_spent: 0,
    products_listed: 0,
    permissions: [],
    roles: [],
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeSession(overrides: Partial<PublicUser> = {}, token = 'access-token-1'): AuthResponse {
  return { user: makeUser(overrides), access_token: token, token_type: 'bearer' };
}
