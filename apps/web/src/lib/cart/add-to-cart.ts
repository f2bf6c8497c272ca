import type { AddToCartRequest } from '@app/shared';
import { api } from '@/lib/api-client';
import { useCartMutation } from './cart-cache';
import type { Cart } from './get-cart';

/** Adds to the quantity of a product already in the cart (spec §4). */
export function addToCart(body: AddToCartRequest): Promise<Cart> {
  return api.post<Cart>('/cart/add', body);
}

export function useAddToCart() {
  return useCartMutation(addToCart);
}
