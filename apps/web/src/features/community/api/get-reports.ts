import type { ForumReportList } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export function getOpenReports(page: number): Promise<ForumReportList> {
  return api.get<ForumReportList>(`/community/reports?page=${page}&limit=20`);
}

export function resolveReport(id: string): Promise<void> {
  return api.post<void>(`/community/reports/${encodeURIComponent(id)}/resolve`);
}

/** Open reports, for admins and simple admins only. */
export function useOpenReports(page: number, enabled: boolean) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(['community', 'reports'], viewerId, page),
    queryFn: () => getOpenReports(page),
    enabled,
  });
}
