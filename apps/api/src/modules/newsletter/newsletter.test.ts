import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, outboxMessages, registerUser, signIn, type TestApp, uniqueEmail } from '../../../test/helpers';
import { newsletterSubscribers, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NEWSLETTER_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(async () => {
  await t.close();
});

const subscribe = (email: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscribe', payload: { email } });

/** The newest mail to `to`, with folded headers and quoted-printable soft breaks undone. */
function latestMailTo(to: string): string {
  const mail = outboxMessages(t.config)
    .filter((m) => m.includes(`To: ${to}`))
    .at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
}

function tokenIn(mail: string, page: 'confirm' | 'unsubscribe'): string {
  const token = mail.match(new RegExp(`/newsletter/${page}\\?token=([A-Za-z0-9_.-]+)`))?.[1];
  if (!token) throw new Error(`no ${page} link`);
  return token;
}

async function statusOf(email: string) {
  const [row] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row?.status;
}

describe('newsletter', () => {
  it('validates the address with the footer messages', async () => {
    const empty = await subscribe('');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toBe('Please enter your email address');
    const bad = await subscribe('not-an-email');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('Please enter a valid email address');
  });

  it('is double opt-in: pending until the e-mailed link is used, and every mail can unsubscribe', async () => {
    const email = uniqueEmail('reader');
    const response = await subscribe(email.toUpperCase());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      status: 'pending',
      detail: 'Please check your inbox and click the link to confirm your subscription.',
    });
    expect(await statusOf(email)).toBe('pending');

    const mail = latestMailTo(email);
    expect(mail).toContain('Subject: Please confirm your newsletter subscription');
    expect(mail).toMatch(/List-Unsubscribe: <http:\/\/localhost:3000\/api\/v1\/newsletter\/unsubscribe\?token=/);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    tokenIn(mail, 'unsubscribe');

    const forged = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token: 'abc.def' } });
    expect(forged.statusCode).toBe(400);
    expect(await statusOf(email)).toBe('pending');

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/confirm',
      payload: { token: tokenIn(mail, 'confirm') },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'confirmed', email });
    expect(await statusOf(email)).toBe('confirmed');
  });

  it('sends no second mail within a minute, and an unsubscribe link and confirm link swapped do nothing', async () => {
    const email = uniqueEmail('twice');
    await subscribe(email);
    const count = outboxMessages(t.config).length;
    expect((await subscribe(email)).statusCode).toBe(202);
    expect(outboxMessages(t.config).length).toBe(count);
    const mail = latestMailTo(email);
    const swapped = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/confirm',
      payload: { token: tokenIn(mail, 'unsubscribe') },
    });
    expect(swapped.statusCode).toBe(400);
  });

  it('unsubscribes with one click, and an old confirmation link cannot resubscribe', async () => {
    const email = uniqueEmail('leaver');
    await subscribe(email);
    const mail = latestMailTo(email);
    await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token: tokenIn(mail, 'confirm') } });

    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/v1/newsletter/unsubscribe?token=${tokenIn(mail, 'unsubscribe')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ status: 'unsubscribed', email });
    expect(await statusOf(email)).toBe('unsubscribed');

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/unsubscribe',
      payload: { token: tokenIn(mail, 'unsubscribe') },
    });
    expect(again.statusCode).toBe(200);

    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/confirm',
      payload: { token: tokenIn(mail, 'confirm') },
    });
    expect(replay.statusCode).toBe(400);
    expect(await statusOf(email)).toBe('unsubscribed');
  });

  it("keeps a registered user's newsletter_subscribed in step, both ways", async () => {
    const account = await registerUser(t.app, { newsletter_subscribed: false });
    expect(await statusOf(account.email)).toBeUndefined();

    await subscribe(account.email);
    const mail = latestMailTo(account.email);
    await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token: tokenIn(mail, 'confirm') } });
    const me = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(account.accessToken) })).json();
    expect((await me()).newsletter_subscribed).toBe(true);

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/unsubscribe',
      payload: { token: tokenIn(mail, 'unsubscribe') },
    });
    expect((await me()).newsletter_subscribed).toBe(false);

    // The other way: the profile switch updates the list.
    const opted = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me',
      headers: bearer(account.accessToken),
      payload: { newsletter_subscribed: true },
    });
    expect(opted.statusCode).toBe(200);
    expect(await statusOf(account.email)).toBe('confirmed');
    await t.db.update(users).set({ newsletterSubscribed: false }).where(eq(users.id, account.id));
    expect(await statusOf(account.email)).toBe('unsubscribed');

    const registeredYes = await registerUser(t.app, { newsletter_subscribed: true });
    expect(await statusOf(registeredYes.email)).toBe('confirmed');
  });

  it('shows the list and a CSV export to admins only', async () => {
    const email = uniqueEmail('csv');
    await subscribe(email);
    await t.db.insert(newsletterSubscribers).values({ email: `=cmd|calc@example.org`, status: 'confirmed' });
    const buyer = await createUser(t.db, 'buyer');
    const admin = await createUser(t.db, 'admin');
    const buyerToken = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
    const adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/newsletter/subscribers' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/newsletter/subscribers', headers: bearer(buyerToken) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/newsletter/subscribers.csv', headers: bearer(buyerToken) }))
        .statusCode,
    ).toBe(403);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/newsletter/subscribers?q=${encodeURIComponent(email)}`,
      headers: bearer(adminToken),
    });
    expect(list.json()).toMatchObject({ total: 1, subscribers: [{ email, status: 'pending', registered: false }] });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/newsletter/subscribers.csv',
      headers: bearer(adminToken),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,status,registered,created_at,confirmed_at,unsubscribed_at');
    expect(lines.some((line) => line.startsWith(`${email},pending,false,`))).toBe(true);
    expect(lines.some((line) => line.startsWith(`"'=cmd|calc@example.org",confirmed`))).toBe(true);
  });
});
