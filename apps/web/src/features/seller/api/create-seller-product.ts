import type { ListedProduct } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { sellerQueryKey } from './seller-query-key';

export interface ProductUpload {
  formData: FormData;
  onProgress?: (fraction: number) => void;
}

/** POST /seller/products (multipart); the new product waits for review. */
export function createSellerProduct({ formData, onProgress }: ProductUpload): Promise<ListedProduct> {
  return uploadWithProgress<ListedProduct>('/seller/products', formData, { onProgress });
}

export function useCreateSellerProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSellerProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerQueryKey }),
  });
}
