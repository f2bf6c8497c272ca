import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession, makeUser } from '@/test/fixtures';
import { makeProduct, sellerStats } from '@/test/marketplace-fixtures';
import { renderRoute } from '@/test/render';

const dashboard =
  (products = [makeProduct({ title: 'Simple Tool' })]) =>
  () =>
    json(200, { ...sellerStats, total_products: products.length, pending: products.length, recent_products: products });

async function signIn(user: ReturnType<typeof renderRoute>['user']) {
  await screen.findByRole('heading', { name: 'Simple admin sign in' });
  await user.type(screen.getByLabelText('Email'), 'simple@example.com');
  await user.type(screen.getByLabelText('Password'), 'Simple-demo-2026');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('simple-admin area', () => {
  it('signs in through POST /simple-admin/login and opens the dashboard', async () => {
    authStore.clear();
    const api = mockApi({
      'POST /api/v1/simple-admin/login': () =>
        json(200, { success: true, ...makeSession({ role: 'simple_admin', email: 'simple@example.com' }) }),
      'GET /api/v1/simple-admin/dashboard': dashboard(),
    });
    const { user, router } = renderRoute('/simple-admin/login');
    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Simple admin dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/simple-admin');
    expect(await screen.findByText('Simple Tool')).toBeTruthy();
    expect(api.calls('POST /api/v1/simple-admin/login')[0]?.body).toEqual({
      email: 'simple@example.com',
      password: 'Simple-demo-2026',
    });
    expect(authStore.getState().user?.role).toBe('simple_admin');
  });

  it('refuses a login answer without success or a token', async () => {
    authStore.clear();
    mockApi({ 'POST /api/v1/simple-admin/login': () => json(200, { success: false, user: makeUser() }) });
    const { user } = renderRoute('/simple-admin/login');
    await signIn(user);
    expect(await screen.findByText('Login failed - invalid response')).toBeTruthy();
    expect(authStore.getState().status).toBe('anonymous');
  });

  it('shows the server refusal for a wrong password without signing anyone out', async () => {
    authStore.clear();
    const api = mockApi({
      'POST /api/v1/simple-admin/login': () => json(401, { detail: 'Invalid email or password', code: 'UNAUTHORIZED' }),
    });
    const { user } = renderRoute('/simple-admin/login');
    await signIn(user);
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(api.calls('POST /api/v1/auth/refresh')).toHaveLength(0);
  });

  it('goes back to /simple-admin/login with the spec text when the session is gone', async () => {
    authStore.setSession(makeSession({ role: 'simple_admin' }));
    mockApi({ 'GET /api/v1/simple-admin/dashboard': () => json(401, { detail: 'Token expired', code: 'UNAUTHORIZED' }) });
    const { router } = renderRoute('/simple-admin');
    expect(await screen.findByRole('heading', { name: 'Simple admin sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/simple-admin/login');
    expect(authStore.getState().status).toBe('anonymous');
  });

  it('shows the mapped error when the product list fails', async () => {
    authStore.setSession(makeSession({ role: 'simple_admin' }));
    mockApi({ 'GET /api/v1/simple-admin/products': () => json(500, { detail: 'boom', code: 'INTERNAL' }) });
    renderRoute('/simple-admin/products');
    expect(await screen.findByText('Server error - please try again')).toBeTruthy();
  });

  it('pages through its own products with skip and limit', async () => {
    authStore.setSession(makeSession({ role: 'simple_admin' }));
    const products = Array.from({ length: 12 }, (_, index) =>
      makeProduct({
        id: `p-${index}`,
        title: `Tool ${index + 1}`,
        status: index === 0 ? 'rejected' : 'pending',
        rejection_reason: index === 0 ? 'Blurry images' : null,
      }),
    );
    const api = mockApi({
      'GET /api/v1/simple-admin/products': ({ url }) => {
        const params = new URL(url).searchParams;
        const skip = Number(params.get('skip'));
        const limit = Number(params.get('limit'));
        return json(200, { products: products.slice(skip, skip + limit), total: products.length });
      },
    });
    const { user } = renderRoute('/simple-admin/products');
    expect(await screen.findByText('Showing 1–10 of 12')).toBeTruthy();
    expect(screen.getByText('Reason: Blurry images')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Tool 12')).toBeTruthy();
    expect(new URL(api.calls('GET /api/v1/simple-admin/products').at(-1)?.url ?? '').searchParams.get('skip')).toBe('10');
  });

  it('creates a product that waits for a super admin, and maps a 413', async () => {
    authStore.setSession(makeSession({ role: 'simple_admin' }));
    let tooLarge = true;
    const created = makeProduct({ title: 'Simple Model' });
    const api = mockApi({
      'POST /api/v1/simple-admin/products': () =>
        tooLarge
          ? json(413, { detail: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' })
          : json(201, { message: 'Product submitted for approval', product: created, data: created }),
      'GET /api/v1/simple-admin/products': () => json(200, { products: [created], total: 1 }),
    });
    const { user, router } = renderRoute('/simple-admin/products/create');
    await user.type(await screen.findByLabelText('Title'), 'Simple Model');
    await user.type(screen.getByLabelText('Description'), 'A model made by a simple admin for testing.');
    await user.type(screen.getByLabelText('Price (USD)'), '12');
    await user.selectOptions(screen.getByLabelText('Category'), 'models');
    await user.upload(screen.getByLabelText('Product files'), new File(['weights'], 'model.bin'));
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    expect(within(await screen.findByRole('alert')).getByText('Files too large - reduce file sizes')).toBeTruthy();

    tooLarge = false;
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    expect(await screen.findByText('Product submitted for approval')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'My products' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/simple-admin/products');
    expect((api.calls('POST /api/v1/simple-admin/products')[1]?.body as FormData | undefined)?.get('title')).toBe('Simple Model');
  });
});
