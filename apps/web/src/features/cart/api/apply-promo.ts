import { api } from '@/lib/api-client';
import { useCartMutation } from '@/lib/cart/cart-cache';
import type { Cart } from '@/lib/cart/get-cart';

/** A new code replaces the one applied before (spec §4). */
export function applyPromo(code: string): Promise<Cart> {
  return api.post<Cart>('/cart/promo', { code });
}

export function useApplyPromo() {
  return useCartMutation(applyPromo);
}
