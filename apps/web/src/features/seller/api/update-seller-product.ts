import type { ListedProduct } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import type { ProductUpload } from './create-seller-product';
import { sellerQueryKey } from './seller-query-key';

/** PUT /seller/products/{id} (multipart): new images replace the old, new files are added; back to pending review. */
export function updateSellerProduct({ id, formData, onProgress }: ProductUpload & { id: string }): Promise<ListedProduct> {
  return uploadWithProgress<ListedProduct>(`/seller/products/${encodeURIComponent(id)}`, formData, {
    method: 'PUT',
    onProgress,
  });
}

export function useUpdateSellerProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSellerProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerQueryKey }),
  });
}
