import type { PublicUser } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export async function getMe(): Promise<PublicUser> {
  const user = await api.get<PublicUser>('/users/me');
  authStore.setUser(user);
  return user;
}

/** Re-reads the signed-in user so the profile page never edits a stale copy. */
export function useMe() {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(['users', 'me'], viewerId), queryFn: getMe });
}
