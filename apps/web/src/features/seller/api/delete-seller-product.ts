import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sellerQueryKey } from './seller-query-key';

/** DELETE /seller/products/{id}: off the marketplace; buyers who paid keep their downloads. */
export function deleteSellerProduct(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/seller/products/${encodeURIComponent(id)}`);
}

export function useDeleteSellerProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSellerProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerQueryKey }),
  });
}
