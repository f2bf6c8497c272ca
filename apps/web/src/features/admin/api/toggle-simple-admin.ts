import type { PublicUser } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { simpleAdminsKey } from './get-simple-admins';

/** PUT /super-admin/simple-admins/{id}/toggle-status {is_active}. */
export function toggleSimpleAdmin({
  id,
  is_active,
}: {
  id: string;
  is_active: boolean;
}): Promise<{ message: string; simple_admin: PublicUser }> {
  return api.put(`/super-admin/simple-admins/${encodeURIComponent(id)}/toggle-status`, { is_active });
}

export function useToggleSimpleAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleSimpleAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simpleAdminsKey }),
  });
}
