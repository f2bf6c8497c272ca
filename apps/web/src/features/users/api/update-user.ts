import type { AdminUserUpdate, PublicUser } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';

export type UserUpdate = AdminUserUpdate & { id: string };

/** PUT /admin/users/{id}: a new role or a suspension (403 for one's own account). Either ends the user's sessions. */
export function updateUser({ id, ...body }: UserUpdate): Promise<{ message: string; user: PublicUser }> {
  return api.put<{ message: string; user: PublicUser }>(`/admin/users/${encodeURIComponent(id)}`, body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
