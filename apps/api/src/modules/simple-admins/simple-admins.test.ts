import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, type FormPart, multipartForm, signIn, type TestApp } from '../../../test/helpers';

let t: TestApp;
let adminToken: string;
let buyerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, 'admin');
  const buyer = await createUser(t.db, 'buyer');
  adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
  buyerToken = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const as = (token: string | null) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });

const productForm = (title: string) =>
  multipartForm(
    Object.entries({
      title,
      description: 'A product listed by a simple admin for review.',
      price: '12',
      category: 'scripts',
    })
      .map(([name, value]): FormPart => ({ name, value }))
      .concat({ name: 'files', filename: 'script.py', data: Buffer.from('print("hi")\n') }),
  );

describe('super admin manages simple admins', () => {
  it('is admin only on every path, the -no-auth aliases included', async () => {
    for (const base of ['/super-admin/simple-admins', '/super-admin/simple-admins-no-auth']) {
      expect((await as(null)('GET', base)).statusCode).toBe(401);
      expect((await as(buyerToken)('GET', base)).statusCode).toBe(403);
      expect((await as(null)('POST', base, { email: 'x@example.org', password: 'Strong-pass-99' })).statusCode).toBe(401);
    }
    expect((await as(adminToken)('GET', '/super-admin/simple-admins-no-auth')).statusCode).toBe(200);
  });

  it('creates, lists, toggles and deletes simple admins; an inactive one cannot sign in', async () => {
    const created = await as(adminToken)('POST', '/super-admin/simple-admins', {
      email: 'moderator1@example.org',
      password: 'Moderate-well-42',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().simple_admin.id;
    expect(
      (
        await as(adminToken)('POST', '/super-admin/simple-admins', {
          email: 'moderator1@example.org',
          password: 'Moderate-well-42',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await as(adminToken)('GET', '/super-admin/simple-admins')).json().simple_admins.map((s: { id: string }) => s.id),
    ).toContain(id);

    const login = await as(null)('POST', '/simple-admin/login', {
      email: 'moderator1@example.org',
      password: 'Moderate-well-42',
    });
    expect(login.json()).toMatchObject({ success: true, access_token: expect.any(String), user: { role: 'simple_admin' } });
    const token = login.json().access_token;

    expect(
      (await as(adminToken)('PUT', `/super-admin/simple-admins/${id}/toggle-status`, { is_active: false })).json().simple_admin
        .is_active,
    ).toBe(false);
    expect((await as(token)('GET', '/simple-admin/dashboard')).statusCode).toBe(401);
    expect(
      (await as(null)('POST', '/simple-admin/login', { email: 'moderator1@example.org', password: 'Moderate-well-42' }))
        .statusCode,
    ).toBe(403);

    expect((await as(adminToken)('DELETE', `/super-admin/simple-admins/${id}`)).statusCode).toBe(200);
    expect(
      (await as(adminToken)('GET', '/super-admin/simple-admins')).json().simple_admins.map((s: { id: string }) => s.id),
    ).not.toContain(id);
  });

  it('refuses other roles at the simple-admin login', async () => {
    const buyer = await createUser(t.db, 'buyer');
    const response = await as(null)('POST', '/simple-admin/login', { email: buyer.email, password: FACTORY_PASSWORD });
    expect(response.statusCode).toBe(403);
  });
});

describe('simple admin products', () => {
  it('creates pending products, sees only their own, cannot delete or approve', async () => {
    const one = await createUser(t.db, 'simple_admin');
    const two = await createUser(t.db, 'simple_admin');
    const oneToken = await signIn(t.app, one.email, FACTORY_PASSWORD);
    const twoToken = await signIn(t.app, two.email, FACTORY_PASSWORD);
    const form = productForm('Moderated Script');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/simple-admin/products',
      headers: { ...bearer(oneToken), ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode).toBe(201);
    const product = created.json().product;
    expect(product.status).toBe('pending');

    expect((await as(oneToken)('GET', '/simple-admin/products')).json()).toMatchObject({ total: 1 });
    expect((await as(twoToken)('GET', '/simple-admin/products')).json()).toMatchObject({ total: 0 });
    expect((await as(twoToken)('GET', `/simple-admin/products/${product.id}`)).statusCode).toBe(404);
    expect((await as(oneToken)('DELETE', `/seller/products/${product.id}`)).statusCode).toBe(403);
    expect((await as(oneToken)('PUT', `/admin/products/${product.id}/approve`)).statusCode).toBe(403);
    expect((await as(buyerToken)('GET', '/simple-admin/products')).statusCode).toBe(403);

    const review = (await as(adminToken)('GET', `/admin/simple-admins/${one.id}/products`)).json();
    expect(review.products.map((p: { id: string }) => p.id)).toEqual([product.id]);
    expect((await as(buyerToken)('GET', `/admin/simple-admins-no-auth/${one.id}/products`)).statusCode).toBe(403);
    expect((await as(oneToken)('GET', '/simple-admin/dashboard')).json()).toMatchObject({ pending: 1, total_products: 1 });
  });
});

const nextStep = () => Math.floor(Date.now() / 1000) + 30;

describe('two-factor sign-in for admins', () => {
  it('enrols with a code, then admin sign-in (and plain sign-in) asks for it', async () => {
    const admin = await createUser(t.db, 'admin');
    const token = await signIn(t.app, admin.email, FACTORY_PASSWORD);
    const { secret, otpauth_url } = (await as(token)('POST', '/auth/totp/setup')).json();
    expect(otpauth_url).toContain('otpauth://totp/');
    expect((await as(token)('POST', '/auth/totp/enable', { code: '000000' })).statusCode).toBe(422);
    expect((await as(token)('POST', '/auth/totp/enable', { code: await generate({ secret }) })).statusCode).toBe(200);

    const credentials = { email: admin.email, password: FACTORY_PASSWORD };
    const missing = await as(null)('POST', '/auth/admin/login', credentials);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'TOTP_REQUIRED' });
    expect((await as(null)('POST', '/auth/login', credentials)).json().code).toBe('TOTP_REQUIRED');
    expect((await as(null)('POST', '/auth/admin/login', { ...credentials, totp_code: '123456' })).statusCode).toBe(401);
    expect(
      // A code works once: sign-in takes the next one after the code that switched 2FA on.
      (await as(null)('POST', '/auth/admin/login', { ...credentials, totp_code: await generate({ secret, epoch: nextStep() }) }))
        .statusCode,
    ).toBe(200);
    const [row] = (await t.db.execute(sql`select totp_enabled from users where id = ${admin.id}`)).rows;
    expect(row).toEqual({ totp_enabled: true });
    expect((await as(buyerToken)('POST', '/auth/totp/setup')).statusCode).toBe(403);
  });
});
