import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productUpdatesQueryKey } from './product-updates-query-key';

export function deleteProductUpdate(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/admin/product-updates/${encodeURIComponent(id)}`);
}

/** An admin removes an update: hidden from the product page, and e-mails not yet sent are not sent. */
export function useDeleteProductUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProductUpdate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productUpdatesQueryKey }),
  });
}
