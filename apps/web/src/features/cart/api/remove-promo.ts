import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCartCache } from '@/lib/cart/cart-cache';
import type { Cart } from '@/lib/cart/get-cart';

export function removePromo(): Promise<Cart> {
  return api.delete<Cart>('/cart/promo');
}

export function useRemovePromo() {
  const cache = useCartCache();
  return useMutation({
    mutationFn: removePromo,
    onMutate: cache.begin,
    onSuccess: (cart, _variables, context) => cache.settle(cart, context),
    onError: (_error, _variables, context) => cache.settle(undefined, context),
  });
}
