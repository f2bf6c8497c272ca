import type { PublicReview, ReviewRequest } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function createReview(productId: string, body: ReviewRequest): Promise<PublicReview> {
  return api.post<PublicReview>(`/products/${encodeURIComponent(productId)}/reviews`, body);
}

/** A new review changes the list, the product's rating and whether the form shows. */
export function useCreateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewRequest) => createReview(productId, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reviews', productId] }),
        queryClient.invalidateQueries({ queryKey: ['products', 'detail', productId] }),
      ]);
    },
  });
}
