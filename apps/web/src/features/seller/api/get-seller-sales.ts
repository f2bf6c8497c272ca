import type { SellerSales } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { sellerQueryKey } from './seller-query-key';

export const SALES_CHART_DAYS = 30;

export function getSellerSales(days: number): Promise<SellerSales> {
  return api.get<SellerSales>(`/seller/dashboard/sales?days=${days}`);
}

/** Units sold and earnings per day, oldest first. */
export function useSellerSales(days = SALES_CHART_DAYS) {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(sellerQueryKey, viewerId, 'sales', days), queryFn: () => getSellerSales(days) });
}
