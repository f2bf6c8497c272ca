import type { AuthResponse } from '@app/shared';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

/** Spec §5 Login: a response lacking user or token is an error, not a half-signed-in state. */
export function assertSession(response: AuthResponse | null | undefined): AuthResponse {
  if (!response?.user || !response.access_token) {
    throw new ApiError(i18n.t('auth.errors.invalidResponse'), 200, 'INVALID_RESPONSE');
  }
  return response;
}
