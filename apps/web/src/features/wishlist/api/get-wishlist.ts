import type { Wishlist } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';

/** One cache entry per user, shared by the page and every toggle button so they stay in step. */
export const wishlistQueryKey = (userId: string) => ['wishlist', userId] as const;

export function getWishlist(): Promise<Wishlist> {
  return api.get<Wishlist>('/wishlist');
}

/** The signed-in user's wishlist; visitors make no call. */
export function useWishlist() {
  const auth = useAuth();
  const query = useQuery({
    queryKey: wishlistQueryKey(auth.user?.id ?? 'anonymous'),
    queryFn: getWishlist,
    enabled: auth.status === 'authenticated',
  });
  return { ...query, userId: auth.user?.id ?? null };
}
