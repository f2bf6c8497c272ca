import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockHandler, mockApi, publicSettings } from '@/test/api-mock';
import { makeSession, makeUser } from '@/test/fixtures';
import { adminDashboardHandlers, makeProduct } from '@/test/marketplace-fixtures';
import { renderRoute } from '@/test/render';

const SIMPLE = '55555555-5555-4555-8555-555555555555';

function openAsAdmin(path: string, handlers: Record<string, MockHandler> = {}) {
  authStore.setSession(makeSession({ role: 'admin', id: 'admin-1', email: 'root@example.com' }));
  const api = mockApi(handlers);
  return { ...renderRoute(path), api };
}

describe('admin console', () => {
  it('shows the dashboard figures with links to act on them', async () => {
    openAsAdmin('/admin', adminDashboardHandlers());
    expect(await screen.findByText('$120.50')).toBeTruthy();
    const refunds = screen.getByText('Refund requests').closest('a');
    expect(refunds?.getAttribute('href')).toBe('/admin/orders?refund=requested');
    expect(screen.getByRole('link', { name: 'Simple admins' }).getAttribute('href')).toBe('/admin/simple-admins');
    expect(screen.getByRole('link', { name: 'Statistics' })).toBeTruthy();
  });

  it('folds the sidebar to an icon rail, keeps every link named, and remembers the choice on the account', async () => {
    const { user, api } = openAsAdmin('/admin', adminDashboardHandlers());
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    const expand = await screen.findByRole('button', { name: 'Expand sidebar' });
    expect(expand.getAttribute('title')).toBe('Expand sidebar');
    const users = screen.getByRole('link', { name: 'Users' });
    expect(users.getAttribute('title')).toBe('Users');
    await waitFor(() =>
      expect(api.calls('PUT /api/v1/users/me/preferences').map((call) => call.body)).toContainEqual({ sidebarCollapsed: true }),
    );
    // The console opens folded next time too; unfolding brings the labels back.
    cleanup();
    const again = openAsAdmin('/admin', adminDashboardHandlers());
    await again.user.click(await screen.findByRole('button', { name: 'Expand sidebar' }));
    expect((await screen.findByRole('link', { name: 'Users' })).getAttribute('title')).toBeNull();
  });

  it('shows the server’s measured uptime and users online in the footer, not placeholder figures', async () => {
    openAsAdmin('/admin', adminDashboardHandlers());
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByText('Up 3d 4h');
    expect(within(footer).getByText('Users online 12').getAttribute('title')).toBe('Signed in and active in the last 15 minutes');
    expect(footer.textContent).not.toContain('99.9');
  });

  it('sends an announcement and says how many users got it', async () => {
    const { user, api } = openAsAdmin('/admin/notifications', {
      'POST /api/v1/admin/notifications': () => json(201, { message: 'Announcement sent to 7 users', sent: 7 }),
    });
    await user.type(await screen.findByLabelText('Title'), 'Spring sale');
    await user.type(screen.getByLabelText('Message'), 'Everything is 10% off this weekend.');
    await user.selectOptions(screen.getByLabelText('Type'), 'success');
    await user.selectOptions(screen.getByLabelText('Audience'), 'buyer');
    await user.click(screen.getByRole('button', { name: 'Send announcement' }));

    expect(await screen.findByText('Announcement sent to 7 users')).toBeTruthy();
    expect(api.calls('POST /api/v1/admin/notifications')[0]?.body).toEqual({
      title: 'Spring sale',
      message: 'Everything is 10% off this weekend.',
      type: 'success',
      audience: 'buyer',
    });
  });

  it('draws the statistics as bar charts with the top products', async () => {
    openAsAdmin('/admin/stats', {
      'GET /api/v1/admin/stats': () =>
        json(200, {
          series: [
            { date: '2026-11-20', revenue: 10, orders: 1, new_users: 2 },
            { date: '2026-11-21', revenue: 30, orders: 2, new_users: 0 },
          ],
          top_products: [{ product_id: 'p-1', title: 'Prompt Toolkit', units: 3, revenue: 59.97 }],
        }),
    });
    expect(
      await screen.findByRole('img', { name: /Revenue per day: \$40\.00 in total, highest \$30\.00 on Nov 21/ }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: /Paid orders per day: 3 in total/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /New users per day: 2 in total/ })).toBeTruthy();
    expect(within(screen.getByText('Prompt Toolkit').closest('tr') as HTMLElement).getByText('$59.97')).toBeTruthy();
  });

  it('switches maintenance mode on from the settings', async () => {
    const saved = publicSettings({ admin_email: 'ops@example.com', maintenance_message: 'Back soon, we are upgrading.' });
    const { user, api } = openAsAdmin('/admin/settings', {
      'GET /api/v1/admin/settings': () => json(200, saved),
      'PUT /api/v1/admin/settings': ({ body }) => json(200, { ...saved, ...(body as object) }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Maintenance mode' }));
    expect(screen.getByText(/closes the marketplace to buyers and sellers/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(api.calls('PUT /api/v1/admin/settings')[0]?.body).toMatchObject({
      site_name: 'AI Marketplace',
      admin_email: 'ops@example.com',
      maintenance_mode: true,
      maintenance_message: 'Back soon, we are upgrading.',
    });
    // The admin keeps the console.
    expect(screen.queryByText('Under Maintenance')).toBeNull();
  });

  it('saves the footer’s contact details and social links, refusing a link that is not a web address', async () => {
    const saved = publicSettings({ admin_email: 'ops@example.com', maintenance_message: 'Back soon, we are upgrading.' });
    const { user, api } = openAsAdmin('/admin/settings', {
      'GET /api/v1/admin/settings': () => json(200, saved),
      'PUT /api/v1/admin/settings': ({ body }) => json(200, { ...saved, ...(body as object) }),
    });
    await user.type(await screen.findByLabelText('Support e-mail', {}, { timeout: 15_000 }), 'help@example.org');
    await user.type(screen.getByLabelText('Phone number'), '+92 42 3577 0000');
    await user.type(screen.getByLabelText('GitHub'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Please enter a valid https:// link')).toBeTruthy();
    expect(api.calls('PUT /api/v1/admin/settings')).toHaveLength(0);

    await user.clear(screen.getByLabelText('GitHub'));
    await user.type(screen.getByLabelText('GitHub'), 'https://github.com/example');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(api.calls('PUT /api/v1/admin/settings')[0]?.body).toMatchObject({
      contact_email: 'help@example.org',
      contact_phone: '+92 42 3577 0000',
      social_github: 'https://github.com/example',
    });
  });

  it('creates, switches off, views and deletes simple admins', async () => {
    let simpleAdmins = [
      makeUser({ id: SIMPLE, email: 'helper@example.com', role: 'simple_admin', first_name: 'Hal', last_name: 'Helper' }),
    ];
    const { user, api } = openAsAdmin('/admin/simple-admins', {
      'GET /api/v1/super-admin/simple-admins': () => json(200, { simple_admins: simpleAdmins, total: simpleAdmins.length }),
      'POST /api/v1/super-admin/simple-admins': ({ body }) => {
        const created = makeUser({ id: 'new', role: 'simple_admin', ...(body as object) });
        simpleAdmins = [created, ...simpleAdmins];
        return json(201, { message: 'Simple admin created', simple_admin: created });
      },
      [`PUT /api/v1/super-admin/simple-admins/${SIMPLE}/toggle-status`]: () =>
        json(200, { message: 'Simple admin updated', simple_admin: simpleAdmins[0] }),
      [`GET /api/v1/admin/simple-admins/${SIMPLE}/products`]: () =>
        json(200, { products: [makeProduct({ title: 'Helper Tool', status: 'pending' })], total: 1 }),
      [`DELETE /api/v1/super-admin/simple-admins/${SIMPLE}`]: () => json(200, { message: 'Simple admin removed' }),
    });
    await screen.findByText('helper@example.com');

    await user.click(screen.getByRole('button', { name: 'Add simple admin' }));
    const form = await screen.findByRole('dialog', { name: 'Add a simple admin' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Email is required')).toBeTruthy();
    await user.type(within(form).getByLabelText('Email'), 'new.helper@example.com');
    await user.type(within(form).getByLabelText('Password'), 'Helper-pass-2026');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('new.helper@example.com can now sign in')).toBeTruthy();
    expect(api.calls('POST /api/v1/super-admin/simple-admins')[0]?.body).toEqual({
      email: 'new.helper@example.com',
      password: 'Helper-pass-2026',
    });

    await user.click(await screen.findByRole('button', { name: 'Deactivate helper@example.com' }));
    await waitFor(() =>
      expect(api.calls(`PUT /api/v1/super-admin/simple-admins/${SIMPLE}/toggle-status`)[0]?.body).toEqual({ is_active: false }),
    );

    await user.click(screen.getByRole('button', { name: 'Products of helper@example.com' }));
    const products = await screen.findByRole('dialog', { name: 'Products of helper@example.com' });
    expect(await within(products).findByText('Helper Tool')).toBeTruthy();
    expect(new URL(api.calls(`GET /api/v1/admin/simple-admins/${SIMPLE}/products`)[0]?.url ?? '').search).toBe('?skip=0&limit=8');
    await user.click(within(products).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Delete helper@example.com' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('helper@example.com was deleted')).toBeTruthy();
  });

  it('lets any signed-in user reach /admin/simple-admins (spec §2); the API still decides', async () => {
    authStore.setSession(makeSession({ role: 'seller' }));
    mockApi({
      'GET /api/v1/super-admin/simple-admins': () => json(403, { detail: 'Admin access required', code: 'FORBIDDEN' }),
    });
    renderRoute('/admin/simple-admins');
    expect(await screen.findByRole('heading', { name: 'Simple admins' })).toBeTruthy();
    expect(await screen.findByText('Admin access required')).toBeTruthy();
    expect(screen.queryByText('Access Denied')).toBeNull();
  });
});
