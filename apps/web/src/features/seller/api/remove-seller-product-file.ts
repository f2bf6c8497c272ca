import type { ListedProduct } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sellerQueryKey } from './seller-query-key';

/** DELETE /seller/products/{id}/files/{fileId}: removes one file (to replace it); the product goes back to review. */
export function removeSellerProductFile({ productId, fileId }: { productId: string; fileId: string }): Promise<ListedProduct> {
  return api.delete<ListedProduct>(`/seller/products/${encodeURIComponent(productId)}/files/${encodeURIComponent(fileId)}`);
}

export function useRemoveSellerProductFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSellerProductFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerQueryKey }),
  });
}
