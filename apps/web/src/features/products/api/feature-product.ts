import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';

/** PUT /admin/products/{id}/feature {featured}; only approved products can be featured. */
export function featureProduct({ id, featured }: { id: string; featured: boolean }): Promise<{ message: string }> {
  return api.put<{ message: string }>(`/admin/products/${encodeURIComponent(id)}/feature`, { featured });
}

export function useFeatureProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: featureProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
