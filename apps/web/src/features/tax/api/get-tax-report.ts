import type { TaxReport } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/downloads';

/** The tax report of a month (YYYY-MM): per billing country, refunds netted out. */
export function useTaxReport(month: string) {
  return useQuery({
    queryKey: ['admin', 'tax-report', month],
    queryFn: () => api.get<TaxReport>(`/admin/tax-report?month=${encodeURIComponent(month)}`),
    enabled: /^\d{4}-\d{2}$/.test(month),
  });
}

/** Saves the same report as a CSV file, for the admin's accountant. */
export async function downloadTaxReportCsv(month: string): Promise<void> {
  const blob = await api.blob(`/admin/tax-report?month=${encodeURIComponent(month)}&format=csv`);
  saveBlob(blob, `tax-report-${month}.csv`);
}
