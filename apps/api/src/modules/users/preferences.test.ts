import { DEFAULT_PREFERENCES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, decodedOutbox, registerUser, signIn, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/v1/users/me/preferences';
const get = (token: string) => t.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
const put = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: URL, headers: bearer(token), payload: payload as object });

describe('stored preferences', () => {
  it('need a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: URL, payload: { fontSize: 'large' } })).statusCode).toBe(401);
    // Who is asking is checked before the body: a stranger's malformed body is a 401, not a validation answer.
    expect((await t.app.inject({ method: 'PUT', url: URL, payload: { fontSize: 'huge' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/users/me', payload: {} })).statusCode).toBe(401);
  });

  it('are null until first saved, then come back whole: an update is laid over what is stored', async () => {
    const user = await registerUser(t.app);
    expect((await get(user.accessToken)).json()).toEqual({ preferences: null });

    const first = await put(user.accessToken, { ...DEFAULT_PREFERENCES, language: 'fr', currentTheme: 'dark' });
    expect(first.statusCode).toBe(200);
    expect(first.json().preferences).toEqual({ ...DEFAULT_PREFERENCES, language: 'fr', currentTheme: 'dark' });

    const second = await put(user.accessToken, { fontSize: 'extra-large', preferences: { soundEffects: true } });
    expect(second.json().preferences).toMatchObject({
      language: 'fr',
      currentTheme: 'dark',
      fontSize: 'extra-large',
      preferences: { ...DEFAULT_PREFERENCES.preferences, soundEffects: true },
    });
    expect((await get(user.accessToken)).json()).toEqual(second.json());
  });

  it('are each user’s own', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    await put(alice.accessToken, { highContrast: true });
    expect((await get(bob.accessToken)).json()).toEqual({ preferences: null });
  });

  it('refuse values the spec does not allow with 422 and its wording, and change nothing', async () => {
    const user = await registerUser(t.app);
    await put(user.accessToken, { fontSize: 'large' });
    const cases: [unknown, string][] = [
      [{ fontSize: 'huge' }, 'Font size must be small, medium, large or extra-large'],
      [{ currentTheme: 'neon' }, 'Theme must be light or dark'],
      [{ language: 'it' }, 'Language must be one of en, es, fr, de, zh, ja'],
      [{ notificationSettings: { maxCount: 0 } }, 'Maximum notification count must be above 0'],
      [{ notificationSettings: { defaultDuration: -5 } }, 'Default notification duration must be 0 or more'],
      [{ notificationSettings: { position: 'middle' } }, 'Notification position is not valid'],
    ];
    for (const [payload, message] of cases) {
      const response = await put(user.accessToken, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    for (const payload of [{}, { fontSize: 'large', role: 'admin' }, { highContrast: 'yes' }, { language: 'e\u0000n' }, [1]]) {
      expect((await put(user.accessToken, payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await get(user.accessToken)).json().preferences.fontSize).toBe('large');
  });

  it('let two tabs save different fields at the same time without losing either', async () => {
    const user = await registerUser(t.app);
    await put(user.accessToken, DEFAULT_PREFERENCES);
    await Promise.all([
      put(user.accessToken, { highContrast: true }),
      put(user.accessToken, { compactMode: true }),
      put(user.accessToken, { reducedMotion: true }),
      put(user.accessToken, { fontSize: 'small' }),
    ]);
    expect((await get(user.accessToken)).json().preferences).toMatchObject({
      highContrast: true,
      compactMode: true,
      reducedMotion: true,
      fontSize: 'small',
    });
  });

  it('are forgotten with the account', async () => {
    const user = await registerUser(t.app);
    await put(user.accessToken, { language: 'ja' });
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: bearer(user.accessToken) })).statusCode,
    ).toBe(204);
    const result = await t.db.execute<{ preferences: unknown }>(sql`select preferences from users where id = ${user.id}`);
    expect(result.rows[0]?.preferences).toBeNull();
  });
});

describe('e-mails in the recipient’s language', () => {
  it('sends a password reset in the account’s stored language, whatever the request says', async () => {
    const user = await registerUser(t.app, { first_name: 'Hana' });
    await put(user.accessToken, { language: 'ja' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
      payload: { email: user.email },
    });
    await t.deps.afterReply.settled();
    const mail = decodedOutbox(t.config).findLast((m) => m.to === user.email);
    expect(mail?.subject).toBe('パスワードの再設定');
    expect(mail?.body).toContain('Hana 様');
    expect(mail?.body).toContain('有効期限は 24 時間');
  });

  it('sends a password reset in the language the visitor uses when the account has stored none', async () => {
    const user = await registerUser(t.app, { first_name: 'Jonas' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
      payload: { email: user.email },
    });
    await t.deps.afterReply.settled();
    const mail = decodedOutbox(t.config).findLast((m) => m.to === user.email);
    expect(mail?.subject).toBe('Passwort zurücksetzen');
    expect(mail?.body).toContain('Hallo Jonas,');
  });

  it('keeps English for a visitor whose browser asks for no language we have', async () => {
    const user = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      headers: { 'accept-language': 'pt-BR,it;q=0.8' },
      payload: { email: user.email },
    });
    await t.deps.afterReply.settled();
    expect(decodedOutbox(t.config).findLast((m) => m.to === user.email)?.subject).toBe('Reset your password');
  });

  it('writes a seller’s notification and its e-mail in the seller’s language', async () => {
    const seller = await createUser(t.db, 'seller', { firstName: 'Camille', lastName: 'Roux' });
    const admin = await createUser(t.db, 'admin');
    const sellerToken = await signIn(t.app, seller.email, FACTORY_PASSWORD);
    const adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
    await put(sellerToken, { language: 'fr' });
    const product = await createProduct(t.db, seller, { title: 'Outil', status: 'pending' });
    const rejected = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${product.id}/reject`,
      headers: bearer(adminToken),
      payload: { reason: 'Licence manquante' },
    });
    expect(rejected.statusCode).toBe(200);
    const inbox = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bearer(sellerToken) });
    expect(inbox.json().notifications[0]).toMatchObject({
      title: '« Outil » n’a pas été approuvé',
      message: 'Votre produit a été refusé. Motif : Licence manquante. Modifiez-le puis soumettez-le à nouveau.',
    });
    const mail = decodedOutbox(t.config).findLast((m) => m.to === seller.email);
    expect(mail?.subject).toBe('« Outil » n’a pas été approuvé');
    expect(mail?.body).toContain('Bonjour Camille,');
  });

  it('sends a newsletter confirmation in the language the visitor subscribed in', async () => {
    const email = `news.${Date.now()}@example.org`;
    const subscribe = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/newsletter/subscribe',
        headers: { 'accept-language': language },
        payload: { email },
      });
    expect((await subscribe('zh-CN,zh;q=0.9')).statusCode).toBe(202);
    const mail = decodedOutbox(t.config).findLast((m) => m.to === email);
    expect(mail?.subject).toBe('请确认您的新闻通讯订阅');
    expect(mail?.body).toContain('确认订阅');
    expect(mail?.body).toContain('退订');
  });
});
