import { CONTACT_PER_HOUR } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, outboxMessages, signIn, type TestApp } from '../../../test/helpers';
import { contactMessages } from '../../db/schema';

let t: TestApp;
let adminAuth: { authorization: string };
let buyerAuth: { authorization: string };
let ipCounter = 0;
/** Each test speaks from its own address, so the hourly limit of one does not reach another. */
const freshIp = () => `203.0.113.${++ipCounter}`;

const goodMessage = {
  name: 'Grace Hopper',
  email: 'Grace@Example.org',
  subject: 'Invoice for my order',
  message: 'Could you send me an invoice for last week’s order, please?',
};

function send(payload: unknown, remoteAddress = freshIp(), headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: payload as object, remoteAddress, headers });
}

function inbox(query = '', headers = adminAuth) {
  return t.app.inject({ method: 'GET', url: `/api/v1/admin/contact-messages${query}`, headers });
}

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
    payload: { admin_email: 'inbox@example.org' },
  });
  expect(saved.statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('contact form: sending', () => {
  it('stores the message, e-mails it to the admin address from the settings and shows it to admins', async () => {
    const response = await send(goodMessage);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ detail: 'Message sent', id: expect.any(String) });

    const mail = outboxMessages(t.config).find((raw) => raw.includes('Contact form: Invoice for my order'));
    expect(mail).toBeDefined();
    expect(mail).toContain('To: inbox@example.org');
    expect(mail).toContain('Reply-To: grace@example.org');
    expect(mail).toContain('Could you send me an invoice');

    const list = await inbox();
    expect(list.statusCode).toBe(200);
    expect(list.json().messages[0]).toMatchObject({
      id: response.json().id,
      name: 'Grace Hopper',
      email: 'grace@example.org',
      subject: 'Invoice for my order',
      handled: false,
      user_id: null,
    });
  });

  it('links the message to the sender’s account when signed in', async () => {
    const response = await send({ ...goodMessage, subject: 'From my account' }, freshIp(), buyerAuth);
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, response.json().id));
    expect(row?.userId).not.toBeNull();
  });

  it('forgets messages older than the privacy policy’s 3-year retention for support messages', async () => {
    const fourYearsAgo = new Date(Date.now() - 4 * 365 * 86_400_000);
    const [old] = await t.db
      .insert(contactMessages)
      .values({ ...goodMessage, subject: 'Ancient', ip: '198.51.100.1', createdAt: fourYearsAgo })
      .returning();
    expect((await send({ ...goodMessage, subject: 'Fresh' })).statusCode).toBe(201);
    expect(
      await t.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, old?.id ?? '')),
    ).toHaveLength(0);
  });

  it('answers bad input with 422 and the field’s message, storing nothing', async () => {
    const before = (await t.db.select().from(contactMessages)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...goodMessage, name: '' }, 'name', 'Name is required'],
      [{ ...goodMessage, name: 'A' }, 'name', 'Name must be at least 2 characters'],
      [{ ...goodMessage, email: 'not-an-address' }, 'email', 'Please enter a valid email address'],
      [{ ...goodMessage, email: undefined }, 'email', 'Email is required'],
      [{ ...goodMessage, subject: '  ' }, 'subject', 'Subject is required'],
      [{ ...goodMessage, message: 'Too short' }, 'message', 'Message must be at least 10 characters'],
      [{ ...goodMessage, message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode, `${field}: ${message}`).toBe(422);
      expect(response.json()).toMatchObject({ detail: message, code: 'VALIDATION_FAILED', errors: [{ field, message }] });
    }
    expect(await t.db.select().from(contactMessages)).toHaveLength(before);
  });

  it(`lets one address send ${CONTACT_PER_HOUR} messages an hour, then answers 429; other addresses are unaffected`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_PER_HOUR; i += 1) {
      expect((await send({ ...goodMessage, subject: `Question ${i}` }, ip)).statusCode).toBe(201);
    }
    const limited = await send({ ...goodMessage, subject: 'One too many' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: 'You have sent several messages in the last hour. Please try again later.',
      code: 'RATE_LIMITED',
      messageId: 'chatbot.youSentSeveralMessagesLast',
    });
    expect((await send(goodMessage)).statusCode).toBe(201);
    const stored = await t.db.select().from(contactMessages).where(eq(contactMessages.ip, ip));
    expect(stored).toHaveLength(CONTACT_PER_HOUR);
  });

  it('keeps the limit under a burst of simultaneous sends from one address', async () => {
    const ip = freshIp();
    const responses = await Promise.all(
      Array.from({ length: CONTACT_PER_HOUR + 3 }, (_, i) => send({ ...goodMessage, subject: `Burst ${i}` }, ip)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(CONTACT_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.ip, ip))).toHaveLength(CONTACT_PER_HOUR);
  });
});

describe('contact inbox: admins only', () => {
  it('refuses the anonymous (401) and non-admins (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/contact-messages' })).statusCode).toBe(401);
    const forbidden = await inbox('', buyerAuth);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      detail: 'Admin access required',
      code: 'FORBIDDEN',
      messageId: 'auth.adminAccessRequired',
    });
    const { id } = (await send({ ...goodMessage, subject: 'Not yours to close' })).json();
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/contact-messages/${id}`,
      headers: buyerAuth,
      payload: { handled: true },
    });
    expect(update.statusCode).toBe(403);
  });

  it('marks a message handled and open again, and filters the inbox by that', async () => {
    const { id } = (await send({ ...goodMessage, subject: 'Please close me' })).json();
    const openBefore = (await inbox()).json().open;
    const handled = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/contact-messages/${id}`,
      headers: adminAuth,
      payload: { handled: true },
    });
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toMatchObject({ id, handled: true, handled_at: expect.any(String), handled_by: expect.any(String) });
    expect((await inbox()).json().open).toBe(openBefore - 1);
    expect((await inbox('?status=handled')).json().messages.map((m: { id: string }) => m.id)).toEqual([id]);
    expect((await inbox('?status=open')).json().messages.map((m: { id: string }) => m.id)).not.toContain(id);

    const reopened = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/contact-messages/${id}`,
      headers: adminAuth,
      payload: { handled: false },
    });
    expect(reopened.json()).toMatchObject({ handled: false, handled_at: null, handled_by: null });
  });

  it('answers 404 for a message that does not exist and 422 for a bad query', async () => {
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/contact-messages/7d1e4f57-6a43-4c4f-9a7a-4b0d1e5b2b11',
      headers: adminAuth,
      payload: { handled: true },
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/contact-messages/not-an-id',
      headers: adminAuth,
      payload: { handled: true },
    });
    expect(malformed.statusCode).toBe(404);
    expect((await inbox('?status=everything')).statusCode).toBe(422);
    expect((await inbox('?limit=500')).statusCode).toBe(422);
  });
});

describe('site settings: contact details and social links', () => {
  it('publishes the contact details, social links and the real order split', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: adminAuth,
      payload: {
        contact_email: 'help@example.org',
        contact_phone: '+92 42 3577 0000',
        contact_address: 'Gulberg III, Lahore 54660, Pakistan',
        social_github: 'https://github.com/example',
        social_x: '',
      },
    });
    expect(saved.statusCode).toBe(200);
    const publicSettings = (await t.app.inject({ method: 'GET', url: '/api/v1/settings/public' })).json();
    expect(publicSettings).toMatchObject({
      contact_email: 'help@example.org',
      contact_phone: '+92 42 3577 0000',
      contact_address: 'Gulberg III, Lahore 54660, Pakistan',
      social_github: 'https://github.com/example',
      social_x: '',
      platform_fee_percent: t.config.platformFeePercent,
      ai_pool_percent: 10,
    });
  });

  it('refuses links that are not web addresses and malformed contact details', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ social_x: 'javascript:alert(1)' }, 'Please enter a valid https:// link'],
      [{ social_linkedin: 'linkedin' }, 'Please enter a valid https:// link'],
      [{ contact_email: 'help-at-example' }, 'Please enter a valid email address'],
      [{ contact_phone: 'call us' }, 'Please enter a valid phone number'],
    ];
    for (const [payload, message] of cases) {
      const response = await t.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: adminAuth, payload });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toBe(message);
    }
  });

  it('states a configured platform fee', async () => {
    const other = await createTestApp({ PLATFORM_FEE_PERCENT: '15' });
    try {
      const settings = (await other.app.inject({ method: 'GET', url: '/api/v1/settings/public' })).json();
      expect(settings).toMatchObject({ platform_fee_percent: 15, ai_pool_percent: 10 });
    } finally {
      await other.close();
    }
  });
});
