import { describe, expect, it } from 'vitest';
import { hasRole, homePathForRole, normalizeRole } from './roles';

describe('roles (spec §6)', () => {
  it('ignores case and treats user as buyer', () => {
    expect(normalizeRole('ADMIN')).toBe('admin');
    expect(normalizeRole('User')).toBe('buyer');
    expect(normalizeRole('pirate')).toBeNull();
    expect(hasRole('Seller', ['seller', 'admin'])).toBe(true);
    expect(hasRole('user', ['buyer'])).toBe(true);
    expect(hasRole('buyer', ['admin'])).toBe(false);
    expect(hasRole(undefined, ['buyer'])).toBe(false);
  });

  it('sends each role to its home after sign-in', () => {
    expect(homePathForRole('admin')).toBe('/admin');
    expect(homePathForRole('seller')).toBe('/seller');
    expect(homePathForRole('buyer')).toBe('/dashboard');
    expect(homePathForRole('simple_admin')).toBe('/simple-admin');
  });
});
