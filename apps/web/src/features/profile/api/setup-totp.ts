import type { TotpEnrolment } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/totp/setup: a new secret, not active until a code from the app confirms it. */
export function setupTotp(): Promise<TotpEnrolment> {
  return api.post<TotpEnrolment>('/auth/totp/setup');
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
