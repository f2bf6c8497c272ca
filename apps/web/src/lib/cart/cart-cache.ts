import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authStore } from '@/lib/auth-store';
import { type Cart, cartQueryKey } from './get-cart';

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
