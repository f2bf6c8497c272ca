import type { VersionSubmitted } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { sellerQueryKey } from './seller-query-key';

export interface VersionUpload {
  productId: string;
  formData: FormData;
  onProgress?: (fraction: number) => void;
}

/** POST /seller/products/{id}/versions (multipart: label, changelog, files); the version waits for review. */
export function submitProductVersion({ productId, formData, onProgress }: VersionUpload): Promise<VersionSubmitted> {
  return uploadWithProgress<VersionSubmitted>(`/seller/products/${encodeURIComponent(productId)}/versions`, formData, {
    onProgress,
  });
}

export function useSubmitProductVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitProductVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerQueryKey }),
  });
}
