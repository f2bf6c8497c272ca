import type { ReviewList } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';

export const REVIEWS_PAGE_SIZE = 5;

export function getReviews(productId: string, page: number, signal?: AbortSignal): Promise<ReviewList> {
  return api.get<ReviewList>(`/products/${encodeURIComponent(productId)}/reviews?page=${page}&limit=${REVIEWS_PAGE_SIZE}`, {
    signal,
  });
}

/** `can_review` depends on who asks, so the viewer is part of the key. */
export const reviewsQueryKey = (productId: string, viewer: string | null) =>
  ['reviews', productId, viewer ?? 'anonymous'] as const;

export function useReviews(productId: string, page: number) {
  const auth = useAuth();
  return useQuery({
    queryKey: [...reviewsQueryKey(productId, auth.user?.id ?? null), page],
    queryFn: ({ signal }) => getReviews(productId, page, signal),
    // Wait for the session, or a buyer would first be answered as a visitor (no form).
    enabled: auth.status !== 'loading',
    placeholderData: keepPreviousData,
  });
}
