import { api } from '@/lib/api-client';
import { useCartMutation } from '@/lib/cart/cart-cache';
import type { Cart } from '@/lib/cart/get-cart';

export function clearCart(): Promise<Cart> {
  return api.delete<Cart>('/cart/clear');
}

export function useClearCart() {
  return useCartMutation(clearCart);
}
