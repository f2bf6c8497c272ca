import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { type AuthState, authStore } from './auth-store';

/** Client errors (4xx) will not fix themselves: retry only network failures and 5xx, once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

/** Whose data the cache may hold: null while the session is still being restored. */
function viewerOf(state: AuthState): string | null {
  if (state.status === 'loading') return null;
  return state.user?.id ?? 'anonymous';
}

/**
 * Forgets every cached answer whenever the person using the tab changes: sign-in, sign-out, a
 * session the server no longer accepts, or another account signing in. Returns the unsubscribe.
 */
export function clearCacheOnSessionChange(queryClient: QueryClient): () => void {
  let viewer = viewerOf(authStore.getState());
  return authStore.subscribe(() => {
    const next = viewerOf(authStore.getState());
    if (next === viewer) return;
    const previous = viewer;
    viewer = next;
    // Before the session was known nothing user-specific could be fetched: keep the catalogue.
    if (previous !== null) queryClient.clear();
  });
}
