import { totpCodeSchema } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import type { TotpCode } from './enable-totp';

/** POST /auth/totp/disable {code}: a current code proves it is the admin turning it off. */
export function disableTotp(body: TotpCode): Promise<{ message: string; totp_enabled: boolean }> {
  return api.post('/auth/totp/disable', totpCodeSchema.parse(body));
}

export function useDisableTotp() {
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: ({ totp_enabled }) => {
      const { user } = authStore.getState();
      if (user) authStore.setUser({ ...user, totp_enabled });
    },
  });
}
