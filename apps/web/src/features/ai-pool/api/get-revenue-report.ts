import type { AiPoolRevenueReport } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/downloads';
import { aiPoolQueryKey } from './ai-pool-query-key';

export interface ReportRange {
  start_date: string;
  end_date: string;
}

const reportPath = (range: ReportRange, format: 'json' | 'csv') =>
  `/ai-token-payments/revenue-report?${new URLSearchParams({ ...range, format })}`;

export function getRevenueReport(range: ReportRange): Promise<AiPoolRevenueReport> {
  return api.get<AiPoolRevenueReport>(reportPath(range, 'json'));
}

/** The pool's money per day over a range. */
export function useRevenueReport(range: ReportRange | null) {
  return useQuery({
    queryKey: [...aiPoolQueryKey, 'report', range],
    queryFn: () => getRevenueReport(range as ReportRange),
    enabled: range !== null,
  });
}

/** Saves the same report as a CSV file. */
export async function downloadRevenueCsv(range: ReportRange): Promise<void> {
  const blob = await api.blob(reportPath(range, 'csv'));
  saveBlob(blob, `ai-pool-revenue-${range.start_date}-to-${range.end_date}.csv`);
}
