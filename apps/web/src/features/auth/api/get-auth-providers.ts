import type { AuthProviders } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getAuthProviders(): Promise<AuthProviders> {
  return api.get<AuthProviders>('/auth/providers');
}

/** Which sign-in providers the server has configured (the Google button shows only when it has a client id). */
export function useAuthProviders() {
  return useQuery({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders, staleTime: 5 * 60_000 });
}
