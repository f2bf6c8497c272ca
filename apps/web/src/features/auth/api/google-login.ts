import { type AuthResponse, hasRole } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { assertSession } from '../lib/session-response';
import { startSession } from '../lib/start-session';

/**
 * POST /auth/google with the Google ID token credential. Spec §4: admins must use the
 * admin login, so an admin session from Google is dropped again (cookie included).
 */
export async function googleLogin(token: string): Promise<AuthResponse> {
  const session = assertSession(await api.post<AuthResponse>('/auth/google', { token }));
  if (hasRole(session.user.role, ['admin'])) {
    await api.post<void>('/auth/logout').catch(() => undefined);
    throw new ApiError(i18n.t('auth.google.adminRejected'), 403, 'FORBIDDEN');
  }
  return session;
}

export function useGoogleLogin() {
  return useMutation({ mutationFn: googleLogin, onSuccess: (session) => startSession(session, 'welcome') });
}
