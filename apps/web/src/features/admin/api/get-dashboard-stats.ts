import type { AdminDashboardStats } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { adminQueryKey } from './admin-query-key';

export function getDashboardStats(): Promise<AdminDashboardStats> {
  return api.get<AdminDashboardStats>('/admin/dashboard/stats');
}

export function useDashboardStats() {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(adminQueryKey, viewerId, 'dashboard'), queryFn: getDashboardStats });
}
