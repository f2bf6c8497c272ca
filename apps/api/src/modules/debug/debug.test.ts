import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';

const DEBUG_ROUTES = ['/debug/check-uploads', '/debug/check-auth-token', '/test', '/simple-admin-test/status'];

let t: TestApp;
let adminAuth: { authorization: string };
let adminEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, 'admin');
  adminEmail = admin.email;
  adminAuth = bearer(await signIn(t.app, admin.email, FACTORY_PASSWORD));
});

afterAll(async () => {
  await t?.close();
});

const get = (app: TestApp, path: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url: `/api/v1${path}`, headers });

describe('debug routes outside production', () => {
  it('are for admins only: 401 for the anonymous, 403 for buyers, sellers and simple admins', async () => {
    const others = await Promise.all(['buyer', 'seller', 'simple_admin'].map((role) => createUser(t.db, role)));
    for (const path of DEBUG_ROUTES) {
      expect((await get(t, path)).statusCode, path).toBe(401);
      for (const user of others) {
        const response = await get(t, path, bearer(await signIn(t.app, user.email, FACTORY_PASSWORD)));
        expect(response.statusCode, `${user.role} ${path}`).toBe(403);
      }
    }
  });

  it('check-uploads tells which stored product images are really there', async () => {
    const seller = await createUser(t.db, 'seller');
    await t.deps.storage.put('product-images/present.png', Buffer.from('png-bytes'));
    await createProduct(t.db, seller, { images: ['product-images/present.png', 'product-images/missing.png'] });
    const response = await get(t, '/debug/check-uploads', adminAuth);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ uploads_exists: true, uploads_path: t.config.filesDir });
    expect(body.files).toEqual(
      expect.arrayContaining([
        { filename: 'present.png', url: '/api/v1/media/product-images/present.png', exists: true },
        { filename: 'missing.png', url: '/api/v1/media/product-images/missing.png', exists: false },
      ]),
    );
  });

  it('check-auth-token describes the caller’s token; test and simple-admin status answer', async () => {
    const token = await get(t, '/debug/check-auth-token', adminAuth);
    expect(token.json()).toMatchObject({ valid: true, user: { email: adminEmail, role: 'admin' } });
    expect(Date.parse(token.json().expires_at)).toBeGreaterThan(Date.parse(token.json().issued_at));
    expect((await get(t, '/test', adminAuth)).json()).toMatchObject({ message: 'API is working', environment: 'test' });
    await createUser(t.db, 'simple_admin');
    const status = (await get(t, '/simple-admin-test/status', adminAuth)).json();
    expect(status.status).toBe('ok');
    expect(status.simple_admins.total).toBeGreaterThanOrEqual(1);
  });
});

describe('debug routes in production', () => {
  it('do not exist, even for an admin', async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      METRICS_TOKEN: 'metrics-token-for-tests',
      PAYOUT_ENCRYPTION_KEY: 'cd'.repeat(32),
      WEBHOOK_SECRET_KEY: 'ef'.repeat(32),
      // Required in production; nothing here sends mail.
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    try {
      const admin = await createUser(production.db, 'admin');
      const auth = bearer(await signIn(production.app, admin.email, FACTORY_PASSWORD));
      for (const path of DEBUG_ROUTES) {
        const response = await get(production, path, auth);
        expect(response.statusCode, path).toBe(404);
      }
      const openapi = (await get(production, '/openapi.json')).json();
      // The debug routes by their exact paths (a seller's webhook has a '/test' route of its own).
      const documented = DEBUG_ROUTES.map((route) => `/api/v1${route}`);
      expect(Object.keys(openapi.paths).filter((path) => path.includes('/debug/') || documented.includes(path))).toEqual([]);
    } finally {
      await production.close();
    }
  });
});
