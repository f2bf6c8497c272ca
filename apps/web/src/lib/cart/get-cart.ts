import type { CartResponse } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';

/** What every cart call answers: the whole cart, priced by the server. */
/** The cart with the server's note about a promo code it dropped. */
export type Cart = CartResponse;

export const EMPTY_CART: Cart = {
  items: [],
  totalItems: 0,
  subtotal: 0,
  discount: 0,
  tax: 0,
  shippingCost: 0,
  total: 0,
  promoCode: null,
  promo_notice: null,
};

/** Per user (spec §4: the cart is kept per user and reloaded when the user changes). */
export const cartQueryKey = (userId: string) => ['cart', userId] as const;

export function getCart(): Promise<Cart> {
  return api.get<Cart>('/cart');
}

/**
 * The signed-in user's cart, which lives on the server and so follows them across browsers.
 * Visitors have an empty cart and make no call.
 */
export function useCart() {
  const auth = useAuth();
  const userId = auth.user?.id ?? 'anonymous';
  const query = useQuery({
    queryKey: cartQueryKey(userId),
    queryFn: getCart,
    enabled: auth.status === 'authenticated',
    // Changes made in another browser show up when the user comes back to this one.
    refetchOnWindowFocus: true,
  });
  return {
    ...query,
    cart: query.data ?? EMPTY_CART,
    /** True while the first answer for a signed-in user is on its way. */
    isLoading: auth.status === 'loading' || (auth.status === 'authenticated' && query.isPending),
    userId: auth.user?.id ?? null,
  };
}
