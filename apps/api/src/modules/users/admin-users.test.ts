import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import type { UserRow } from './repository';

/** The admin console's user management (/admin/users). */

let t: TestApp;
let admin: UserRow;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, 'admin', { firstName: 'Ada', lastName: 'Min' });
  adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const as = (token: string | null) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });

describe('users', () => {
  it('changes roles, suspends (ending sessions at once) and protects the admin from themself', async () => {
    const target = await createUser(t.db, 'buyer');
    const targetToken = await signIn(t.app, target.email, FACTORY_PASSWORD);
    const found = (await as(adminToken)('GET', `/admin/users?search=${encodeURIComponent(target.email)}`)).json();
    expect(found.users.map((u: { id: string }) => u.id)).toEqual([target.id]);
    expect((await as(adminToken)('PUT', `/admin/users/${target.id}`, { role: 'seller' })).json().user.role).toBe('seller');
    expect((await as(adminToken)('PUT', `/admin/users/${target.id}`, { is_active: false })).json().user.is_active).toBe(false);
    expect((await as(targetToken)('GET', '/users/me')).statusCode).toBe(401);
    expect((await as(null)('POST', '/auth/login', { email: target.email, password: FACTORY_PASSWORD })).statusCode).toBe(403);

    const self = await as(adminToken)('PUT', `/admin/users/${admin.id}`, { role: 'buyer' });
    expect(self.statusCode).toBe(403);
    expect((await as(adminToken)('PUT', `/admin/users/${admin.id}`, { is_active: false })).statusCode).toBe(403);
  });
});
