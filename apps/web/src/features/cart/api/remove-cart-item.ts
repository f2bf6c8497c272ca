import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCartCache, withQuantity } from '@/lib/cart/cart-cache';
import type { Cart } from '@/lib/cart/get-cart';

export function removeCartItem(productId: string): Promise<Cart> {
  return api.delete<Cart>(`/cart/items/${encodeURIComponent(productId)}`);
}

/** The line disappears at once; the server's cart replaces the guess when it answers. */
export function useRemoveCartItem() {
  const cache = useCartCache();
  return useMutation({
    mutationFn: removeCartItem,
    onMutate: async (productId) => {
      const context = await cache.begin();
      const current = cache.read();
      if (current) cache.show(withQuantity(current, productId, 0));
      return context;
    },
    onSuccess: (cart, _productId, context) => cache.settle(cart, context),
    onError: (_error, _productId, context) => cache.settle(undefined, context),
  });
}
