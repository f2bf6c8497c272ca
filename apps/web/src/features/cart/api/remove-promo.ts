import { api } from '@/lib/api-client';
import { useCartMutation } from '@/lib/cart/cart-cache';
import type { Cart } from '@/lib/cart/get-cart';

export function removePromo(): Promise<Cart> {
  return api.delete<Cart>('/cart/promo');
}

export function useRemovePromo() {
  return useCartMutation(removePromo);
}
