import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flushSync } from 'react-dom';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes as appRoutes } from '@/app/router';

export interface RenderRouteOptions {
  /** Defaults to the app's own route table. */
  routes?: RouteObject[];
  state?: unknown;
}

/** Renders the app (or a small route table) at `path` with the real providers. */
export function renderRoute(path: string, { routes = appRoutes, state }: RenderRouteOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }],
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider
        router={router}
        flushSync={(update) => {
          flushSync(update);
        }}
      />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}

/**
 * A header menu's own trigger, once its code is in. Until then a stand-in button of the same name
 * is shown (lazy-menus.tsx); a click on a stand-in swapped out before the click lands is lost in
 * jsdom, whereas a browser clicks whatever is under the pointer. A press while the code loads is
 * tested in lazy-menus.isolated.test.tsx.
 */
export function menuTrigger(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const button = screen.getByRole('button', { name });
    expect(button.getAttribute('aria-haspopup')).toBeTruthy();
    return button;
  });
}
