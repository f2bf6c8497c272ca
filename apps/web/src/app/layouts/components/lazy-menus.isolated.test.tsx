import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

// The menus arrive only when the test lets them: what happens to a press made before that?
const arrival = vi.hoisted(() => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release: () => release() };
});
vi.mock('./user-menu', async (importOriginal) => {
  await arrival.gate;
  return importOriginal();
});
vi.mock('./mobile-nav', async (importOriginal) => {
  await arrival.gate;
  return importOriginal();
});

describe('header menus still loading', () => {
  it('shows the avatar and menu buttons at once, and a press made meanwhile opens the menu when it arrives', async () => {
    authStore.setSession(makeSession());
    mockApi();
    const { user } = renderRoute('/');

    const avatar = screen.getByRole('button', { name: 'User menu' });
    expect(avatar.getAttribute('aria-haspopup')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
    await user.click(avatar);
    expect(screen.queryByRole('menu')).toBeNull();

    arrival.release();
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'My Orders' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'User menu' }).getAttribute('aria-expanded')).toBe('true'));
  });
});
