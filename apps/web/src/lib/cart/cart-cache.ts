import { type CartLine, computeCartTotals, type PromoRule } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authStore } from '@/lib/auth-store';
import { type Cart, cartQueryKey } from './get-cart';

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (value: number) => value / 100;

/**
 * The cart with one line's quantity changed (0 removes it), totals recomputed with the same
 * maths the server uses. The applied promo is carried over as the share or amount it was; the
 * server's answer replaces this guess moments later.
 */
export function withQuantity(cart: Cart, productId: string, quantity: number): Cart {
  const items =
    quantity <= 0
      ? cart.items.filter((item) => item.product_id !== productId)
      : cart.items.map((item) => (item.product_id === productId ? { ...item, quantity } : item));
  const lines: CartLine[] = items.map((item) => ({
    productId: item.product_id,
    priceCents: cents(item.price),
    originalPriceCents: item.originalPrice === null ? null : cents(item.originalPrice),
    quantity: item.quantity,
  }));
  let promo: PromoRule | null = null;
  if (cart.promoCode && cart.subtotal > 0) {
    promo =
      cart.promoCode.type === 'percent'
        ? { code: cart.promoCode.code, kind: 'percent', value: (cart.promoCode.discount / cart.subtotal) * 100, productId: null }
        : { code: cart.promoCode.code, kind: 'fixed', value: cents(cart.promoCode.discount), productId: null };
  }
  const totals = computeCartTotals(lines, promo);
  return {
    ...cart,
    items,
    totalItems: totals.totalItems,
    subtotal: dollars(totals.subtotalCents),
    discount: dollars(totals.discountCents),
    total: dollars(totals.totalCents),
    promoCode: cart.promoCode && { ...cart.promoCode, discount: dollars(totals.promoCents) },
  };
}

function currentKey() {
  const { user } = authStore.getState();
  return user ? cartQueryKey(user.id) : null;
}

/** Numbers cart changes as they start, so only the answer to the latest one is kept. */
let latestChange = 0;

export interface CartChange {
  change: number;
}

/**
 * Helpers the cart mutations share. Each change starts with `begin` (stopping any cart read in
 * flight), may show a guess with `show`, and ends with `settle`: the server's cart is kept only
 * when no later change started meanwhile, since that one's answer will be newer.
 */
export function useCartCache() {
  const queryClient = useQueryClient();
  const read = useCallback(() => {
    const key = currentKey();
    return key ? queryClient.getQueryData<Cart>(key) : undefined;
  }, [queryClient]);
  const begin = useCallback(async (): Promise<CartChange> => {
    latestChange += 1;
    const change = latestChange;
    await queryClient.cancelQueries({ queryKey: ['cart'] });
    return { change };
  }, [queryClient]);
  const show = useCallback(
    (cart: Cart) => {
      const key = currentKey();
      if (key) queryClient.setQueryData(key, cart);
    },
    [queryClient],
  );
  const settle = useCallback(
    (cart: Cart | undefined, context: CartChange | undefined) => {
      const key = currentKey();
      if (!key || (context && context.change !== latestChange)) return;
      if (cart) queryClient.setQueryData(key, cart);
      else void queryClient.invalidateQueries({ queryKey: ['cart'] });
    },
    [queryClient],
  );
  return { read, begin, show, settle };
}

/**
 * A cart change as a mutation: `begin`, then (with `guess`) the guessed cart shown at once, then
 * `settle` with the server's cart, or a fresh read when the change failed.
 */
export function useCartMutation<V = void, R extends Cart | undefined = Cart>(
  mutationFn: (variables: V) => Promise<R>,
  guess?: (cart: Cart, variables: V) => Cart,
) {
  const cache = useCartCache();
  return useMutation({
    mutationFn,
    onMutate: async (variables: V) => {
      const context = await cache.begin();
      const current = guess ? cache.read() : undefined;
      if (guess && current) cache.show(guess(current, variables));
      return context;
    },
    onSuccess: (cart, _variables, context) => cache.settle(cart, context),
    onError: (_error, _variables, context) => cache.settle(undefined, context),
  });
}
