import type { ListedProduct } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { simpleAdminCall } from '../lib/simple-admin-client';
import { simpleAdminQueryKey } from './simple-admin-query-key';

export interface ProductUpload {
  formData: FormData;
  onProgress?: (fraction: number) => void;
}

/** POST /simple-admin/products (multipart); pending until a super admin approves it. */
export function createSimpleAdminProduct({ formData, onProgress }: ProductUpload): Promise<ListedProduct> {
  return simpleAdminCall(() => uploadWithProgress<ListedProduct>('/simple-admin/products', formData, { onProgress }));
}

export function useCreateSimpleAdminProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSimpleAdminProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simpleAdminQueryKey }),
  });
}
