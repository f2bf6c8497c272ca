import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { adminQueryKey } from './admin-query-key';

export interface StatsDay {
  date: string;
  revenue: number;
  orders: number;
  new_users: number;
}

export interface TopProduct {
  product_id: string;
  title: string;
  units: number;
  revenue: number;
}

export interface AdminStats {
  series: StatsDay[];
  top_products: TopProduct[];
}

export function getStats(days: number): Promise<AdminStats> {
  return api.get<AdminStats>(`/admin/stats?days=${days}`);
}

export function useStats(days: number) {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(adminQueryKey, viewerId, 'stats', days), queryFn: () => getStats(days) });
}
