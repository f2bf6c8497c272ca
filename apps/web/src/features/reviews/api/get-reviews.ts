import type { PublicReview } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';

export interface ReviewPage {
  reviews: PublicReview[];
  total: number;
  page: number;
  pages: number;
  average_rating: number;
  review_count: number;
  /** The signed-in caller bought the product and has not reviewed it yet. */
  can_review: boolean;
}

export const REVIEWS_PAGE_SIZE = 5;

export function getReviews(productId: string, page: number, signal?: AbortSignal): Promise<ReviewPage> {
  return api.get<ReviewPage>(`/products/${encodeURIComponent(productId)}/reviews?page=${page}&limit=${REVIEWS_PAGE_SIZE}`, {
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
