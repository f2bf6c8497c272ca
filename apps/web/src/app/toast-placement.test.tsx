import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { notify } from '@/lib/notify';
import { mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

/** jsdom lays nothing out: give the layout's header the height a browser gives it below xl (two rows). */
function headerHeight(px: number) {
  const real = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'HEADER' && this.closest('main') === null ? px : ((real?.get?.call(this) as number) ?? 0);
  });
}

function toaster() {
  return document.querySelector<HTMLElement>('[data-sonner-toaster]');
}

describe('toast placement', () => {
  it('starts top toasts below the sticky header, so they never cover the cart badge or the avatar', async () => {
    headerHeight(121);
    authStore.setSession(makeSession());
    mockApi();
    renderRoute('/');
    await screen.findByRole('banner');
    expect(await screen.findByRole('button', { name: 'User menu' })).toBeTruthy();

    act(() => {
      notify.success('Added to cart');
    });
    await screen.findByText('Added to cart');
    const list = toaster();
    expect(list?.getAttribute('data-y-position')).toBe('top');
    await waitFor(() => expect(list?.style.getPropertyValue('--offset-top')).toBe('133px'));
    expect(list?.style.getPropertyValue('--mobile-offset-top')).toBe('133px');
  });

  it("uses the header's own height (one row on wide screens)", async () => {
    headerHeight(65);
    mockApi();
    renderRoute('/');
    await screen.findByRole('banner');
    act(() => {
      notify.info('Saved');
    });
    await screen.findByText('Saved');
    await waitFor(() => expect(toaster()?.style.getPropertyValue('--offset-top')).toBe('77px'));
  });
});
