import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { productUpdatesQueryKey } from './product-updates-query-key';

interface ProductChoice {
  id: string;
  title: string;
}

/** The seller's products to write an update about (titles only), the 100 newest. */
export function useSellerProductChoices(enabled: boolean) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(productUpdatesQueryKey, viewerId, 'products'),
    queryFn: async () => {
      const list = await api.get<{ products: ProductChoice[] }>('/seller/products?page=1&limit=100');
      return list.products.map(({ id, title }) => ({ id, title }));
    },
    enabled,
  });
}
