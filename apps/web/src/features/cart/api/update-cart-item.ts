import { api } from '@/lib/api-client';
import { useCartMutation } from '@/lib/cart/cart-cache';
import { withQuantity } from '@/lib/cart/cart-guess';
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
  return useCartMutation(updateCartItem, (cart, { productId, quantity }) => withQuantity(cart, productId, quantity));
}
