import type { OwnedProducts } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useAuth } from './auth-store';
import { ordersQueryKey } from './orders';
import { userQueryKey, useViewerId } from './user-query-key';

export function getOwnedProducts(): Promise<OwnedProducts> {
  return api.get<OwnedProducts>('/orders/owned-products');
}

/**
 * The ids of the products the signed-in buyer owns (paid, not refunded). Asked of its own
 * per-user route, never mixed into the shared catalogue answers; kept under the orders key, so a
 * new purchase (which refreshes the orders) refreshes it too. Visitors own nothing and ask nothing.
 */
export function useOwnedProducts(): ReadonlySet<string> {
  const auth = useAuth();
  const viewerId = useViewerId();
  const query = useQuery({
    queryKey: userQueryKey(ordersQueryKey, viewerId, 'owned'),
    queryFn: getOwnedProducts,
    enabled: auth.status === 'authenticated',
    select: (data) => new Set(data.product_ids),
  });
  return query.data ?? NONE;
}

const NONE: ReadonlySet<string> = new Set();

/** Where an owned product's files are: the orders page, opened on that product's download. */
export function libraryDownloadPath(productId: string): string {
  return `/orders?download=${encodeURIComponent(productId)}`;
}
