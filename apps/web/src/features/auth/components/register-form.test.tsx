import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { menuTrigger, renderRoute } from '@/test/render';

async function openRegister() {
  authStore.clear();
  const view = renderRoute('/register');
  await screen.findByRole('heading', { name: 'Create your account' });
  return view;
}

async function fillValid(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
  await user.type(screen.getByLabelText('Password'), 'analytical-engine');
  await user.type(screen.getByLabelText('Confirm password'), 'analytical-engine');
  await user.click(screen.getByLabelText(/I agree to the Terms of Service/));
}

describe('register form', () => {
  it('shows every required-field message when submitted empty, and sends nothing', async () => {
    const api = mockApi();
    const { user } = await openRegister();

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
      'You must agree to the Terms of Service',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(api.calls('POST /api/v1/auth/register')).toHaveLength(0);
  });

  it('shows the length, format and match messages of spec §5', async () => {
    mockApi();
    const { user } = await openRegister();

    await user.type(screen.getByLabelText('First name'), 'A');
    await user.type(screen.getByLabelText('Last name'), 'L');
    await user.type(screen.getByLabelText('Email'), 'ada@example');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('First name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Last name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByText('You must agree to the Terms of Service')).toBeTruthy();
  });

  it('clears an error as soon as its field is edited, and only that one', async () => {
    mockApi();
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();

    await user.type(screen.getByLabelText('First name'), 'J');

    expect(screen.queryByText('First name is required')).toBeNull();
    expect(screen.queryByText('First name must be at least 2 characters')).toBeNull();
    expect(screen.getByText('Last name is required')).toBeTruthy();

    await user.click(screen.getByLabelText(/I agree to the Terms of Service/));
    expect(screen.queryByText('You must agree to the Terms of Service')).toBeNull();
  });

  it('marks the newsletter box by default, registers, greets and goes to /dashboard', async () => {
    const api = mockApi({
      'POST /api/v1/auth/register': () => json(201, makeSession()),
    });
    const { user, router } = await openRegister();
    expect((screen.getByLabelText('Send me the weekly newsletter') as HTMLInputElement).checked).toBe(true);

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Account Created!')).toBeTruthy();
    // A brand-new account is welcomed, not welcomed back: on the dashboard and in the user menu.
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' })).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    await user.click(await menuTrigger('User menu'));
    expect((await screen.findByRole('menu')).textContent).toContain('Welcome, Ada Lovelace');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.calls('POST /api/v1/auth/register')[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      password: 'analytical-engine',
      newsletter_subscribed: true,
    });
    expect(authStore.getState().accessToken).toBe('access-token-1');
  });

  it('shows a duplicate e-mail (409) in the Registration Error box', async () => {
    mockApi({
      'POST /api/v1/auth/register': () => json(409, { detail: 'An account with this email already exists', code: 'CONFLICT' }),
    });
    const { user, router } = await openRegister();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const box = await screen.findByRole('alert');
    expect(within(box).getByText('Registration Error')).toBeTruthy();
    expect(within(box).getByText('An account with this email already exists')).toBeTruthy();
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register');
    expect(authStore.getState().status).toBe('anonymous');
  });

  it('puts server field errors (422 errors[]) beside their fields', async () => {
    mockApi({
      'POST /api/v1/auth/register': () =>
        json(422, {
          detail: 'Validation failed',
          code: 'VALIDATION_ERROR',
          errors: [{ field: 'password', message: 'This password is too common' }],
        }),
    });
    const { user } = await openRegister();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('This password is too common')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Registration Error')).toBeNull();
  });
});
