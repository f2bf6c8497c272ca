import { totpCodeSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

export type TotpCode = z.input<typeof totpCodeSchema>;

/** POST /auth/totp/enable {code}: the first code from the app switches two-factor sign-in on. */
export function enableTotp(body: TotpCode): Promise<{ message: string; totp_enabled: boolean; access_token?: string }> {
  return api.post('/auth/totp/enable', totpCodeSchema.parse(body));
}

export function useEnableTotp() {
  return useMutation({
    mutationFn: enableTotp,
    // Switching 2FA on ends every other session; this one carries on with the fresh token.
    onSuccess: ({ totp_enabled, access_token }) => {
      if (access_token) authStore.setAccessToken(access_token);
      const { user } = authStore.getState();
      if (user) authStore.setUser({ ...user, totp_enabled });
    },
  });
}
