import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';

describe('footer newsletter form', () => {
  it('asks for an address, then a valid one, then says Subscribed!', async () => {
    authStore.clear();
    const api = mockApi();
    renderRoute('/');
    const user = userEvent.setup();
    const input = screen.getByLabelText('Newsletter email');
    const submit = screen.getByRole('button', { name: 'Subscribe' });

    await user.click(submit);
    expect(await screen.findByText('Email Required')).toBeTruthy();
    expect(screen.getByText('Please enter your email address')).toBeTruthy();

    await user.type(input, 'ada@example');
    await user.click(submit);
    expect(await screen.findByText('Invalid Email')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();

    await user.clear(input);
    await user.type(input, 'ada@example.com');
    await user.click(submit);
    expect(await screen.findByText('Subscribed!')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
    // No server call yet: the newsletter endpoint comes with its own issue.
    expect(api.requests.filter((request) => request.path.includes('newsletter'))).toHaveLength(0);
  });
});
