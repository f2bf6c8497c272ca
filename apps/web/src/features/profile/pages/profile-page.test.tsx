import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession, makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

async function openProfile(handlers: Parameters<typeof mockApi>[0] = {}) {
  authStore.setSession(makeSession());
  const api = mockApi({ 'GET /api/v1/users/me': () => json(200, makeUser()), ...handlers });
  const view = renderRoute('/profile');
  await screen.findByRole('heading', { name: 'Profile settings' });
  return { ...view, api };
}

describe('profile page', () => {
  it('saves name and newsletter changes', async () => {
    const { user, api } = await openProfile({
      'PUT /api/v1/users/me': ({ body }) => json(200, makeUser(body as object)),
    });

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Augusta');
    await user.click(screen.getByLabelText('Subscribe to the newsletter'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(api.calls('PUT /api/v1/users/me')[0]?.body).toEqual({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      newsletter_subscribed: false,
    });
    expect(authStore.getState().user?.first_name).toBe('Augusta');
  });

  it('refuses a non-image or a file of 5 MB before uploading', async () => {
    const { api } = await openProfile();
    // Past the file picker's own filter, as a drag-and-drop or an old browser would be.
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Choose photo');

    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findAllByText('Please select a valid image file')).not.toHaveLength(0);

    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(await screen.findAllByText('Image must be less than 5MB')).not.toHaveLength(0);
    expect(api.calls('POST /api/v1/users/upload-avatar')).toHaveLength(0);
  });

  it('uploads a photo as multipart field "file" and shows it', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    let avatar: string | null = null;
    const { user, api } = await openProfile({
      'GET /api/v1/users/me': () => json(200, makeUser({ avatar })),
      'POST /api/v1/users/upload-avatar': () => {
        avatar = '/files/avatars/ada.png';
        return json(200, { success: true, avatar_url: avatar });
      },
    });

    await user.upload(screen.getByLabelText('Choose photo'), new File(['png'], 'me.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));

    expect(await screen.findByText('Photo updated')).toBeTruthy();
    const sent = api.calls('POST /api/v1/users/upload-avatar')[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect(((sent as FormData).get('file') as File).name).toBe('me.png');
    expect(authStore.getState().user?.avatar).toBe('/files/avatars/ada.png');
  });

  it('changes the password and keeps the new access token', async () => {
    const { user, api } = await openProfile({
      'POST /api/v1/auth/change-password': () =>
        json(200, { message: 'Password changed successfully', access_token: 'after-change' }),
    });

    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
    expect(api.calls('POST /api/v1/auth/change-password')[0]?.body).toEqual({
      current_password: 'old-password',
      new_password: 'new-password-1',
    });
    expect(authStore.getState().accessToken).toBe('after-change');
  });

  it('deletes the account after confirmation, signs out and returns to /', async () => {
    const { user, router, api } = await openProfile({
      'DELETE /api/v1/users/me': () => new Response(null, { status: 204 }),
    });

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));

    expect(await screen.findByText('Account deleted')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(authStore.getState().status).toBe('anonymous');
    expect(api.calls('DELETE /api/v1/users/me')).toHaveLength(1);
  });
});
