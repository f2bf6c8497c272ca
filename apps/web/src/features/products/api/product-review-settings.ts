import type { ProductReviewSettings } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export function getProductReviewSettings(): Promise<ProductReviewSettings> {
  return api.get<ProductReviewSettings>('/admin/product-changes/settings');
}

/** How many changed characters a description-only edit may have to publish without review (0: never). */
export function useProductReviewSettings() {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(adminQueryKey, viewerId, 'product-review-settings'),
    queryFn: getProductReviewSettings,
  });
}

export function saveProductReviewSettings(settings: ProductReviewSettings): Promise<ProductReviewSettings & { message: string }> {
  return api.put<ProductReviewSettings & { message: string }>('/admin/product-changes/settings', settings);
}

export function useSaveProductReviewSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProductReviewSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
