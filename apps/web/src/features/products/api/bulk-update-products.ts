import type { BulkUpdate } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';

/** POST /admin/products/bulk-update: all or nothing. */
export function bulkUpdateProducts(body: BulkUpdate): Promise<{ message: string; updated: number }> {
  return api.post<{ message: string; updated: number }>('/admin/products/bulk-update', body);
}

export function useBulkUpdateProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateProducts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
