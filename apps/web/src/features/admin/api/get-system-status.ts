import type { AdminSystemStatus } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { adminQueryKey } from './admin-query-key';

export function getSystemStatus(): Promise<AdminSystemStatus> {
  return api.get<AdminSystemStatus>('/admin/system-status');
}

/** The console footer's uptime and users online, measured by the server and renewed every minute. */
export function useSystemStatus() {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(adminQueryKey, viewerId, 'system-status'),
    queryFn: getSystemStatus,
    refetchInterval: 60_000,
  });
}
