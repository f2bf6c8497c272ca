import { describe, expect, it } from 'vitest';
import { adminTestApp, createUser, FACTORY_PASSWORD, signedInUser } from '../../../test/factories';
import { bearer, callAs } from '../../../test/helpers';

/** `cast`: the admin Ada Min, the seller Sel Ler and a buyer, each signed in. */
const { t, cast } = adminTestApp();

const as = (token: string | null) => callAs(t.app, token);

describe('admin routes', () => {
  it('are for admins only: 401 anonymous, 403 buyer, seller and simple admin', async () => {
    const simpleToken = (await signedInUser(t, 'simple_admin')).token;
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
      for (const token of [cast.buyer.token, cast.seller.token, simpleToken]) {
        const response = await as(token)(method, url, body);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().detail).toBe('Admin access required');
      }
    }
    expect((await as(cast.admin.token)('GET', '/admin/dashboard/stats')).json()).toMatchObject({
      total_users: expect.any(Number),
      pending_products: expect.any(Number),
    });
    const settings = (await as(cast.admin.token)('GET', '/settings/public')).json();
    expect(settings.maintenance_mode).toBe(false);
  });
});

describe('system status (the console footer)', () => {
  it('measures uptime and counts the people signed in and active, for admins only', async () => {
    const status = async () => {
      const response = await as(cast.admin.token)('GET', '/admin/system-status');
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
    expect((await as(cast.buyer.token)('GET', '/admin/system-status')).statusCode).toBe(403);
  });
});

describe('announcements and settings', () => {
  it('sends an announcement to one role only', async () => {
    const response = await as(cast.admin.token)('POST', '/admin/notifications', {
      title: 'Seller payouts',
      message: 'Payouts run on Friday',
      audience: 'seller',
    });
    expect(response.statusCode).toBe(201);
    expect((await as(cast.seller.token)('GET', '/notifications')).json().notifications[0].title).toBe('Seller payouts');
    expect(
      (await as(cast.buyer.token)('GET', '/notifications')).json().notifications.map((n: { title: string }) => n.title),
    ).not.toContain('Seller payouts');
  });

  it('maintenance mode answers everyone but admins with 503 and the message, and sign-in still works', async () => {
    const on = await as(cast.admin.token)('PUT', '/admin/settings', {
      maintenance_mode: true,
      maintenance_message: 'Back at noon, upgrading.',
    });
    expect(on.json()).toMatchObject({ maintenance_mode: true });
    const blocked = await as(cast.buyer.token)('GET', '/orders');
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json().detail).toBe('Back at noon, upgrading.');
    expect((await as(null)('GET', '/products/')).statusCode).toBe(503);
    expect((await as(null)('GET', '/settings/public')).json().maintenance_mode).toBe(true);
    expect((await as(cast.admin.token)('GET', '/admin/products')).statusCode).toBe(200);
    expect(
      (await as(null)('POST', '/auth/admin/login', { email: cast.admin.user.email, password: FACTORY_PASSWORD })).statusCode,
    ).toBe(200);
    await as(cast.admin.token)('PUT', '/admin/settings', { maintenance_mode: false });
    expect((await as(cast.buyer.token)('GET', '/orders')).statusCode).toBe(200);
  });

  it('maintenance mode cannot be dodged by spelling the path differently', async () => {
    await as(cast.admin.token)('PUT', '/admin/settings', {
      maintenance_mode: true,
      maintenance_message: 'Back at noon, upgrading.',
    });
    const raw = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(cast.buyer.token) });
    for (const url of ['/%61pi/v1/cart', '/api/v1/%63art', '/api/%761/cart/', '/%61pi/v1/products/?search=ab']) {
      const response = await raw(url);
      expect(response.statusCode, url).toBe(503);
      expect(response.json().detail).toBe('Back at noon, upgrading.');
    }
    // An open path stays open however it is spelled.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/admin/%6cogin',
      payload: { email: cast.admin.user.email, password: FACTORY_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    await as(cast.admin.token)('PUT', '/admin/settings', { maintenance_mode: false });
    expect((await raw('/%61pi/v1/cart')).statusCode).toBe(200);
  });
});
