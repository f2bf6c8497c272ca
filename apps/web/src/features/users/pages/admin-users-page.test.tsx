import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeSession, makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const BUYER = '44444444-4444-4444-8444-444444444444';

function openUsers() {
  authStore.setSession(makeSession({ role: 'admin', id: 'admin-1', email: 'root@example.com' }));
  const buyer = makeUser({ id: BUYER, email: 'buyer@example.com', first_name: 'Ava', last_name: 'Buyer', role: 'buyer' });
  const api = mockApi({
    'GET /api/v1/admin/users': () => json(200, { users: [buyer], total: 1, page: 1, pages: 1 }),
    [`PUT /api/v1/admin/users/${BUYER}`]: ({ body }) =>
      json(200, { message: 'User updated', user: { ...buyer, ...(body as object) } }),
  });
  return { ...renderRoute('/admin/users'), api };
}

function openAsAdminAt(path: string, handlers: Record<string, MockHandler>) {
  authStore.setSession(makeSession({ role: 'admin', id: 'admin-1', email: 'root@example.com' }));
  const api = mockApi(handlers);
  return { ...renderRoute(path), api };
}

// `hidden`: while the confirmation (a modal) is open, the page behind it is hidden from screen readers.
const roleSelect = () => screen.getByRole('combobox', { name: 'Role of buyer@example.com', hidden: true }) as HTMLSelectElement;

describe('admin users: role changes', () => {
  it('filters users, changes a role and suspends after confirmation; no self-suspension', async () => {
    const buyer = makeUser({ id: BUYER, email: 'buyer@example.com', first_name: 'Ava', last_name: 'Buyer' });
    const me = makeUser({ id: 'admin-1', email: 'root@example.com', role: 'admin' });
    const { user, api } = openAsAdminAt('/admin/users', {
      'GET /api/v1/admin/users': () => json(200, { users: [me, buyer], total: 2, page: 1, pages: 1 }),
      [`PUT /api/v1/admin/users/${BUYER}`]: ({ body }) =>
        json(200, { message: 'User updated', user: { ...buyer, ...(body as object) } }),
    });
    const row = (await screen.findByText('buyer@example.com')).closest('tr') as HTMLElement;
    expect(within(screen.getByText('root@example.com').closest('tr') as HTMLElement).queryByRole('button')).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'seller');
    await waitFor(() =>
      expect(new URL(api.calls('GET /api/v1/admin/users').at(-1)?.url ?? '').searchParams.get('role')).toBe('seller'),
    );

    await user.selectOptions(within(row).getByRole('combobox', { name: 'Role of buyer@example.com' }), 'seller');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Ava Buyer is now Seller')).toBeTruthy();
    expect(api.calls(`PUT /api/v1/admin/users/${BUYER}`)[0]?.body).toEqual({ role: 'seller' });

    await user.click(within(row).getByRole('button', { name: 'Suspend buyer@example.com' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Ava Buyer was suspended')).toBeTruthy();
    expect(api.calls(`PUT /api/v1/admin/users/${BUYER}`)[1]?.body).toEqual({ is_active: false });
  });

  it('asks before changing a role; Cancel leaves the role as it was and sends nothing', async () => {
    const { user, api } = openUsers();
    await screen.findByText('buyer@example.com');

    await user.selectOptions(roleSelect(), 'admin');
    const dialog = await screen.findByRole('alertdialog', { name: "Change Ava Buyer's role to Admin?" });
    expect(dialog.textContent).toContain('Their role changes from Buyer to Admin.');
    expect(roleSelect().value).toBe('buyer');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(roleSelect().value).toBe('buyer');
    expect(api.calls(`PUT /api/v1/admin/users/${BUYER}`)).toHaveLength(0);
  });

  it('changes the role once confirmed, and only once on a double click', async () => {
    const { user, api } = openUsers();
    await screen.findByText('buyer@example.com');

    await user.selectOptions(roleSelect(), 'seller');
    const confirm = within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Change role' });
    await user.dblClick(confirm);

    expect(await screen.findByText('Ava Buyer is now Seller')).toBeTruthy();
    expect(api.calls(`PUT /api/v1/admin/users/${BUYER}`).map((call) => call.body)).toEqual([{ role: 'seller' }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('says so and keeps the old role when the server refuses the change', async () => {
    authStore.setSession(makeSession({ role: 'admin', id: 'admin-1', email: 'root@example.com' }));
    const buyer = makeUser({ id: BUYER, email: 'buyer@example.com', first_name: 'Ava', last_name: 'Buyer', role: 'buyer' });
    mockApi({
      'GET /api/v1/admin/users': () => json(200, { users: [buyer], total: 1, page: 1, pages: 1 }),
      [`PUT /api/v1/admin/users/${BUYER}`]: () => json(403, { detail: 'Admin access required', code: 'FORBIDDEN' }),
    });
    const { user } = renderRoute('/admin/users');
    await screen.findByText('buyer@example.com');

    await user.selectOptions(roleSelect(), 'seller');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Change role' }));

    expect(await screen.findByText('Admin access required')).toBeTruthy();
    expect(screen.queryByText('Ava Buyer is now Seller')).toBeNull();
    expect(roleSelect().value).toBe('buyer');
  });
});
