import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { makeProduct } from '@/test/marketplace-fixtures';
import { renderRoute } from '@/test/render';

/** The page's lazy chunk can take a while to arrive on a busy machine. */
const PAGE_LOAD_MS = 15_000;

function debugHandlers() {
  return {
    'GET /api/v1/debug/check-uploads': () =>
      json(200, {
        uploads_exists: true,
        uploads_path: '/srv/data/files',
        files: [
          { filename: 'cover.png', url: '/api/v1/media/product-images/cover.png', exists: true },
          { filename: 'gone.png', url: '/api/v1/media/product-images/gone.png', exists: false },
        ],
      }),
    'GET /api/v1/debug/check-auth-token': () =>
      json(200, {
        valid: true,
        user: { id: 'admin-1', email: 'admin@example.com', role: 'admin' },
        issued_at: '2026-06-01T10:00:00.000Z',
        expires_at: '2026-06-01T10:15:00.000Z',
      }),
    'GET /api/v1/test': () =>
      json(200, { message: 'API is working', environment: 'development', time: '2026-06-01T10:00:00.000Z' }),
    'GET /api/v1/simple-admin-test/status': () => json(200, { status: 'ok', simple_admins: { total: 2, active: 1 } }),
    'GET /api/v1/products/': () =>
      json(200, {
        products: [makeProduct({ title: 'Newest Model', images: ['/api/v1/media/product-images/cover.png'] })],
        total: 1,
        page: 1,
        pages: 1,
      }),
  };
}

describe('debug images page', () => {
  it('runs the checks on load: uploads folder, stored images, the first product’s image URLs', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    const api = mockApi(debugHandlers());
    const { user } = renderRoute('/debug-images');
    expect(await screen.findByText('/srv/data/files', {}, { timeout: PAGE_LOAD_MS })).toBeTruthy();
    const files = screen.getByRole('region', { name: 'Stored images of the newest products' });
    const missing = within(files).getByText('gone.png').closest('tr') as HTMLElement;
    expect(within(missing).getByText('Missing')).toBeTruthy();
    const product = screen.getByRole('region', { name: "First product's images" });
    expect(within(product).getByText('Newest Model')).toBeTruthy();
    expect(within(product).getByText('/api/v1/media/product-images/cover.png')).toBeTruthy();
    expect(screen.getByText('1 active of 2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'GET /test' }));
    expect(await screen.findByText(/"environment": "development"/)).toBeTruthy();
    expect(api.calls('GET /api/v1/test').length).toBeGreaterThanOrEqual(2);
  });

  it('says the tools are off when the server does not have the debug routes (production)', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    mockApi({
      ...debugHandlers(),
      'GET /api/v1/debug/check-uploads': () =>
        json(404, { detail: 'Route GET /api/v1/debug/check-uploads not found', code: 'NOT_FOUND' }),
    });
    renderRoute('/debug-images');
    expect(await screen.findByText(/turned off on this server/, {}, { timeout: PAGE_LOAD_MS })).toBeTruthy();
  });

  it('is for admins only', async () => {
    authStore.setSession(makeSession({ role: 'buyer' }));
    const api = mockApi(debugHandlers());
    renderRoute('/debug-images');
    expect(await screen.findByText('Access Denied', {}, { timeout: PAGE_LOAD_MS })).toBeTruthy();
    expect(api.calls('GET /api/v1/debug/check-uploads')).toHaveLength(0);
  });
});
