import { type AuthResponse, hasRole, type LoginRequest } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { assertSession } from '../lib/session-response';
import { startSession } from '../lib/start-session';

/** POST /auth/admin/login; the server answers 403 for non-admins, and the client double-checks the role. */
export async function adminLogin(body: LoginRequest): Promise<AuthResponse> {
  const session = assertSession(await api.post<AuthResponse>('/auth/admin/login', body));
  if (!hasRole(session.user.role, ['admin'])) {
    throw new ApiError(i18n.t('auth.adminLogin.adminRequired'), 403, 'FORBIDDEN');
  }
  return session;
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin, onSuccess: (session) => startSession(session, 'adminWelcome') });
}
