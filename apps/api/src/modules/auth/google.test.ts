import { sql } from 'drizzle-orm';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalJwks } from '../../../test/google';
import { createTestApp, registerUser, type TestApp, uniqueEmail } from '../../../test/helpers';

const CLIENT_ID = 'marketplace-test.apps.googleusercontent.com';

let jwks: Awaited<ReturnType<typeof startLocalJwks>>;
let t: TestApp;

beforeAll(async () => {
  jwks = await startLocalJwks();
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwks.jwksUrl });
});
afterAll(async () => {
  await t.close();
  await jwks.close();
});

const googleLogin = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { token } });

describe('Google sign-in', () => {
  it('creates a Google account on first sign-in and links the same one afterwards', async () => {
    const email = uniqueEmail('google');
    const token = await jwks.signIdToken({
      aud: CLIENT_ID,
      sub: 'google-sub-1',
      email,
      given_name: 'Gia',
      family_name: 'Google',
    });
    const first = await googleLogin(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ email, auth_provider: 'google', role: 'buyer', first_name: 'Gia' });
    const again = await googleLogin(token);
    expect(again.json().user.id).toBe(first.json().user.id);
  });

  it('links an existing e-mail account to Google', async () => {
    const local = await registerUser(t.app);
    const token = await jwks.signIdToken({ aud: CLIENT_ID, sub: 'google-sub-2', email: local.email });
    const response = await googleLogin(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(local.id);
  });

  it('refuses tokens with the wrong audience, issuer, signature or expiry', async () => {
    const email = uniqueEmail('google');
    const otherKey = (await generateKeyPair('RS256')).privateKey;
    const bad = [
      await jwks.signIdToken({ aud: 'someone-else', sub: 's3', email }),
      await jwks.signIdToken({ aud: CLIENT_ID, sub: 's3', email, iss: 'https://evil.example' }),
      await jwks.signIdToken({ aud: CLIENT_ID, sub: 's3', email }, { key: otherKey }),
      await jwks.signIdToken({ aud: CLIENT_ID, sub: 's3', email }, { expiresIn: -60 }),
      'not-a-jwt',
    ];
    for (const token of bad) {
      const response = await googleLogin(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('Google authentication failed');
    }
    const [{ total }] = (await t.db.execute(sql`select count(*)::int as total from users where email = ${email}`)).rows as [
      { total: number },
    ];
    expect(total).toBe(0);
  });

  it('sends admins to the admin login system', async () => {
    const admin = await registerUser(t.app);
    await t.db.execute(sql`update users set role = 'admin' where id = ${admin.id}`);
    const token = await jwks.signIdToken({ aud: CLIENT_ID, sub: 'google-admin', email: admin.email });
    const response = await googleLogin(token);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('Admin users must use the admin login system.');
  });

  it('tells the storefront the client id so it can show the button', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(response.json()).toEqual({ google_client_id: CLIENT_ID });
  });
});

describe('Google sign-in when not configured', () => {
  it('answers 404 with a clear detail and hides the button', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { token: 'x' } });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toMatch(/not configured/);
      const providers = await plain.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
      expect(providers.json()).toEqual({ google_client_id: null });
    } finally {
      await plain.close();
    }
  });
});
