import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';

/** Site settings as visitors and admins read them: the admin's own address never leaves the console. */

let t: TestApp;
let adminAuth: Record<string, string>;
let buyerAuth: Record<string, string>;
const PRIVATE = 'owner.private@example.org';

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, 'admin');
  const buyer = await createUser(t.db, 'buyer');
  adminAuth = bearer(await signIn(t.app, admin.email, FACTORY_PASSWORD));
  buyerAuth = bearer(await signIn(t.app, buyer.email, FACTORY_PASSWORD));
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings',
    headers: adminAuth,
    payload: { admin_email: PRIVATE, contact_email: 'hello@example.org' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json()).toMatchObject({ admin_email: PRIVATE, contact_email: 'hello@example.org' });
});
afterAll(async () => {
  await t.close();
});

const publicSettings = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/settings/public', headers });

describe('public settings', () => {
  it('never show the admin e-mail to a visitor, a buyer or even an admin; the public contact address stays', async () => {
    for (const headers of [{}, buyerAuth, adminAuth]) {
      const response = await publicSettings(headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(PRIVATE);
      expect(response.json()).not.toHaveProperty('admin_email');
      expect(response.json()).toMatchObject({ contact_email: 'hello@example.org', maintenance_mode: false });
    }
  });

  it('keep it hidden while maintenance mode is on (the one API path still open to visitors)', async () => {
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: adminAuth,
      payload: { maintenance_mode: true },
    });
    expect(on.statusCode).toBe(200);
    const response = await publicSettings();
    expect(response.json().maintenance_mode).toBe(true);
    expect(response.body).not.toContain(PRIVATE);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: adminAuth,
      payload: { maintenance_mode: false },
    });
  });

  it('show the admin e-mail to admins in the console only', async () => {
    const adminView = await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: adminAuth });
    expect(adminView.json().admin_email).toBe(PRIVATE);
    const buyer = await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: buyerAuth });
    expect(buyer.statusCode).toBe(403);
    expect(buyer.body).not.toContain(PRIVATE);
  });
});
