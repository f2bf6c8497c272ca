import type { ListedProduct } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { simpleAdminCall } from '../lib/simple-admin-client';
import type { ProductUpload } from './create-simple-admin-product';
import { simpleAdminQueryKey } from './simple-admin-query-key';

/** PUT /simple-admin/products/{id} (multipart); the product goes back to pending. */
export function updateSimpleAdminProduct({ id, formData, onProgress }: ProductUpload & { id: string }): Promise<ListedProduct> {
  return simpleAdminCall(() =>
    uploadWithProgress<ListedProduct>(`/simple-admin/products/${encodeURIComponent(id)}`, formData, {
      method: 'PUT',
      onProgress,
    }),
  );
}

export function useUpdateSimpleAdminProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSimpleAdminProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simpleAdminQueryKey }),
  });
}
