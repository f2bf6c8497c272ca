import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { adminQueryKey } from './admin-query-key';

export interface AdminDashboardStats {
  total_users: number;
  total_buyers: number;
  total_sellers: number;
  new_users_this_week: number;
  total_products: number;
  pending_products: number;
  approved_products: number;
  rejected_products: number;
  total_orders: number;
  paid_orders: number;
  total_revenue: number;
  ai_pool_total: number;
  pending_refunds: number;
}

export function getDashboardStats(): Promise<AdminDashboardStats> {
  return api.get<AdminDashboardStats>('/admin/dashboard/stats');
}

export function useDashboardStats() {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(adminQueryKey, viewerId, 'dashboard'), queryFn: getDashboardStats });
}
