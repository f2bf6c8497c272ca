import type { AddToCartRequest } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCartCache } from './cart-cache';
import type { Cart } from './get-cart';

/** Adds to the quantity of a product already in the cart (spec §4). */
export function addToCart(body: AddToCartRequest): Promise<Cart> {
  return api.post<Cart>('/cart/add', body);
}

export function useAddToCart() {
  const cache = useCartCache();
  return useMutation({
    mutationFn: addToCart,
    onMutate: cache.begin,
    onSuccess: (cart, _variables, context) => cache.settle(cart, context),
    onError: (_error, _variables, context) => cache.settle(undefined, context),
  });
}
