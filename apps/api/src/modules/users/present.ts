import type { PublicUser } from '@app/shared';
import { normalizeRole } from '@app/shared';
import type { UserRow } from './repository';

export function avatarUrl(avatarKey: string | null): string | null {
  return avatarKey ? `/api/v1/media/${avatarKey}` : null;
}

/** The account as the API shows it (spec §3 User); never includes secrets. */
export function presentUser(user: UserRow): PublicUser {
  const role = normalizeRole(user.role) ?? 'buyer';
  const avatar = avatarUrl(user.avatarKey) ?? user.pictureUrl;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role,
    auth_provider: user.authProvider === 'google' ? 'google' : 'local',
    newsletter_subscribed: user.newsletterSubscribed,
    avatar,
    picture: user.pictureUrl ?? avatar,
    email_verified: user.emailVerified,
    is_active: user.isActive,
    totp_enabled: user.totpEnabled,
    total_purchases: 0,
    total_spent: 0,
    products_listed: 0,
    permissions: [],
    roles: [role],
    created_at: user.createdAt.toISOString(),
  };
}
