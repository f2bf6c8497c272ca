import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCartCache } from '@/lib/cart/cart-cache';
import type { Cart } from '@/lib/cart/get-cart';

/** A new code replaces the one applied before (spec §4). */
export function applyPromo(code: string): Promise<Cart> {
  return api.post<Cart>('/cart/promo', { code });
}

export function useApplyPromo() {
  const cache = useCartCache();
  return useMutation({
    mutationFn: applyPromo,
    onMutate: cache.begin,
    onSuccess: (cart, _code, context) => cache.settle(cart, context),
    onError: (_error, _code, context) => cache.settle(undefined, context),
  });
}
