import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCartCache, withQuantity } from '@/lib/cart/cart-cache';
import type { Cart } from '@/lib/cart/get-cart';

export interface UpdateCartItemRequest {
  productId: string;
  /** 0 or less removes the line (spec §4). */
  quantity: number;
}

export function updateCartItem({ productId, quantity }: UpdateCartItemRequest): Promise<Cart> {
  return api.put<Cart>(`/cart/items/${encodeURIComponent(productId)}`, { quantity });
}

/** Shows the new quantity and totals at once; the server's cart replaces them when it answers. */
export function useUpdateCartItem() {
  const cache = useCartCache();
  return useMutation({
    mutationFn: updateCartItem,
    onMutate: async ({ productId, quantity }) => {
      const context = await cache.begin();
      const current = cache.read();
      if (current) cache.show(withQuantity(current, productId, quantity));
      return context;
    },
    onSuccess: (cart, _variables, context) => cache.settle(cart, context),
    onError: (_error, _variables, context) => cache.settle(undefined, context),
  });
}
