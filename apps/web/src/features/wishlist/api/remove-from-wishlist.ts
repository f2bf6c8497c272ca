import type { Wishlist } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { wishlistQueryKey } from './get-wishlist';

export function removeFromWishlist(productId: string): Promise<Wishlist> {
  return api.delete<Wishlist>(`/wishlist/remove/${encodeURIComponent(productId)}`);
}

/** The answer is the whole remaining list, which replaces the cached one. */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    onSuccess: ({ items, products, total }) => {
      const { user } = authStore.getState();
      if (user) queryClient.setQueryData<Wishlist>(wishlistQueryKey(user.id), { items, products, total });
    },
  });
}
