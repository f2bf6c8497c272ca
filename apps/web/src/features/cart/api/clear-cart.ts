import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCartCache } from '@/lib/cart/cart-cache';
import type { Cart } from '@/lib/cart/get-cart';

export function clearCart(): Promise<Cart> {
  return api.delete<Cart>('/cart/clear');
}

export function useClearCart() {
  const cache = useCartCache();
  return useMutation({
    mutationFn: clearCart,
    onMutate: cache.begin,
    onSuccess: (cart, _variables, context) => cache.settle(cart, context),
    onError: (_error, _variables, context) => cache.settle(undefined, context),
  });
}
