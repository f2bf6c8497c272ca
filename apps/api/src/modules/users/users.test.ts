import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, multipartFile, registerUser, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('profile', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/users/me', payload: { first_name: 'Zed' } })).statusCode).toBe(401);
  });

  it('shows and updates the caller’s own profile with validated fields', async () => {
    const user = await registerUser(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(user.accessToken) });
    expect(me.json()).toMatchObject({ id: user.id, email: user.email, role: 'buyer' });

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me',
      headers: bearer(user.accessToken),
      payload: { first_name: 'Z' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toEqual({
      field: 'first_name',
      message: 'First name must be at least 2 characters',
      messageId: 'auth.firstNameAtLeast2',
    });

    const good = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me',
      headers: bearer(user.accessToken),
      payload: { first_name: 'Zelda', newsletter_subscribed: false, role: 'admin' },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ first_name: 'Zelda', newsletter_subscribed: false, role: 'buyer' });
  });
});

describe('avatar upload', () => {
  const upload = (token: string, file: ReturnType<typeof multipartFile>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/upload-avatar',
      headers: { ...bearer(token), ...file.headers },
      payload: file.payload,
    });

  it('stores a real image and serves it back', async () => {
    const user = await registerUser(t.app);
    const response = await upload(user.accessToken, multipartFile('file', 'me.png', 'image/png', PNG));
    expect(response.statusCode).toBe(200);
    const { success, avatar_url } = response.json();
    expect(success).toBe(true);
    const image = await t.app.inject({ method: 'GET', url: avatar_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a script named .png, judged by content', async () => {
    const user = await registerUser(t.app);
    const response = await upload(
      user.accessToken,
      multipartFile('file', 'evil.png', 'image/png', Buffer.from('#!/bin/sh\nrm -rf /\n')),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('Please select a valid image file');
  });

  it('refuses an image of 5 MB or more with 413', async () => {
    const user = await registerUser(t.app);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload(user.accessToken, multipartFile('file', 'big.png', 'image/png', big));
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe('Image must be less than 5MB');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(user.accessToken) });
    expect(me.json().avatar).toBeNull();
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/upload-avatar',
      ...multipartFile('file', 'a.png', 'image/png', PNG),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('erases personal data and signs the user out everywhere', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: bearer(user.accessToken) });
    expect(response.statusCode).toBe(204);

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(user.accessToken) })).statusCode).toBe(
      401,
    );
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: `refresh_token=${user.refreshCookie}` },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(401);

    const rows = (await t.db.execute(sql`select email, first_name, password_hash from users where id = ${user.id}`)).rows;
    expect(rows[0]).toMatchObject({ first_name: 'Deleted', password_hash: null });
    expect(rows[0]?.email).not.toBe(user.email);

    // The address is free again.
    expect((await registerUser(t.app, { email: user.email })).email).toBe(user.email);
  });
});
