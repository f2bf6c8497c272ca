import type { AuthResponse, GuestClaimRequest } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assertSession } from '../lib/session-response';
import { startSession } from '../lib/start-session';

/** Claims the account a guest purchase made (decision 0046): the e-mailed link's token and a new password. */
export async function claimAccount(body: GuestClaimRequest): Promise<AuthResponse> {
  return assertSession(await api.post<AuthResponse>('/guest/claim', body));
}

export function useClaimAccount() {
  return useMutation({ mutationFn: claimAccount, onSuccess: (session) => startSession(session, 'welcome') });
}
