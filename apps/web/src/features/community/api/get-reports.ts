import type { ForumReport } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export interface ReportPage {
  reports: ForumReport[];
  total: number;
  page: number;
  pages: number;
}

export function getOpenReports(page: number): Promise<ReportPage> {
  return api.get<ReportPage>(`/community/reports?page=${page}&limit=20`);
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
