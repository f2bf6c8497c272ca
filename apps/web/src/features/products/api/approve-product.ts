import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';

/** PUT /admin/products/{id}/approve: the product goes live and the seller is told. */
export function approveProduct(id: string): Promise<{ message: string }> {
  return api.put<{ message: string }>(`/admin/products/${encodeURIComponent(id)}/approve`);
}

export function useApproveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
