import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi, publicSettings } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

/** The page's lazy chunk can take a while to arrive on a busy machine. */
const PAGE_LOAD_MS = 15_000;

const message = {
  id: '2b0c6a4e-8a53-4a4f-9d1e-0d2f4f7c1a11',
  name: 'Grace Hopper',
  email: 'grace@example.org',
  subject: 'Invoice please',
  message: 'Could you send me an invoice for my order?',
  user_id: null,
  handled: false,
  handled_at: null,
  handled_by: null,
  created_at: '2026-05-31T10:00:00.000Z',
};

async function fillForm(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(screen.getByLabelText('Your name'), 'Grace Hopper');
  await user.type(screen.getByLabelText('Your email'), 'grace@example.org');
  await user.type(screen.getByLabelText('Subject'), 'Invoice please');
  await user.type(screen.getByLabelText('Message'), 'Could you send me an invoice for my order?');
}

describe('contact page', () => {
  it('checks the fields before sending, then sends the message and confirms it', async () => {
    const api = mockApi({
      'GET /api/v1/settings/public': () =>
        json(200, publicSettings({ contact_email: 'help@example.org', contact_address: 'Gulberg III, Lahore' })),
      'POST /api/v1/contact': () => json(201, { detail: 'Message sent', id: message.id, created_at: message.created_at }),
    });
    const { user } = renderRoute('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact us' }, { timeout: PAGE_LOAD_MS });
    const main = screen.getByRole('main');
    expect((await within(main).findByRole('link', { name: 'help@example.org' })).getAttribute('href')).toBe(
      'mailto:help@example.org',
    );
    expect(within(main).getByText('Gulberg III, Lahore')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(api.calls('POST /api/v1/contact')).toHaveLength(0);

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const form = screen.getByRole('form', { name: 'Contact form' });
    expect(await within(form).findByText(/Your message reached our team/)).toBeTruthy();
    expect(api.calls('POST /api/v1/contact')[0]?.body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.org',
      subject: 'Invoice please',
      message: 'Could you send me an invoice for my order?',
    });
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
  });

  it('puts the server’s field errors on the fields and says when the hourly limit is reached', async () => {
    let answer = json(422, {
      detail: 'Please enter a valid email address',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'email', message: 'Please enter a valid email address' }],
    });
    mockApi({ 'POST /api/v1/contact': () => answer });
    const { user } = renderRoute('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact us' }, { timeout: PAGE_LOAD_MS });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const email = screen.getByLabelText('Your email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));

    answer = json(429, {
      detail: 'You have sent several messages in the last hour. Please try again later.',
      code: 'RATE_LIMITED',
    });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getAllByText(/several messages in the last hour/).length).toBeGreaterThan(0);
  });
});

describe('admin messages page', () => {
  it('lists the open messages, linked from the sidebar, and marks one handled', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    let handled = false;
    const api = mockApi({
      'GET /api/v1/admin/contact-messages': () =>
        json(200, {
          messages: [{ ...message, handled }],
          total: 1,
          page: 1,
          pages: 1,
          open: handled ? 0 : 1,
        }),
      [`PUT /api/v1/admin/contact-messages/${message.id}`]: () => {
        handled = true;
        return json(200, { ...message, handled: true, handled_at: '2026-06-01T10:00:00.000Z', handled_by: 'admin-1' });
      },
    });
    const { user } = renderRoute('/admin/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact messages' }, { timeout: PAGE_LOAD_MS })).toBeTruthy();
    const row = (await screen.findByText('Grace Hopper')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Could you send me an invoice for my order?')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'grace@example.org' }).getAttribute('href')).toContain(
      'mailto:grace@example.org',
    );
    expect(screen.getByText(/1 message is waiting/)).toBeTruthy();
    expect(api.calls('GET /api/v1/admin/contact-messages')[0]?.url).toContain('status=open&page=1&limit=20');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/admin/messages');

    await user.click(within(row).getByRole('button', { name: 'Mark handled: Invoice please' }));
    expect(api.calls(`PUT /api/v1/admin/contact-messages/${message.id}`)[0]?.body).toEqual({ handled: true });
    expect(await screen.findByText(/0 messages are waiting/)).toBeTruthy();
  });
});
