import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { sellerQueryKey } from './seller-query-key';

export interface SalesDay {
  /** 'YYYY-MM-DD'. */
  date: string;
  sales: number;
  revenue: number;
}

export const SALES_CHART_DAYS = 30;

export function getSellerSales(days: number): Promise<{ series: SalesDay[] }> {
  return api.get<{ series: SalesDay[] }>(`/seller/dashboard/sales?days=${days}`);
}

/** Units sold and earnings per day, oldest first. */
export function useSellerSales(days = SALES_CHART_DAYS) {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(sellerQueryKey, viewerId, 'sales', days), queryFn: () => getSellerSales(days) });
}
