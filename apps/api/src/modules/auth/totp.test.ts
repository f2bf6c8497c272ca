import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, refreshCookieOf, type TestApp } from '../../../test/helpers';

/** Admin two-factor sign-in: a code works once, wrong codes back off, switching it on ends other sessions. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });

const now = () => Math.floor(Date.now() / 1000);

/** An admin signed in once, with the session's access token and refresh cookie. */
async function adminSession(email: string) {
  const response = await post('/auth/admin/login', { email, password: FACTORY_PASSWORD });
  expect(response.statusCode).toBe(200);
  return { accessToken: response.json().access_token as string, cookie: refreshCookieOf(response) };
}

/** An admin with 2FA switched on (by a code of the current time-step); returns the secret. */
async function adminWithTwoFactor() {
  const admin = await createUser(t.db, 'admin');
  const session = await adminSession(admin.email);
  const { secret } = (await post('/auth/totp/setup', undefined, bearer(session.accessToken))).json();
  const enabled = await post('/auth/totp/enable', { code: await generate({ secret }) }, bearer(session.accessToken));
  expect(enabled.statusCode).toBe(200);
  return { admin, secret };
}

describe('authenticator codes', () => {
  it('accepts a code once: the same code again is refused', async () => {
    const { admin, secret } = await adminWithTwoFactor();
    const code = await generate({ secret, epoch: now() + 30 });
    const credentials = { email: admin.email, password: FACTORY_PASSWORD, totp_code: code };
    expect((await post('/auth/admin/login', credentials)).statusCode).toBe(200);

    const replay = await post('/auth/admin/login', credentials);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      code: 'TOTP_REQUIRED',
      detail: 'This code has already been used. Wait for the next code from your authenticator app.',
    });
    // The code that switched 2FA on cannot sign in either.
    const enrolmentCode = { ...credentials, totp_code: await generate({ secret, epoch: now() - 30 }) };
    expect((await post('/auth/admin/login', enrolmentCode)).statusCode).toBe(401);
  });

  it('answers 429 after 5 wrong codes, even for the right one, until the back-off is over', async () => {
    const { admin, secret } = await adminWithTwoFactor();
    const attempt = async (totp_code: string) =>
      post('/auth/admin/login', { email: admin.email, password: FACTORY_PASSWORD, totp_code });
    for (let i = 0; i < 5; i += 1) {
      const wrong = await attempt(String(100000 + i));
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().detail).toBe('Invalid authentication code');
    }
    const locked = await attempt(await generate({ secret, epoch: now() + 30 }));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      detail: 'Too many failed authentication codes. Please try again in 1 minute.',
    });

    await t.db.execute(
      sql`update users set totp_last_failure_at = totp_last_failure_at - interval '61 seconds' where id = ${admin.id}`,
    );
    expect((await attempt(await generate({ secret, epoch: now() + 30 }))).statusCode).toBe(200);
    const [row] = (await t.db.execute(sql`select totp_failures from users where id = ${admin.id}`)).rows;
    expect(row).toEqual({ totp_failures: 0 });
  });

  it('counts wrong codes when switching 2FA on or off too', async () => {
    const admin = await createUser(t.db, 'admin');
    const session = await adminSession(admin.email);
    await post('/auth/totp/setup', undefined, bearer(session.accessToken));
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/auth/totp/enable', { code: '000000' }, bearer(session.accessToken))).statusCode).toBe(422);
    }
    expect((await post('/auth/totp/enable', { code: '000000' }, bearer(session.accessToken))).statusCode).toBe(429);
  });

  it('switching 2FA on ends every other session of the admin but keeps this one', async () => {
    const admin = await createUser(t.db, 'admin');
    const other = await adminSession(admin.email);
    const current = await adminSession(admin.email);
    const { secret } = (await post('/auth/totp/setup', undefined, bearer(current.accessToken))).json();
    const enabled = await post(
      '/auth/totp/enable',
      { code: await generate({ secret }) },
      { ...bearer(current.accessToken), cookie: `refresh_token=${current.cookie}` },
    );
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ totp_enabled: true, access_token: expect.any(String) });

    // The other device: its access token and its refresh cookie are dead.
    const otherMe = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(other.accessToken) });
    expect(otherMe.statusCode).toBe(401);
    expect((await post('/auth/refresh', undefined, { cookie: `refresh_token=${other.cookie}` })).statusCode).toBe(401);

    // This device: the new access token works and the session refreshes.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(enabled.json().access_token) });
    expect(me.statusCode).toBe(200);
    expect((await post('/auth/refresh', undefined, { cookie: `refresh_token=${current.cookie}` })).statusCode).toBe(200);
  });
});
