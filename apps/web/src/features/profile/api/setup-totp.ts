import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TotpSetup {
  secret: string;
  otpauth_url: string;
}

/** POST /auth/totp/setup: a new secret, not active until a code from the app confirms it. */
export function setupTotp(): Promise<TotpSetup> {
  return api.post<TotpSetup>('/auth/totp/setup');
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
