import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useEndSession } from '@/lib/use-end-session';

/** POST /auth/logout revokes the refresh token and clears its cookie. */
export function logout(): Promise<void> {
  return api.post<void>('/auth/logout');
}

/** Sign out and go to `redirectTo` (default /). Signing out locally does not depend on the server answering. */
export function useLogout() {
  const endSession = useEndSession();
  return useMutation({
    mutationFn: async ({ redirectTo = '/' }: { redirectTo?: string } = {}) => {
      await logout().catch(() => undefined);
      await endSession(redirectTo);
    },
    onSuccess: () => notify.info(i18n.t('auth.logout.done')),
  });
}
