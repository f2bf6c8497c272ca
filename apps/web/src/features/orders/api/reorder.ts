import type { OrderItemView } from '@app/shared';
import { addToCart } from '@/lib/cart/add-to-cart';
import { useCartMutation } from '@/lib/cart/cart-cache';
import type { Cart } from '@/lib/cart/get-cart';

/**
 * Puts an earlier order's items back in the cart, one add each (quantities add up, spec §4).
 * `buyAgain` is the buyer's confirmation that products they already own go in too.
 */
export async function reorder(items: OrderItemView[], buyAgain = false): Promise<Cart | undefined> {
  let cart: Cart | undefined;
  for (const item of items) {
    cart = await addToCart({ product_id: item.product_id, quantity: item.quantity, ...(buyAgain ? { buy_again: true } : {}) });
  }
  return cart;
}

export function useReorder() {
  return useCartMutation(({ items, buyAgain }: { items: OrderItemView[]; buyAgain: boolean }) => reorder(items, buyAgain));
}
