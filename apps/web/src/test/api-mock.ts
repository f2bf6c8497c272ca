import { applyPreferencesUpdate, DEFAULT_PREFERENCES, type PreferencesUpdate } from '@app/shared';
import { vi } from 'vitest';
import { FetchBackedXhr } from './fetch-backed-xhr';

/** Test doubles at the network boundary only: `fetch` answers from a table of `METHOD /path` handlers. */
export interface MockRequest {
  method: string;
  path: string;
  url: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type MockHandler = (request: MockRequest) => Response | Promise<Response>;

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}

/** GET /settings/public as a fresh install answers it, with `overrides`. */
export function publicSettings(overrides: Record<string, unknown> = {}) {
  return {
    site_name: 'AI Marketplace',
    maintenance_mode: false,
    maintenance_message: '',
    contact_email: '',
    contact_phone: '',
    contact_address: '',
    social_x: '',
    social_linkedin: '',
    social_github: '',
    social_youtube: '',
    platform_fee_percent: 10,
    ai_pool_percent: 10,
    ...overrides,
  };
}

/** The server answers for a visitor with no session and no Google configured, unless a test says otherwise. */
const defaults: Record<string, MockHandler> = {
  'POST /api/v1/auth/refresh': () => json(401, { detail: 'Not authenticated', code: 'UNAUTHORIZED' }),
  'GET /api/v1/auth/providers': () => json(200, { google_client_id: null }),
  // Every page reads the site settings (maintenance mode, site name).
  'GET /api/v1/settings/public': () => json(200, publicSettings()),
  // The header's notification centre, for signed-in users.
  'GET /api/v1/notifications': () => json(200, { notifications: [], unread: 0 }),
  // The header shows a signed-in user's cart count on every public page.
  'GET /api/v1/cart': () =>
    json(200, {
      items: [],
      totalItems: 0,
      subtotal: 0,
      discount: 0,
      tax: 0,
      shippingCost: 0,
      total: 0,
      promoCode: null,
      promo_notice: null,
    }),
  // The dashboard a new account lands on.
  'GET /api/v1/orders/stats': () => json(200, { total_orders: 0, completed_orders: 0, processing_orders: 0, total_spent: 0 }),
  'GET /api/v1/orders': () => json(200, { orders: [], total: 0, page: 1, pages: 0 }),
  // A buyer's licence keys (/orders, the success page) and a seller's sold keys (/seller): none yet.
  'GET /api/v1/licenses/mine': () => json(200, { licenses: [], total: 0, page: 1, pages: 0 }),
  'GET /api/v1/seller/licenses': () => json(200, { licenses: [], total: 0, page: 1, pages: 0 }),
  // What a signed-in buyer owns ("In your library" on product cards and add buttons).
  'GET /api/v1/orders/owned-products': () => json(200, { product_ids: [] }),
  'GET /api/v1/products/': () => json(200, { products: [], total: 0, page: 1, pages: 0 }),
  // The home page and the catalogue filters list the categories.
  'GET /api/v1/products/categories/list': () => json(200, { categories: [] }),
  // A signed-in user's stored display preferences (none yet: the browser's are saved on sign-in).
  'GET /api/v1/users/me/preferences': () => json(200, { preferences: null }),
  'PUT /api/v1/users/me/preferences': (request) =>
    json(200, { preferences: applyPreferencesUpdate(DEFAULT_PREFERENCES, request.body as PreferencesUpdate) }),
  // Product updates: the profile's settings (nothing muted) and the fixture product's update notes (none).
  'GET /api/v1/product-updates/preferences': () => json(200, { all_muted: false, muted_products: [] }),
  // Sale alerts (issue 25): a seller's profile, e-mails on.
  'GET /api/v1/seller/sale-alerts': () => json(200, { emails: true }),
  // Seller API and webhooks (issue 25): a seller with no tokens and no endpoints yet.
  'GET /api/v1/seller/api-tokens': () => json(200, { tokens: [] }),
  'GET /api/v1/seller/webhooks': () => json(200, { endpoints: [] }),
  // Seller discount codes (decision 0045): none yet.
  'GET /api/v1/seller/promo-codes': () => json(200, { promo_codes: [], total: 0, page: 1, pages: 0 }),
  'GET /api/v1/products/p-1/updates': () => json(200, { updates: [], total: 0, page: 1, pages: 0 }),
  'GET /api/v1/products/d-1/updates': () => json(200, { updates: [], total: 0, page: 1, pages: 0 }),
  // Versions (decision 0038): the fixture products' history (at their first version) and the admins' empty queue.
  'GET /api/v1/products/p-1/versions': () =>
    json(200, {
      current: { label: '1.0', released_at: '2026-01-01T00:00:00.000Z' },
      versions: [{ label: '1.0', changelog: '', released_at: '2026-01-01T00:00:00.000Z' }],
    }),
  'GET /api/v1/products/d-1/versions': () =>
    json(200, {
      current: { label: '1.0', released_at: '2026-01-01T00:00:00.000Z' },
      versions: [{ label: '1.0', changelog: '', released_at: '2026-01-01T00:00:00.000Z' }],
    }),
  'GET /api/v1/admin/product-changes': () => json(200, { changes: [], total: 0, page: 1, pages: 0 }),
  'GET /api/v1/admin/product-changes/settings': () => json(200, { minor_edit_max_chars: 0 }),
  'GET /api/v1/seller/product-changes': () => json(200, { products: [] }),
  // The wishlist page a signed-in user may land on.
  'GET /api/v1/wishlist': () => json(200, { items: [], products: [], total: 0 }),
  // Tax (decision 0044): the checkout's billing country has no rate unless a test names one.
  'GET /api/v1/tax/rate': (request) =>
    json(200, {
      country: new URL(request.url).searchParams.get('country') ?? 'US',
      region: null,
      rate: 0,
      rate_bps: 0,
      label: null,
    }),
  // The admin console's footer figures.
  'GET /api/v1/admin/system-status': () =>
    json(200, { started_at: '2026-05-28T09:00:00.000Z', uptime_seconds: 273_600, users_online: 12, online_window_minutes: 15 }),
};

export function mockApi(handlers: Record<string, MockHandler> = {}) {
  const table = { ...defaults, ...handlers };
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      window.location.origin,
    );
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body ?? null;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const request: MockRequest = {
      method,
      path: url.pathname,
      url: url.href,
      headers: new Headers(init.headers),
      body,
      credentials: init.credentials,
    };
    requests.push(request);
    const handler = table[`${method} ${url.pathname}`];
    if (!handler) {
      console.error(`Unmocked request: ${method} ${url.pathname}`);
      return json(501, { detail: 'Not mocked', code: 'NOT_MOCKED' });
    }
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  // Uploads go through XMLHttpRequest (for progress); it answers from the same table.
  vi.stubGlobal('XMLHttpRequest', FetchBackedXhr);
  return {
    fetchMock,
    requests,
    /** Requests to one `METHOD /path`. */
    calls: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}
