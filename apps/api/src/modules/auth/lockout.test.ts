// @database-server: failed-login counters under concurrency
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import {
  bearer,
  createTestApp,
  latestResetToken,
  refreshCookieOf,
  registerUser,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers';

/** Sign-in limits that stop guessing without handing an attacker a way to sign others out. */

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.20';
const NAT = '192.0.2.10';

let t: TestApp;
let strict: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A strict sign-in limit per address, default refresh limits.
  strict = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(async () => {
  await t.close();
  await strict.close();
});

const login = (email: string, password: string, ip: string, url = '/api/v1/auth/login', app = t.app) =>
  app.inject({ method: 'POST', url, payload: { email, password }, remoteAddress: ip });

const refresh = (cookie: string, ip: string) =>
  strict.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { cookie: `refresh_token=${cookie}` },
    remoteAddress: ip,
  });

/** Moves an account's failures into the past, as if that much time had gone by. */
async function letTimePass(email: string, seconds: number) {
  await t.db.execute(
    sql`update failed_logins set attempted_at = attempted_at - make_interval(secs => ${seconds}) where email = ${email}`,
  );
}

describe('session refresh', () => {
  it('lets a signed-in user load 40 pages a minute from an address whose sign-in limit is spent', async () => {
    const user = await registerUser(strict.app);
    let cookie = user.refreshCookie;
    for (let page = 0; page < 40; page += 1) {
      const response = await refresh(cookie, NAT);
      expect(response.statusCode).toBe(200);
      cookie = refreshCookieOf(response);
    }
    // Sign-in from that same address stays strict.
    for (let i = 0; i < 3; i += 1) {
      expect((await login(uniqueEmail(), 'Wrong-password-1', NAT, '/api/v1/auth/login', strict.app)).statusCode).toBe(401);
    }
    const signIn = await login(user.email, user.password, NAT, '/api/v1/auth/login', strict.app);
    expect(signIn.statusCode).toBe(429);
    expect(signIn.json().detail).toMatch(/Too many requests/);
    // And refreshing still works after the sign-in limit is hit.
    expect((await refresh(cookie, NAT)).statusCode).toBe(200);
  });

  it('counts refreshes per session, so one busy tab behind a NAT never signs out its neighbours', async () => {
    const limited = await createTestApp({ REFRESH_RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const register = async () => (await registerUser(limited.app)).refreshCookie;
      const send = (cookie: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/refresh',
          headers: { cookie: `refresh_token=${cookie}` },
          remoteAddress: NAT,
        });
      let busy = await register();
      const neighbour = await register();
      for (let i = 0; i < 5; i += 1) {
        const response = await send(busy);
        expect(response.statusCode).toBe(200);
        busy = refreshCookieOf(response);
      }
      const throttled = await send(busy);
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await send(neighbour)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('wrong passwords', () => {
  it('makes the guessing address wait while the owner signs in from elsewhere (admins too)', async () => {
    const admin = await createUser(t.db, 'admin');
    for (let i = 0; i < 5; i += 1) {
      expect((await login(admin.email, `Guess-number-${i}`, ATTACKER, '/api/v1/auth/admin/login')).statusCode).toBe(401);
    }
    const attacker = await login(admin.email, FACTORY_PASSWORD, ATTACKER, '/api/v1/auth/admin/login');
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().detail).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(0);

    const owner = await login(admin.email, FACTORY_PASSWORD, OWNER, '/api/v1/auth/admin/login');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.email).toBe(admin.email);
  });

  it('doubles the wait with each further failure, and a right password clears the address', async () => {
    const user = await createUser(t.db);
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i += 1) expect((await login(user.email, `Guess-${i}`, ip)).statusCode).toBe(401);
    expect((await login(user.email, FACTORY_PASSWORD, ip)).statusCode).toBe(429);

    await letTimePass(user.email, 61);
    // The first lock (1 minute) is over: one more guess is allowed, and it earns 2 minutes.
    expect((await login(user.email, 'Guess-6', ip)).statusCode).toBe(401);
    const twoMinutes = await login(user.email, FACTORY_PASSWORD, ip);
    expect(twoMinutes.statusCode).toBe(429);
    expect(twoMinutes.json().detail).toMatch(/try again in 2 minutes/);
    await letTimePass(user.email, 61);
    expect((await login(user.email, FACTORY_PASSWORD, ip)).statusCode).toBe(429);
    await letTimePass(user.email, 60);
    expect((await login(user.email, FACTORY_PASSWORD, ip)).statusCode).toBe(200);

    const [left] = (await t.db.execute(sql`select count(*)::int as n from failed_logins where email = ${user.email}`)).rows;
    expect(left).toEqual({ n: 0 });
  });

  it('treats an unknown e-mail exactly like a real one', async () => {
    const ghost = uniqueEmail('ghost');
    const real = await createUser(t.db);
    const ip = '203.0.113.88';
    for (const email of [ghost, real.email]) {
      for (let i = 0; i < 5; i += 1) expect((await login(email, `Guess-${i}`, ip)).statusCode).toBe(401);
    }
    const [ghostLocked, realLocked] = [await login(ghost, 'Guess-9', ip), await login(real.email, 'Guess-9', ip)];
    expect(ghostLocked.statusCode).toBe(429);
    expect(ghostLocked.json()).toEqual(realLocked.json());
  });

  it('never locks an account when guesses come from many addresses', async () => {
    const spread = await createTestApp({ FAILED_LOGIN_ACCOUNT_LIMIT: '3', FAILED_LOGIN_SLOWDOWN_MS: '20' });
    try {
      const user = await createUser(spread.db);
      const attempt = (password: string, ip: string) =>
        spread.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: user.email, password },
          remoteAddress: ip,
        });
      for (let i = 0; i < 8; i += 1) expect((await attempt(`Guess-${i}`, `203.0.113.${100 + i}`)).statusCode).toBe(401);
      expect((await attempt(FACTORY_PASSWORD, OWNER)).statusCode).toBe(200);
    } finally {
      await spread.close();
    }
  });

  it('deletes failures too old to count', async () => {
    const email = uniqueEmail('old');
    await t.db.execute(
      sql`insert into failed_logins (email, ip, attempted_at) values (${email}, '1.2.3.4', now() - interval '2 days')`,
    );
    expect((await login(uniqueEmail(), 'Guess-1', '203.0.113.99')).statusCode).toBe(401);
    const [left] = (await t.db.execute(sql`select count(*)::int as n from failed_logins where email = ${email}`)).rows;
    expect(left).toEqual({ n: 0 });
  });
});

describe('changing the password', () => {
  const change = (token: string, current: string, next = 'Fresh-meadow-77', ip = ATTACKER) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { current_password: current, new_password: next },
      headers: bearer(token),
      remoteAddress: ip,
    });

  it('locks the account after 5 wrong current passwords: 40 guesses in a row get 429, even the right password', async () => {
    const user = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      // A guesser spreading over addresses gains nothing: the count is per account.
      const response = await change(user.accessToken, `Guess-number-${i}`, 'Fresh-meadow-77', `203.0.113.${i + 1}`);
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual(Array(35).fill(429));

    const right = await change(user.accessToken, user.password);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({
      code: 'RATE_LIMITED',
      detail: 'Too many failed password attempts. Please try again in 1 minute.',
    });
    const retryAfter = Number(right.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Nothing changed while locked, and signing in is not locked by it.
    expect((await login(user.email, user.password, OWNER)).statusCode).toBe(200);
    expect((await login(user.email, 'Fresh-meadow-77', OWNER)).statusCode).toBe(401);

    // The wait is over: the owner changes the password, which clears the count.
    await letTimePass(user.email, 61);
    const changed = await change(user.accessToken, user.password);
    expect(changed.statusCode).toBe(200);
    // (The one failure left is the wrong sign-in above, counted for sign-in from that address.)
    const [left] = (
      await t.db.execute(sql`select count(*)::int as n from failed_logins where email = ${user.email} and ip <> ${OWNER}`)
    ).rows;
    expect(left).toEqual({ n: 0 });
    expect((await change(changed.json().access_token, 'Guess-again-1', 'Other-meadow-88')).statusCode).toBe(422);
  });

  it('doubles the wait with each further wrong password, and a reset link lifts the lock', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 5; i += 1) expect((await change(user.accessToken, `Guess-${i}`)).statusCode).toBe(422);
    await letTimePass(user.email, 61);
    expect((await change(user.accessToken, 'Guess-6')).statusCode).toBe(422);
    const twoMinutes = await change(user.accessToken, user.password);
    expect(twoMinutes.statusCode).toBe(429);
    expect(twoMinutes.json().detail).toBe('Too many failed password attempts. Please try again in 2 minutes.');
    expect(Number(twoMinutes.headers['retry-after'])).toBeGreaterThan(60);

    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: user.email } });
    await t.deps.afterReply.settled();
    const token = latestResetToken(t.config) as string;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, new_password: 'Quiet-harbor-55' },
    });
    expect(reset.statusCode).toBe(200);
    const signedIn = await login(user.email, 'Quiet-harbor-55', OWNER);
    expect((await change(signedIn.json().access_token, 'Quiet-harbor-55', 'Calm-valley-31')).statusCode).toBe(200);
  });

  it('gives a burst of parallel guesses no more tries than guesses one after another', async () => {
    const user = await registerUser(t.app);
    const statuses = (
      await Promise.all(Array.from({ length: 20 }, (_, i) => change(user.accessToken, `Parallel-guess-${i}`)))
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });
});
