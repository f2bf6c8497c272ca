import type { Wishlist } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { wishlistQueryKey } from './get-wishlist';

export function addToWishlist(productId: string): Promise<Wishlist> {
  return api.post<Wishlist>('/wishlist/add', { product_id: productId });
}

/** Adding twice is harmless on the server; the answer is the whole list, which replaces the cached one. */
export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWishlist,
    onSuccess: ({ items, products, total }) => {
      const { user } = authStore.getState();
      if (user) queryClient.setQueryData<Wishlist>(wishlistQueryKey(user.id), { items, products, total });
    },
  });
}
