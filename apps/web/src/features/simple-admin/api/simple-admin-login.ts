import { type LoginRequest, loginRequestSchema, type SimpleAdminSession } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { simpleAdminError } from '../lib/simple-admin-client';

/**
 * POST /simple-admin/login. It sets the same refresh cookie as the normal sign-in, so the
 * session then lives in the usual auth store. Spec §5: success only with `success` true and a token.
 * A refusal (wrong password, not a simple admin, suspended) keeps the server's words.
 */
export async function simpleAdminLogin(body: LoginRequest): Promise<SimpleAdminSession> {
  let response: SimpleAdminSession | null;
  try {
    response = await api.post<SimpleAdminSession>('/simple-admin/login', loginRequestSchema.parse(body));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw error;
    throw simpleAdminError(error);
  }
  if (!response || typeof response !== 'object' || response.success !== true || !response.access_token || !response.user) {
    throw new ApiError(i18n.t('simpleAdmin.login.invalidResponse'), 200, 'INVALID_RESPONSE', [], response);
  }
  return response;
}

export function useSimpleAdminLogin() {
  return useMutation({
    mutationFn: simpleAdminLogin,
    // In the mutation itself: the page redirects as soon as the store says "signed in".
    onSuccess: (session) => {
      notify.success(i18n.t('simpleAdmin.login.success'));
      authStore.setSession(session);
    },
  });
}
