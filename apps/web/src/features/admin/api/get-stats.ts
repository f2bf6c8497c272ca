import type { AdminStatsOverTime } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { adminQueryKey } from './admin-query-key';

export function getStats(days: number): Promise<AdminStatsOverTime> {
  return api.get<AdminStatsOverTime>(`/admin/stats?days=${days}`);
}

export function useStats(days: number) {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(adminQueryKey, viewerId, 'stats', days), queryFn: () => getStats(days) });
}
