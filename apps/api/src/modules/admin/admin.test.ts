import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import type { UserRow } from '../users/repository';

let t: TestApp;
let admin: UserRow;
let seller: UserRow;
let adminToken: string;
let sellerToken: string;
let buyerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, 'admin', { firstName: 'Ada', lastName: 'Min' });
  seller = await createUser(t.db, 'seller', { firstName: 'Sel', lastName: 'Ler' });
  const buyer = await createUser(t.db, 'buyer');
  adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
  sellerToken = await signIn(t.app, seller.email, FACTORY_PASSWORD);
  buyerToken = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const as = (token: string | null) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });

describe('admin routes', () => {
  it('are for admins only: 401 anonymous, 403 buyer, seller and simple admin', async () => {
    const simple = await createUser(t.db, 'simple_admin');
    const simpleToken = await signIn(t.app, simple.email, FACTORY_PASSWORD);
    const routes: ['GET' | 'PUT' | 'POST', string, object?][] = [
      ['GET', '/admin/dashboard/stats'],
      ['GET', '/admin/products'],
      ['GET', '/admin/users'],
      ['GET', '/admin/orders'],
      ['GET', '/admin/stats'],
      ['PUT', '/admin/settings', { maintenance_mode: true }],
      ['POST', '/admin/notifications', { title: 'Hello all', message: 'A message for everyone' }],
      ['POST', '/admin/products/bulk-update', { product_ids: [crypto.randomUUID()], updates: { featured: true } }],
    ];
    for (const [method, url, body] of routes) {
      expect((await as(null)(method, url, body)).statusCode, url).toBe(401);
      for (const token of [buyerToken, sellerToken, simpleToken]) {
        const response = await as(token)(method, url, body);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().detail).toBe('Admin access required');
      }
    }
    expect((await as(adminToken)('GET', '/admin/dashboard/stats')).json()).toMatchObject({
      total_users: expect.any(Number),
      pending_products: expect.any(Number),
    });
    const settings = (await as(adminToken)('GET', '/settings/public')).json();
    expect(settings.maintenance_mode).toBe(false);
  });
});

describe('system status (the console footer)', () => {
  it('measures uptime and counts the people signed in and active, for admins only', async () => {
    const status = async () => {
      const response = await as(adminToken)('GET', '/admin/system-status');
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const before = await status();
    expect(before.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(Math.abs(Date.parse(before.started_at) + before.uptime_seconds * 1000 - Date.now())).toBeLessThan(5_000);
    expect(before.online_window_minutes).toBe(t.config.accessTokenTtlMinutes);

    // A new member signs in twice (two browsers): one more person online, not two.
    const member = await createUser(t.db, 'buyer');
    const login = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: member.email, password: FACTORY_PASSWORD } });
    const browsers = [await login(), await login()].map((answer) => String(answer.headers['set-cookie']).split(';')[0]);
    expect((await status()).users_online).toBe(before.users_online + 1);
    // Signed out in one browser, still online in the other; signed out in both, off the count.
    const signOut = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } });
    expect((await signOut(browsers[0] as string)).statusCode).toBe(204);
    expect((await status()).users_online).toBe(before.users_online + 1);
    expect((await signOut(browsers[1] as string)).statusCode).toBe(204);
    expect((await status()).users_online).toBe(before.users_online);

    expect((await as(null)('GET', '/admin/system-status')).statusCode).toBe(401);
    expect((await as(buyerToken)('GET', '/admin/system-status')).statusCode).toBe(403);
  });
});

describe('announcements and settings', () => {
  it('sends an announcement to one role only', async () => {
    const response = await as(adminToken)('POST', '/admin/notifications', {
      title: 'Seller payouts',
      message: 'Payouts run on Friday',
      audience: 'seller',
    });
    expect(response.statusCode).toBe(201);
    expect((await as(sellerToken)('GET', '/notifications')).json().notifications[0].title).toBe('Seller payouts');
    expect(
      (await as(buyerToken)('GET', '/notifications')).json().notifications.map((n: { title: string }) => n.title),
    ).not.toContain('Seller payouts');
  });

  it('maintenance mode answers everyone but admins with 503 and the message, and sign-in still works', async () => {
    const on = await as(adminToken)('PUT', '/admin/settings', {
      maintenance_mode: true,
      maintenance_message: 'Back at noon, upgrading.',
    });
    expect(on.json()).toMatchObject({ maintenance_mode: true });
    const blocked = await as(buyerToken)('GET', '/orders');
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json().detail).toBe('Back at noon, upgrading.');
    expect((await as(null)('GET', '/products/')).statusCode).toBe(503);
    expect((await as(null)('GET', '/settings/public')).json().maintenance_mode).toBe(true);
    expect((await as(adminToken)('GET', '/admin/products')).statusCode).toBe(200);
    expect((await as(null)('POST', '/auth/admin/login', { email: admin.email, password: FACTORY_PASSWORD })).statusCode).toBe(
      200,
    );
    await as(adminToken)('PUT', '/admin/settings', { maintenance_mode: false });
    expect((await as(buyerToken)('GET', '/orders')).statusCode).toBe(200);
  });

  it('maintenance mode cannot be dodged by spelling the path differently', async () => {
    await as(adminToken)('PUT', '/admin/settings', { maintenance_mode: true, maintenance_message: 'Back at noon, upgrading.' });
    const raw = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(buyerToken) });
    for (const url of ['/%61pi/v1/cart', '/api/v1/%63art', '/api/%761/cart/', '/%61pi/v1/products/?search=ab']) {
      const response = await raw(url);
      expect(response.statusCode, url).toBe(503);
      expect(response.json().detail).toBe('Back at noon, upgrading.');
    }
    // An open path stays open however it is spelled.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/admin/%6cogin',
      payload: { email: admin.email, password: FACTORY_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    await as(adminToken)('PUT', '/admin/settings', { maintenance_mode: false });
    expect((await raw('/%61pi/v1/cart')).statusCode).toBe(200);
  });
});
