import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authStore } from './auth-store';

/**
 * Signs out locally after leaving the page. The order matters: forgetting the session
 * first would let the route guard of a signed-in page redirect to /login before we
 * reach `to` (spec: logout and account deletion return to /).
 */
export function useEndSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (to = '/') => {
      await navigate(to, { replace: true, flushSync: true });
      authStore.clear();
      queryClient.removeQueries();
    },
    [navigate, queryClient],
  );
}
