/** Roles (spec §6). `user` is a legacy name for buyer; checks ignore case. */
export const ROLES = ['buyer', 'seller', 'admin', 'simple_admin'] as const;
export type Role = (typeof ROLES)[number];

export function normalizeRole(role: string | null | undefined): Role | null {
  const value = (role ?? '').trim().toLowerCase();
  if (value === 'user' || value === 'buyer') return 'buyer';
  return (ROLES as readonly string[]).includes(value) ? (value as Role) : null;
}

export function hasRole(role: string | null | undefined, allowed: readonly string[]): boolean {
  const normalized = normalizeRole(role);
  return normalized !== null && allowed.some((candidate) => normalizeRole(candidate) === normalized);
}

/** Where a freshly signed-in user lands when no earlier page is remembered (spec §2 Login). */
export function homePathForRole(role: string | null | undefined): string {
  switch (normalizeRole(role)) {
    case 'admin':
      return '/admin';
    case 'seller':
      return '/seller';
    case 'simple_admin':
      return '/simple-admin';
    default:
      return '/dashboard';
  }
}
