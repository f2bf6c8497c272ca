import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { sellerHandlers } from '@/test/marketplace-fixtures';
import { renderRoute } from '@/test/render';

const TOKEN = `mkt_sk_${'a'.repeat(43)}`;
const SECRET = `whsec_${'b'.repeat(43)}`;

const zapier = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Zapier',
  prefix: 'mkt_sk_aaaaaa',
  scopes: ['products:read', 'sales:read'],
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
};
const endpoint = {
  id: '22222222-2222-4222-8222-222222222222',
  url: 'https://hooks.example.com/marketplace',
  events: ['sale.created', 'refund.created', 'license.activated'],
  created_at: '2026-11-20T10:00:00.000Z',
};

async function openAsSeller(handlers: Parameters<typeof mockApi>[0] = {}) {
  authStore.setSession(makeSession({ role: 'seller' }));
  const api = mockApi({ ...sellerHandlers(), ...handlers });
  const view = renderRoute('/seller');
  await screen.findByRole('heading', { name: 'Seller dashboard' }, { timeout: 20_000 });
  return { ...view, api };
}

describe('API tokens in the seller area', () => {
  it('creates a token with the chosen scopes, shows it once with a copy button, then lists it without the token', async () => {
    let tokens: (typeof zapier)[] = [];
    const { user, api } = await openAsSeller({
      'GET /api/v1/seller/api-tokens': () => json(200, { tokens }),
      'POST /api/v1/seller/api-tokens': (request) => {
        tokens = [zapier];
        expect(request.body).toEqual({ name: 'Zapier', scopes: ['products:read', 'sales:read'] });
        return json(201, { token: TOKEN, api_token: zapier });
      },
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const form = await screen.findByRole('form', { name: 'Create an API token' });
    expect(await screen.findByText('You have no API tokens yet.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Token name'), 'Zapier');
    await user.click(within(form).getByLabelText('Read my sales (sales:read)'));
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    const shown = (await screen.findByLabelText('API token')) as HTMLInputElement;
    expect(shown.value).toBe(TOKEN);
    expect(screen.getByText('Copy it now: it will not be shown again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(TOKEN);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(await screen.findByText('mkt_sk_aaaaaa…')).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('API token')).toBeNull();
    expect(document.body.textContent).not.toContain(TOKEN);
    expect(api.calls('POST /api/v1/seller/api-tokens')).toHaveLength(1);
  });

  it('asks for a name and a scope before sending anything', async () => {
    const { user, api } = await openAsSeller();
    const form = await screen.findByRole('form', { name: 'Create an API token' });
    await user.click(within(form).getByLabelText('Read my products (products:read)'));
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('Give the token a name')).toBeTruthy();
    expect(within(form).getByText('Choose at least one scope')).toBeTruthy();
    expect(api.calls('POST /api/v1/seller/api-tokens')).toHaveLength(0);
  });

  it('revokes a token only after the seller confirms', async () => {
    let tokens = [zapier];
    const { user, api } = await openAsSeller({
      'GET /api/v1/seller/api-tokens': () => json(200, { tokens }),
      'DELETE /api/v1/seller/api-tokens/11111111-1111-4111-8111-111111111111': () => {
        tokens = [];
        return json(200, { message: 'API token revoked' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke Zapier' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Tools using “Zapier” stop working at once. This cannot be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('DELETE /api/v1/seller/api-tokens/11111111-1111-4111-8111-111111111111')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Zapier' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API token revoked')).toBeTruthy();
    expect(await screen.findByText('You have no API tokens yet.')).toBeTruthy();
  });
});

describe('webhooks in the seller area', () => {
  it('adds an endpoint and shows its signing secret once', async () => {
    let endpoints: (typeof endpoint)[] = [];
    const { user } = await openAsSeller({
      'GET /api/v1/seller/webhooks': () => json(200, { endpoints }),
      'POST /api/v1/seller/webhooks': (request) => {
        expect(request.body).toEqual({ url: endpoint.url, events: ['sale.created', 'refund.created', 'license.activated'] });
        endpoints = [endpoint];
        return json(201, { secret: SECRET, endpoint });
      },
    });
    const form = await screen.findByRole('form', { name: 'Add a webhook endpoint' });
    await user.type(within(form).getByLabelText('Endpoint URL (https)'), endpoint.url);
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(((await screen.findByLabelText('Signing secret')) as HTMLInputElement).value).toBe(SECRET);
    expect(await screen.findByText(endpoint.url)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('shows the server’s refusal of a private address under the URL field', async () => {
    const { user } = await openAsSeller({
      'POST /api/v1/seller/webhooks': () =>
        json(422, {
          detail: 'This URL points to a private, loopback or reserved address; webhooks only go to public addresses',
          code: 'VALIDATION_FAILED',
        }),
    });
    const form = await screen.findByRole('form', { name: 'Add a webhook endpoint' });
    await user.type(within(form).getByLabelText('Endpoint URL (https)'), 'http://169.254.169.254/latest');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(
      await within(form).findByText(
        'This URL points to a private, loopback or reserved address; webhooks only go to public addresses',
      ),
    ).toBeTruthy();
  });

  it('sends a test event and shows the delivery log with status code, attempts and answer', async () => {
    const { user, api } = await openAsSeller({
      'GET /api/v1/seller/webhooks': () => json(200, { endpoints: [endpoint] }),
      'POST /api/v1/seller/webhooks/22222222-2222-4222-8222-222222222222/test': () => json(202, { message: 'Test event sent' }),
      'GET /api/v1/seller/webhooks/22222222-2222-4222-8222-222222222222/deliveries': () =>
        json(200, {
          deliveries: [
            {
              id: 'd1',
              event_id: 'e1',
              event_type: 'sale.created',
              status: 'pending',
              attempts: 1,
              status_code: 500,
              response_body: 'Internal error at the receiver',
              error: null,
              created_at: '2026-11-27T10:00:00.000Z',
              last_attempt_at: '2026-11-27T10:00:01.000Z',
              next_attempt_at: '2026-11-27T10:01:01.000Z',
            },
          ],
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Send a test event' }));
    expect(await screen.findByText('Test event sent')).toBeTruthy();
    expect(api.calls('POST /api/v1/seller/webhooks/22222222-2222-4222-8222-222222222222/test')).toHaveLength(1);
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    expect(within(log).getByText('sale.created')).toBeTruthy();
    expect(within(log).getByText('Waiting')).toBeTruthy();
    expect(within(log).getByText('500')).toBeTruthy();
    expect(within(log).getByText('Internal error at the receiver')).toBeTruthy();
  });

  it('expands a delivery to every one of its attempts, newest first, and folds it away again', async () => {
    const base = '/api/v1/seller/webhooks/22222222-2222-4222-8222-222222222222/deliveries';
    const { user, api } = await openAsSeller({
      'GET /api/v1/seller/webhooks': () => json(200, { endpoints: [endpoint] }),
      [`GET ${base}`]: () =>
        json(200, {
          deliveries: [
            {
              id: '33333333-3333-4333-8333-333333333333',
              event_id: 'e1',
              event_type: 'sale.created',
              status: 'succeeded',
              attempts: 3,
              status_code: 200,
              response_body: 'ok',
              error: null,
              created_at: '2026-11-27T10:00:00.000Z',
              last_attempt_at: '2026-11-27T10:06:01.000Z',
              next_attempt_at: null,
            },
          ],
        }),
      [`GET ${base}/33333333-3333-4333-8333-333333333333/attempts`]: () =>
        json(200, {
          attempts: [
            {
              attempt: 3,
              attempted_at: '2026-11-27T10:06:01.000Z',
              duration_ms: 182,
              status_code: 200,
              response_body: 'ok',
              error: null,
            },
            {
              attempt: 2,
              attempted_at: '2026-11-27T10:01:01.000Z',
              duration_ms: null,
              status_code: null,
              response_body: null,
              error: 'interrupted while delivering',
            },
            {
              attempt: 1,
              attempted_at: '2026-11-27T10:00:01.000Z',
              duration_ms: 10_003,
              status_code: null,
              response_body: null,
              error: 'connect ECONNREFUSED 203.0.113.7:443',
            },
          ],
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delivery log' }));
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    const show = await within(log).findByRole('button', { name: 'Show attempts' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(api.calls(`GET ${base}/33333333-3333-4333-8333-333333333333/attempts`)).toHaveLength(0);
    await user.click(show);

    const attempts = await screen.findByRole('table', { name: 'Attempts of this delivery, newest first' });
    const hide = within(log).getByRole('button', { name: 'Hide attempts' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(hide.getAttribute('aria-controls') as string)?.contains(attempts)).toBe(true);
    const rows = within(attempts).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['3', '2', '1']);
    expect(within(rows[0] as HTMLElement).getByText('182 ms')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('ok')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Interrupted while sending; tried again')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('connect ECONNREFUSED 203.0.113.7:443')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('10,003 ms')).toBeTruthy();

    await user.click(hide);
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Attempts of this delivery, newest first' })).toBeNull());
    expect(within(log).getByRole('button', { name: 'Show attempts' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('words the server’s reason for a delivery not sent, and says so when its attempts cannot be loaded (404)', async () => {
    const base = '/api/v1/seller/webhooks/22222222-2222-4222-8222-222222222222/deliveries';
    const { user } = await openAsSeller({
      'GET /api/v1/seller/webhooks': () => json(200, { endpoints: [endpoint] }),
      [`GET ${base}`]: () =>
        json(200, {
          deliveries: [
            {
              id: '44444444-4444-4444-8444-444444444444',
              event_id: 'e2',
              event_type: 'refund.created',
              status: 'pending',
              attempts: 2,
              status_code: null,
              response_body: null,
              error: 'not sent: the signing secret could not be decrypted (server key configuration)',
              created_at: '2026-11-20T10:00:00.000Z',
              last_attempt_at: '2026-11-20T10:01:00.000Z',
              next_attempt_at: '2026-11-20T10:06:00.000Z',
            },
          ],
        }),
      [`GET ${base}/44444444-4444-4444-8444-444444444444/attempts`]: () =>
        json(404, { detail: 'Webhook delivery not found', code: 'NOT_FOUND' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delivery log' }));
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    expect(
      within(log).getByText('Not sent: the signing secret could not be read on our side. It will be tried again.'),
    ).toBeTruthy();
    await user.click(within(log).getByRole('button', { name: 'Show attempts' }));
    expect(await screen.findByText('The attempts could not be loaded')).toBeTruthy();
    expect(screen.getByText('Webhook delivery not found')).toBeTruthy();
  });

  it('removes an endpoint after confirmation', async () => {
    let endpoints = [endpoint];
    const { user } = await openAsSeller({
      'GET /api/v1/seller/webhooks': () => json(200, { endpoints }),
      'DELETE /api/v1/seller/webhooks/22222222-2222-4222-8222-222222222222': () => {
        endpoints = [];
        return json(200, { message: 'Webhook endpoint removed' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByText('You have no webhook endpoints yet.')).toBeTruthy());
  });
});
