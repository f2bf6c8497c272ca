import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from '@/lib/new-version-reload';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { AppErrorScreen } from './app-error-screen';

function Throws({ error }: { error: Error }): never {
  throw error;
}

const stale = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/products-page-Ab12.js');
const routes = (error: Error): RouteObject[] => [
  { path: '/', errorElement: <AppErrorScreen />, children: [{ path: 'products', element: <Throws error={error} /> }] },
];

describe('app error screen after a deploy', () => {
  let reload: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    window.sessionStorage.clear();
    reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    // React logs the error it caught; that is the point of these tests.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('reloads once into the new version instead of showing "Failed to fetch dynamically imported module"', async () => {
    renderRoute('/products', { routes: routes(stale) });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/dynamically imported module/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Something went wrong!' })).toBeNull();
  });

  it('shows the error, in words, when it already reloaded moments ago', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.newVersionReload, String(Date.now()));
    renderRoute('/products', { routes: routes(stale) });
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeTruthy();
    expect(
      screen.getByText('A new version of the site is out, but it could not be loaded. Check your connection and try again.'),
    ).toBeTruthy();
    expect(screen.queryByText(/dynamically imported module/)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('still shows any other error as it is, without reloading', async () => {
    renderRoute('/products', { routes: routes(new Error('Cannot read properties of undefined')) });
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeTruthy();
    expect(screen.getByText('Cannot read properties of undefined')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });
});
