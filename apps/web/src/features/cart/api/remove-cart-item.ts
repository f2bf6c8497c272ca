import { api } from '@/lib/api-client';
import { useCartMutation } from '@/lib/cart/cart-cache';
import { withQuantity } from '@/lib/cart/cart-guess';
import type { Cart } from '@/lib/cart/get-cart';

export function removeCartItem(productId: string): Promise<Cart> {
  return api.delete<Cart>(`/cart/items/${encodeURIComponent(productId)}`);
}

/** The line disappears at once; the server's cart replaces the guess when it answers. */
export function useRemoveCartItem() {
  return useCartMutation(removeCartItem, (cart, productId) => withQuantity(cart, productId, 0));
}
