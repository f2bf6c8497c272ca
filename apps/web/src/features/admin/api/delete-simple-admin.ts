import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { simpleAdminsKey } from './get-simple-admins';

/** DELETE /super-admin/simple-admins/{id}. */
export function deleteSimpleAdmin(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/super-admin/simple-admins/${encodeURIComponent(id)}`);
}

export function useDeleteSimpleAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSimpleAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simpleAdminsKey }),
  });
}
