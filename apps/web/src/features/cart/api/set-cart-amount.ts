import { api } from '@/lib/api-client';
import { useCartMutation } from '@/lib/cart/cart-cache';
import type { Cart } from '@/lib/cart/get-cart';

export interface SetCartAmountRequest {
  productId: string;
  /** The amount per unit, in dollars, chosen for a pay-what-you-want product. */
  amount: number;
}

/** Changes the amount the buyer pays for a pay-what-you-want line; the server checks it against the minimum. */
export function setCartAmount({ productId, amount }: SetCartAmountRequest): Promise<Cart> {
  return api.put<Cart>(`/cart/items/${encodeURIComponent(productId)}`, { amount });
}

/** No guess: the totals (and a promo's share of them) are the server's to work out. */
export function useSetCartAmount() {
  return useCartMutation(setCartAmount);
}
