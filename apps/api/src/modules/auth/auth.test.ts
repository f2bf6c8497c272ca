import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  latestResetToken,
  outboxMessages,
  refreshCookieOf,
  registerUser,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

function fieldMessages(response: { json(): { errors?: { field: string; message: string }[] } }) {
  return Object.fromEntries((response.json().errors ?? []).map((e) => [e.field, e.message]));
}

describe('registration', () => {
  it('creates a buyer, signs them in and sets an httpOnly refresh cookie', async () => {
    const email = uniqueEmail('new');
    const response = await post('/auth/register', {
      first_name: 'Nora',
      last_name: 'Quinn',
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
      newsletter_subscribed: false,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.token_type).toBe('bearer');
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      email,
      first_name: 'Nora',
      role: 'buyer',
      auth_provider: 'local',
      newsletter_subscribed: false,
    });
    expect(JSON.stringify(body)).not.toContain('password');
    const cookie = response.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
  });

  it('answers each spec message for bad input, and creates nothing', async () => {
    const empty = await post('/auth/register', { first_name: '', last_name: '', email: '', password: '' });
    expect(empty.statusCode).toBe(422);
    expect(fieldMessages(empty)).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
    });
    const short = await post('/auth/register', { first_name: 'A', last_name: 'B', email: 'not-an-email', password: 'short' });
    expect(fieldMessages(short)).toEqual({
      first_name: 'First name must be at least 2 characters',
      last_name: 'Last name must be at least 2 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
    const missing = await post('/auth/register', {});
    expect(missing.statusCode).toBe(422);
    expect(fieldMessages(missing).email).toBe('Email is required');
    const [{ total }] = (await t.db.execute(sql`select count(*)::int as total from users where email = 'not-an-email'`)).rows as [
      { total: number },
    ];
    expect(total).toBe(0);
  });

  it('refuses a duplicate e-mail (any case) with 409', async () => {
    const first = await registerUser(t.app);
    const again = await post('/auth/register', {
      first_name: 'Other',
      last_name: 'Person',
      email: first.email.toUpperCase(),
      password: GOOD_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already exists/);
  });

  it('refuses one of the most common passwords', async () => {
    const response = await post('/auth/register', {
      first_name: 'Carl',
      last_name: 'Common',
      email: uniqueEmail(),
      password: 'password123',
    });
    expect(response.statusCode).toBe(422);
    expect(fieldMessages(response).password).toMatch(/too common/);
  });

  it('rejects a body that is not JSON with a clear 4xx', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toEqual(expect.any(String));
  });
});

describe('sign-in', () => {
  it('signs in with the right password and gives the same answer for a wrong password or unknown account', async () => {
    const user = await registerUser(t.app);
    const ok = await post('/auth/login', { email: user.email, password: user.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(user.email);

    const wrong = await post('/auth/login', { email: user.email, password: 'Not-the-password-1' });
    const unknown = await post('/auth/login', { email: uniqueEmail('ghost'), password: 'Not-the-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().detail).toBe(unknown.json().detail);
  });

  it('makes one address wait after 5 wrong passwords on an account, even with the right one', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/auth/login', { email: user.email, password: `Wrong-password-${i}` })).statusCode).toBe(401);
    }
    const locked = await post('/auth/login', { email: user.email, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toMatch(/Too many failed sign-in attempts/);
  });

  it('admin login lets only admins in (role checks ignore case)', async () => {
    const buyer = await registerUser(t.app);
    const refused = await post('/auth/admin/login', { email: buyer.email, password: buyer.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Admin access required');

    const admin = await registerUser(t.app);
    await t.db.execute(sql`update users set role = 'Admin' where id = ${admin.id}`);
    const allowed = await post('/auth/admin/login', { email: admin.email, password: admin.password });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().user.role).toBe('admin');
  });

  it("treats the legacy role 'user' as a buyer", async () => {
    const user = await registerUser(t.app);
    await t.db.execute(sql`update users set role = 'USER' where id = ${user.id}`);
    const response = await post('/auth/login', { email: user.email, password: user.password });
    expect(response.json().user.role).toBe('buyer');
  });

  it('refuses a suspended account', async () => {
    const user = await registerUser(t.app);
    await t.db.execute(sql`update users set is_active = false where id = ${user.id}`);
    const response = await post('/auth/login', { email: user.email, password: user.password });
    expect(response.statusCode).toBe(403);
  });
});

describe('tokens and sessions', () => {
  it('verifies a bearer token and rejects missing, forged and expired ones', async () => {
    const user = await registerUser(t.app);
    const ok = await post('/auth/verify', undefined, bearer(user.accessToken));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ valid: true, user: { id: user.id } });

    expect((await post('/auth/verify')).statusCode).toBe(401);
    expect((await post('/auth/verify', undefined, bearer(`${user.accessToken}x`))).statusCode).toBe(401);

    const expired = await new SignJWT({ role: 'buyer', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('ai-marketplace')
      .setAudience('ai-marketplace-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const late = await post('/auth/verify', undefined, bearer(expired));
    expect(late.statusCode).toBe(401);
    expect(late.json().detail).toBe('Token expired');
  });

  it('refuses a token signed with the right secret that lacks exp, iat, sub, role or tv, or outlives its lifetime', async () => {
    const user = await registerUser(t.app);
    const now = Math.floor(Date.now() / 1000);
    type Parts = { exp?: number; iat?: number; sub?: string; role?: string; tv?: unknown };
    const forge = (parts: Parts) => {
      const { exp, iat, sub, ...custom } = parts;
      const jwt = new SignJWT(Object.fromEntries(Object.entries(custom).filter(([, value]) => value !== undefined)))
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('ai-marketplace')
        .setAudience('ai-marketplace-api');
      if (sub !== undefined) jwt.setSubject(sub);
      if (iat !== undefined) jwt.setIssuedAt(iat);
      if (exp !== undefined) jwt.setExpirationTime(exp);
      return jwt.sign(new TextEncoder().encode(t.config.jwtSecret));
    };
    const complete: Parts = { exp: now + 600, iat: now, sub: user.id, role: 'buyer', tv: 0 };
    // The complete token is accepted: each refusal below is down to the one claim it lacks.
    expect((await post('/auth/verify', undefined, bearer(await forge(complete)))).statusCode).toBe(200);

    for (const missing of ['exp', 'iat', 'sub', 'role', 'tv'] as const) {
      const response = await post('/auth/verify', undefined, bearer(await forge({ ...complete, [missing]: undefined })));
      expect(response.statusCode, `without ${missing}`).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED', detail: 'Could not validate credentials' });
      expect(
        (await t.app.inject({ url: '/api/v1/users/me', headers: bearer(await forge({ ...complete, [missing]: undefined })) }))
          .statusCode,
      ).toBe(401);
    }
    expect((await post('/auth/verify', undefined, bearer(await forge({ ...complete, tv: '0' })))).statusCode).toBe(401);
    // Issued a day ago with an expiry a year away: older than the access-token lifetime, so expired.
    const forever = await post(
      '/auth/verify',
      undefined,
      bearer(await forge({ ...complete, iat: now - 86_400, exp: now + 365 * 86_400 })),
    );
    expect(forever.statusCode).toBe(401);
    expect(forever.json().detail).toBe('Token expired');
  });

  it('rotates the refresh token on every use; a reused one ends the whole session family', async () => {
    const user = await registerUser(t.app);
    const first = await post('/auth/refresh', undefined, { cookie: `refresh_token=${user.refreshCookie}` });
    expect(first.statusCode).toBe(200);
    const rotated = refreshCookieOf(first);
    expect(rotated).not.toBe(user.refreshCookie);
    expect(first.json().access_token).toEqual(expect.any(String));

    const replay = await post('/auth/refresh', undefined, { cookie: `refresh_token=${user.refreshCookie}` });
    expect(replay.statusCode).toBe(401);
    const afterTheft = await post('/auth/refresh', undefined, { cookie: `refresh_token=${rotated}` });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('refresh without a cookie is 204 (anonymous); a bogus cookie is 401; logout ends the session', async () => {
    expect((await post('/auth/refresh')).statusCode).toBe(204);
    expect((await post('/auth/refresh', undefined, { cookie: 'refresh_token=forged' })).statusCode).toBe(401);
    const user = await registerUser(t.app);
    const logout = await post('/auth/logout', undefined, { cookie: `refresh_token=${user.refreshCookie}` });
    expect(logout.statusCode).toBe(204);
    const after = await post('/auth/refresh', undefined, { cookie: `refresh_token=${user.refreshCookie}` });
    expect(after.statusCode).toBe(401);
  });
});

describe('change password', () => {
  it('needs the current password, then signs out every other session', async () => {
    const user = await registerUser(t.app);
    const otherDevice = await post('/auth/login', { email: user.email, password: user.password });
    const otherCookie = refreshCookieOf(otherDevice);

    const wrong = await post(
      '/auth/change-password',
      { current_password: 'Wrong-password-1', new_password: 'Fresh-meadow-77' },
      bearer(user.accessToken),
    );
    expect(wrong.statusCode).toBe(422);
    expect(fieldMessages(wrong).current_password).toBe('Current password is incorrect');

    const anonymous = await post('/auth/change-password', { current_password: user.password, new_password: 'Fresh-meadow-77' });
    expect(anonymous.statusCode).toBe(401);

    const changed = await post(
      '/auth/change-password',
      { current_password: user.password, new_password: 'Fresh-meadow-77' },
      bearer(user.accessToken),
    );
    expect(changed.statusCode).toBe(200);
    const newToken = changed.json().access_token;

    expect((await post('/auth/verify', undefined, bearer(user.accessToken))).statusCode).toBe(401);
    expect((await post('/auth/verify', undefined, bearer(newToken))).statusCode).toBe(200);
    expect((await post('/auth/refresh', undefined, { cookie: `refresh_token=${otherCookie}` })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: user.email, password: 'Fresh-meadow-77' })).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers 200 for an unknown address and sends nothing', async () => {
    const before = outboxMessages(t.config).length;
    const response = await post('/auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(response.statusCode).toBe(200);
    await t.deps.afterReply.settled();
    expect(outboxMessages(t.config).length).toBe(before);
  });

  it('answers before the account is looked up: the same answer for both, the link mailed afterwards only to the account', async () => {
    const user = await registerUser(t.app);
    const before = outboxMessages(t.config).length;
    // The mail cannot go out until the test lets it: the answer must come first all the same.
    const send = t.deps.mailer.send;
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let mailing = (_: 'mailing') => {};
    const mailerCalled = new Promise<'mailing'>((resolve) => {
      mailing = resolve;
    });
    t.deps.mailer.send = async (message) => {
      mailing('mailing');
      await gate;
      return send(message);
    };
    try {
      const answer = post('/auth/forgot-password', { email: user.email });
      expect(await Promise.race([answer.then(() => 'answered' as const), mailerCalled])).toBe('answered');
      const existing = await answer;
      const unknown = await post('/auth/forgot-password', { email: uniqueEmail('nobody') });
      expect(existing.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(existing.json()).toEqual(unknown.json());
      expect(existing.json()).toEqual({ message: 'If an account exists for that email, a password reset link is on its way.' });
      expect(outboxMessages(t.config).length).toBe(before);
    } finally {
      open();
      t.deps.mailer.send = send;
    }
    await t.deps.afterReply.settled();
    const sent = outboxMessages(t.config).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`To: ${user.email}`);
    expect(latestResetToken(t.config)).toBeTruthy();
  });

  it('validates the address with the spec messages', async () => {
    const empty = await post('/auth/forgot-password', { email: '' });
    expect(fieldMessages(empty).email).toBe('Email address is required');
    const bad = await post('/auth/forgot-password', { email: 'nope' });
    expect(fieldMessages(bad).email).toBe('Please enter a valid email address');
  });

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const user = await registerUser(t.app);
    const response = await post('/auth/forgot-password', { email: user.email });
    expect(response.statusCode).toBe(200);
    await t.deps.afterReply.settled();
    const mail = outboxMessages(t.config).at(-1) as string;
    expect(mail).toContain(`To: ${user.email}`);
    expect(mail).toContain('Subject: Reset your password');
    const token = latestResetToken(t.config) as string;
    expect(token).toBeTruthy();

    const weak = await post('/auth/reset-password', { token, new_password: 'short' });
    expect(weak.statusCode).toBe(422);

    const reset = await post('/auth/reset-password', { token, new_password: 'Quiet-harbor-55' });
    expect(reset.statusCode).toBe(200);
    expect((await post('/auth/reset-password', { token, new_password: 'Another-pass-66' })).statusCode).toBe(400);
    expect((await post('/auth/verify', undefined, bearer(user.accessToken))).statusCode).toBe(401);
    expect((await post('/auth/refresh', undefined, { cookie: `refresh_token=${user.refreshCookie}` })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: user.email, password: 'Quiet-harbor-55' })).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await registerUser(t.app);
    await post('/auth/forgot-password', { email: user.email });
    await t.deps.afterReply.settled();
    const token = latestResetToken(t.config) as string;
    await t.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
    const response = await post('/auth/reset-password', { token, new_password: 'Quiet-harbor-55' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('This reset link is invalid or has expired.');
  });
});

describe('rate limits and headers', () => {
  it('limits sign-in attempts per IP with a clear 429', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: uniqueEmail(), password: 'Whatever-123' },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', detail: expect.stringMatching(/Too many requests/) });
    } finally {
      await limited.close();
    }
  });

  it('sends security headers on every response', async () => {
    for (const url of ['/api/v1/health', '/api/v1/does-not-exist']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('bootstrap admin', () => {
  it('creates the ADMIN_EMAIL admin once, who can then use the admin login', async () => {
    const { ensureBootstrapAdmin } = await import('../../db/seed/accounts');
    const email = uniqueEmail('boss');
    expect(await ensureBootstrapAdmin(t.db, { email, password: 'Boss-password-77' })).toBe(true);
    expect(await ensureBootstrapAdmin(t.db, { email, password: 'Another-one-88' })).toBe(false);
    const login = await post('/auth/admin/login', { email, password: 'Boss-password-77' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('admin');
  });
});
